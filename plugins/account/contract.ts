// The account plugin's calls and limits, shared by its browser and server halves.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../../kernel/contract/validation.ts';
import { UserResponse } from '../auth/contract.ts';

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
