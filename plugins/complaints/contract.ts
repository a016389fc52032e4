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
