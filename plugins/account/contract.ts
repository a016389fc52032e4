// The account plugin's calls and limits, shared by its browser and server halves.

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

export interface ResetRequest { email: string }
export interface ResetDoRequest { token: string; password: string; password_confirmation: string }
export interface PasswordChangeRequest { old_password: string; password: string }
export interface MailChangeRequest { email: string; password: string }
export interface MailChangeDoRequest { token: string }
export interface DeleteRequest { reason: DeleteReason; comment?: string; password: string }
export interface OkResponse { ok: true }
