import type { Locale } from '../../kernel/contract/locales.ts';

export interface UserImage { filename: string; thumb_filename: string; status: string; match: string }

export interface UserProfile {
  name: string;
  country: string;
  status: 'active' | 'disabled';
  main_image: UserImage | null;
  /** Invisible mode: hidden from search. */
  invisible?: boolean;
}

/** The logged-in member as GET/POST/PUT /api/user.php return it (spec section 3). */
export interface User {
  id: number;
  email: string;
  status: 'active' | 'not_confirmed';
  credits: number;
  paid_user: boolean;
  signup_date: string;             // ISO 8601
  language: Locale | null;
  fictional_icon: string;
  notifications_disabled: string[];
  profile: UserProfile | null;
  /** Present for operators only (members' user objects have no role field). */
  role?: 'operator';
}

export interface UserResponse { user: User }
export interface LoginRequest { email: string; password: string }
export interface LanguageRequest { language: Locale }

/**
 * Login delays instead of a hard block (README "Login protection"). Failures count for a day. From
 * the LOGIN_DELAY_AFTER-th failure of an address on an account, that address waits 2^n seconds
 * (n = failures: 32 s, 64 s, … up to LOGIN_DELAY_MAX_SECONDS) after each failure before it may try
 * again. The account's failures from every address delay only addresses that never logged in to it;
 * an address failing on many accounts is delayed from MAX_FAILURES_PER_ADDRESS failures on.
 */
export const LOGIN_DELAY_AFTER = 5;
export const LOGIN_DELAY_MAX_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_HOURS = 24;
/** After this many failures on an account (since its last link) the owner is mailed a one-time login link. */
export const LOGIN_LINK_AFTER_FAILURES = 10;
export const LOGIN_LINK_MINUTES = 30;
/** At most one login-link mail per account per this many minutes, and this many a day. */
export const LOGIN_LINK_MAIL_EVERY_MINUTES = 15;
export const MAX_LOGIN_LINK_MAILS_PER_DAY = 5;
