/**
 * Email addresses we accept: a conservative, practical subset of RFC 5322's addr-spec, the one
 * check used by signup, login, reset, e-mail change (browser and server) and by the mailer itself.
 * Local part: dot-atom of letters, digits and !#$%&'*+/=?^_`{|}~- (at most 64 characters, no
 * leading, trailing or double dot); domain: LDH labels (1–63 characters, no hyphen at either end)
 * with a letter-only top-level label; at most 254 characters in all. No quotes, angle brackets,
 * commas, spaces or control characters: nothing a mail library could read as a second recipient.
 * Checks the string exactly as given: trim it first (normaliseEmail) where user input may carry spaces.
 */
export const EMAIL_MAX = 254;
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);
export const isValidEmail = (email: unknown): email is string =>
  typeof email === 'string' && email.length <= EMAIL_MAX && email.indexOf('@') <= 64 && EMAIL.test(email);
/** How addresses are stored and compared: surrounding spaces removed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Passwords: long enough to resist guessing; the upper bound keeps hashing cheap. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
