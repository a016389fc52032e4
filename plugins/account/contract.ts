// The account plugin's calls and limits, shared by its browser and server halves.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../../kernel/contract/validation.ts';
import { UserResponse } from '../auth/contract.ts';
import { ConsolePhoto, ConsoleProfile, ConsoleReport } from '../members/contract.ts';

/** A member who deletes the account can come back through the emailed link for this many days. */
export const REACTIVATION_DAYS = 14;
export const ACTIVATION_LINK_DAYS = 14;
export const RESET_LINK_HOURS = 2;
export const MAIL_CHANGE_LINK_HOURS = 24;
/** Per-account mail limits (per IP limits come on top). */
export const MAX_RESET_MAILS_PER_DAY = 3;
export const MAX_ACTIVATION_MAILS_PER_DAY = 5;

export const DELETE_REASONS = ['found_partner', 'not_enough_replies', 'too_expensive', 'taking_break', 'privacy', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });
/** A one-time link's token. */
const Token = Type.String({ minLength: 1, maxLength: 200 });
const NoBody = Type.Object({}, { additionalProperties: false });
export const OkResponse = Type.Object({ ok: Type.Literal(true) });
export type OkResponse = Static<typeof OkResponse>;

/** GET /api/activate.php?token=…: the link of the activation mail (confirms, then redirects to the result page). */
export const activateLink = endpoint({
  method: 'GET', path: '/api/activate.php', access: 'visitor', raw: true,
  query: Type.Object({ token: Type.Optional(Token) }),
});

/** POST /api/activate.php: sends the activation mail again. */
export const resendActivation = endpoint({
  method: 'POST', path: '/api/activate.php', access: 'member',
  body: NoBody,
  response: OkResponse,
});

/** POST /api/reset-password.php: mails a password-reset link. */
export const requestReset = endpoint({
  method: 'POST', path: '/api/reset-password.php', access: 'visitor',
  body: Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }) }, { additionalProperties: false }),
  response: OkResponse,
});
export type ResetRequest = Static<typeof requestReset.body>;

/** GET /api/reset-password.php?token=…: whether a reset link still works (before the member types a password). */
export const checkReset = endpoint({
  method: 'GET', path: '/api/reset-password.php', access: 'visitor',
  query: Type.Object({ token: Token }),
  response: OkResponse,
});

/** PUT /api/reset-password.php: sets the new password through the reset link and logs in. */
export const resetPassword = endpoint({
  method: 'PUT', path: '/api/reset-password.php', access: 'visitor',
  body: Type.Object({ token: Token, password: Password, password_confirmation: Password }, { additionalProperties: false }),
  response: UserResponse,
});
export type ResetDoRequest = Static<typeof resetPassword.body>;

/** PUT /api/password.php: changes the password (the old one first). */
export const changePassword = endpoint({
  method: 'PUT', path: '/api/password.php', access: 'member',
  body: Type.Object({ old_password: Password, password: Password }, { additionalProperties: false }),
  response: OkResponse,
});
export type PasswordChangeRequest = Static<typeof changePassword.body>;

const MailChangeResponse = Type.Object({ ok: Type.Literal(true), email: Type.String() });

/** POST /api/mail-change.php: mails a confirmation link to the new address. */
export const requestMailChange = endpoint({
  method: 'POST', path: '/api/mail-change.php', access: 'member',
  body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 400 }), password: Password }, { additionalProperties: false }),
  response: MailChangeResponse,
});
export type MailChangeRequest = Static<typeof requestMailChange.body>;

/** POST /api/mail-change-do.php: the link from the mail-change mail (a POST, so mail scanners cannot). */
export const confirmMailChange = endpoint({
  method: 'POST', path: '/api/mail-change-do.php', access: 'visitor',
  body: Type.Object({ token: Token }, { additionalProperties: false }),
  response: MailChangeResponse,
});
export type MailChangeDoRequest = Static<typeof confirmMailChange.body>;

/** POST /api/account-delete.php: deactivates the account at once; the mailed link undoes it within REACTIVATION_DAYS. */
export const deleteAccount = endpoint({
  method: 'POST', path: '/api/account-delete.php', access: 'member',
  body: Type.Object({
    reason: Type.Enum(DELETE_REASONS),
    comment: Type.Optional(Type.String({ maxLength: 1000, multiline: true })),
    password: Password,
  }, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true), days: Type.Integer() }),
});
export type DeleteRequest = Static<typeof deleteAccount.body>;

/** GET /api/reactivate.php?token=…: the link of the deletion mail (undoes the deletion, logs in, redirects). */
export const reactivateLink = endpoint({
  method: 'GET', path: '/api/reactivate.php', access: 'visitor', raw: true,
  query: Type.Object({ token: Type.Optional(Token) }),
});

// --- The operator console: members (issue 22, part 5) ------------------------------------------
// Search, a member's page and its actions (plugins/account/server/console.ts). Operators and
// admins; credits are money: admins only.

export const MEMBERS_PAGE_SIZE = 50;
/** Credits granted or taken at once from the console, at most. */
export const CONSOLE_CREDITS_MAX = 100_000;

const Iso = Type.String({ format: 'date-time' });
const NullableIso = Type.Union([Iso, Type.Null()]);
const MemberIdParam = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const MemberIdBody = Type.Object({ id: MemberIdParam }, { additionalProperties: false });
/** Why the operator acts (kept in the audit log). */
const Reason = Type.String({ minLength: 3, maxLength: 500, multiline: true });

export const ConsoleMemberRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  /** The profile's name ('' without a profile). */
  name: Type.String(),
  status: Type.String(),
  role: Type.String(),
  /** The domain the member signed up on (null: not recorded, e.g. before it was kept). */
  domain: Type.Union([Type.String(), Type.Null()]),
  created_at: Iso,
  last_seen: NullableIso,
  deleted_at: NullableIso,
  disabled_at: NullableIso,
});
export type ConsoleMemberRow = Static<typeof ConsoleMemberRow>;

/** GET /api/operator/account/members?q=…&domain=…: members by e-mail (contains), name (contains) or id, and by signup domain; newest first. */
export const consoleMembers = endpoint({
  method: 'GET', path: '/api/operator/account/members', access: 'operator',
  query: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 200 })),
    /** The domain the members signed up on (exact); with `q` both must match. One of the two is needed (400 `search_empty`). */
    domain: Type.Optional(Type.String({ maxLength: 253 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  }, { additionalProperties: false }),
  response: Type.Object({ items: Type.Array(ConsoleMemberRow), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});
export type ConsoleMembersQuery = Static<typeof consoleMembers.query>;

export const ConsoleAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  /** 'active' (address confirmed) or 'not_confirmed'. */
  status: Type.String(),
  role: Type.String(),
  language: Type.Union([Type.String(), Type.Null()]),
  /** The domain the member signed up on (null: not recorded). */
  domain: Type.Union([Type.String(), Type.Null()]),
  created_at: Iso,
  last_seen: NullableIso,
  last_login: NullableIso,
  /** Deleted (by the member or staff): erased for good at `purge_at`, undoable until then. */
  deleted_at: NullableIso,
  purge_at: NullableIso,
  disabled_at: NullableIso,
});
export type ConsoleAccount = Static<typeof ConsoleAccount>;

const LedgerEntry = Type.Object({ id: Type.Integer(), amount: Type.Integer(), balance_after: Type.Integer(), reason: Type.String(), reference: Type.Union([Type.String(), Type.Null()]), created_at: Iso });
export type ConsoleLedgerEntry = Static<typeof LedgerEntry>;

export const ConsoleMember = Type.Object({
  account: ConsoleAccount,
  profile: Type.Union([ConsoleProfile, Type.Null()]),
  photos: Type.Array(ConsolePhoto),
  reports: Type.Object({ against: Type.Array(ConsoleReport), filed: Type.Integer() }),
  credits: Type.Object({ balance: Type.Integer(), paid: Type.Boolean(), entries: Type.Array(LedgerEntry) }),
  /** Conversations the member is in (null: the chat plugin is not installed). */
  conversations: Type.Union([Type.Integer(), Type.Null()]),
  /** Addresses the member logged in from, the latest login from each. */
  logins: Type.Array(Type.Object({ ip: Type.String(), last_login: Iso })),
  /** The pending deletion's reason, when deleted. */
  deletion: Type.Union([Type.Object({ reason: Type.String(), comment: Type.String(), requested_at: Iso }), Type.Null()]),
});
export type ConsoleMember = Static<typeof ConsoleMember>;

/** GET /api/operator/account/member?id=…: everything the member's page shows. */
export const consoleMember = endpoint({
  method: 'GET', path: '/api/operator/account/member', access: 'operator',
  query: Type.Object({ id: MemberIdParam }, { additionalProperties: false }),
  response: ConsoleMember,
});

const MemberResult = Type.Object({ member: ConsoleMember });

/** POST …/disable: the member cannot log in and every session ends (409 `staff_account`, `already_disabled`). */
export const consoleMemberDisable = endpoint({
  method: 'POST', path: '/api/operator/account/member/disable', access: 'operator',
  body: Type.Object({ id: MemberIdParam, reason: Reason }, { additionalProperties: false }), response: MemberResult,
});
/** POST …/enable: the member may log in again. */
export const consoleMemberEnable = endpoint({
  method: 'POST', path: '/api/operator/account/member/enable', access: 'operator', body: MemberIdBody, response: MemberResult,
});
/** POST …/delete: deletes as the member's own deletion does (sessions end, the mailed link undoes it within REACTIVATION_DAYS). */
export const consoleMemberDelete = endpoint({
  method: 'POST', path: '/api/operator/account/member/delete', access: 'operator',
  body: Type.Object({ id: MemberIdParam, reason: Reason }, { additionalProperties: false }), response: MemberResult,
});
/** POST …/restore: undoes a deletion within REACTIVATION_DAYS. */
export const consoleMemberRestore = endpoint({
  method: 'POST', path: '/api/operator/account/member/restore', access: 'operator', body: MemberIdBody, response: MemberResult,
});
/** POST …/reset-link: mails the member a password-reset link (the members' own reset mail). */
export const consoleMemberResetLink = endpoint({
  method: 'POST', path: '/api/operator/account/member/reset-link', access: 'operator', body: MemberIdBody, response: MemberResult,
});
/** POST …/credits: grants (amount > 0) or takes (amount < 0) credits through the ledger; admins only (money). 409 `insufficient_credits`. */
export const consoleMemberCredits = endpoint({
  method: 'POST', path: '/api/operator/account/member/credits', access: 'admin',
  body: Type.Object({
    id: MemberIdParam,
    amount: Type.Integer({ minimum: -CONSOLE_CREDITS_MAX, maximum: CONSOLE_CREDITS_MAX }),
    reason: Reason,
  }, { additionalProperties: false }),
  response: MemberResult,
});
export type ConsoleCreditsRequest = Static<typeof consoleMemberCredits.body>;
