/**
 * Email addresses we accept: one @, a dot in the domain, no spaces, at most 254 characters.
 * Deliberately simple (the confirmation mail is the real test), and the same in browser and server.
 */
export const EMAIL_MAX = 254;
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
export const isValidEmail = (email: string) => email.length <= EMAIL_MAX && EMAIL.test(email.trim());

/** Passwords: long enough to resist guessing; the upper bound keeps hashing cheap. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
