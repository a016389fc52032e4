// What both halves of the complaints plugin share: the form's rules and its endpoint.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { LOCALES } from '../../kernel/contract/locales.ts';

/** What a complaint is about (spec: a member, a payment, the service). */
export const COMPLAINT_TOPICS = ['member', 'payment', 'service'] as const;
export const ComplaintTopic = Type.Enum(COMPLAINT_TOPICS);
export type ComplaintTopic = Static<typeof ComplaintTopic>;

/** A complaint's state; the operator console (later) moves it on. */
export const COMPLAINT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_LIMITS = {
  name: 100,
  email: 254,
  textMin: 20,
  text: 5000,
  /** Complaints (and so acknowledgement mails) per e-mail address in 24 hours. */
  perAddressPerDay: 3,
  /** Requests per IP address and hour (times RATE_LIMIT_FACTOR). */
  perIpPerHour: 10,
} as const;

/**
 * POST /api/complaints.php: a visitor or member makes a complaint; it is stored with status
 * 'open' and acknowledged by mail with its reference number. Errors name the field (`params.field`):
 * 400 `name_required`, `invalid_email`, `text_too_short`; 429 `too_many_complaints` (this address,
 * 24 h) or `rate_limited` (this IP address).
 */
export const submitComplaint = endpoint({
  method: 'POST', path: '/api/complaints.php', access: 'visitor',
  body: Type.Object({
    name: Type.String({ maxLength: COMPLAINT_LIMITS.name }),
    email: Type.String({ maxLength: COMPLAINT_LIMITS.email }),
    topic: ComplaintTopic,
    text: Type.String({ maxLength: COMPLAINT_LIMITS.text, multiline: true }),
    /** The language the form was read in: the acknowledgement's (else the visitor's locale). */
    language: Type.Optional(Type.Enum(LOCALES)),
  }, { additionalProperties: false }),
  response: Type.Object({ reference: Type.String(), email: Type.String() }),
});
export type ComplaintRequest = Static<typeof submitComplaint.body>;
export type ComplaintReceipt = Static<typeof submitComplaint.response>;

/** A complaint's reference number: "C" + year + "-" + its number, e.g. C2026-000042. */
export const complaintReference = (id: number, at: Date) => `C${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

// --- The operator console: complaints answered by mail (server/console.ts) ----------------------
export const ComplaintStatus = Type.Enum(COMPLAINT_STATUSES);
export const COMPLAINTS_PAGE_SIZE = 50;
/** An answer's text: what the operator writes, mailed as it is (paragraphs split at blank lines). */
export const ANSWER_LIMITS = { min: 10, max: 10000 } as const;

const Iso = Type.String({ format: 'date-time' });
export const ConsoleComplaint = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  domain: Type.String(),
  locale: Type.String(),
  name: Type.String(),
  email: Type.String(),
  topic: ComplaintTopic,
  text: Type.String(),
  status: ComplaintStatus,
  created_at: Iso,
  answers: Type.Integer(),
  last_answer_at: Type.Union([Iso, Type.Null()]),
});
export type ConsoleComplaint = Static<typeof ConsoleComplaint>;
export const ComplaintAnswer = Type.Object({
  id: Type.Integer(), text: Type.String(), sent_at: Iso,
  staff: Type.Union([Type.Object({ id: Type.Integer(), email: Type.String() }), Type.Null()]),
});
export type ComplaintAnswer = Static<typeof ComplaintAnswer>;
const ComplaintDetail = Type.Object({ complaint: ConsoleComplaint, answers: Type.Array(ComplaintAnswer) });
export type ComplaintDetail = Static<typeof ComplaintDetail>;

/** GET /api/operator/complaints/list: complaints by status (open first: oldest first), searched by reference, address or name. */
export const consoleComplaints = endpoint({
  method: 'GET', path: '/api/operator/complaints/list', access: 'operator',
  query: Type.Object({
    status: Type.Optional(ComplaintStatus),
    q: Type.Optional(Type.String({ maxLength: 254 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  }, { additionalProperties: false }),
  response: Type.Object({ items: Type.Array(ConsoleComplaint), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});
export type ConsoleComplaintsQuery = Static<typeof consoleComplaints.query>;

/** GET /api/operator/complaints/complaint?id=: one complaint with the answers sent. */
export const consoleComplaint = endpoint({
  method: 'GET', path: '/api/operator/complaints/complaint', access: 'operator',
  query: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }, { additionalProperties: false }),
  response: ComplaintDetail,
});

/**
 * POST /api/operator/complaints/answer: mails the answer to the complainant (in the complaint's
 * language, under its reference) and marks it answered, or closed with `close`. 400
 * `answer_too_short`; 409 `closed` for a closed complaint (reopen it first).
 */
export const consoleComplaintAnswer = endpoint({
  method: 'POST', path: '/api/operator/complaints/answer', access: 'operator',
  body: Type.Object({
    id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    text: Type.String({ maxLength: ANSWER_LIMITS.max, multiline: true }),
    close: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }),
  response: ComplaintDetail,
});

/** POST /api/operator/complaints/status: closes a complaint, or opens it again. */
export const consoleComplaintStatus = endpoint({
  method: 'POST', path: '/api/operator/complaints/status', access: 'operator',
  body: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }), status: Type.Enum(['open', 'closed']) }, { additionalProperties: false }),
  response: ComplaintDetail,
});
