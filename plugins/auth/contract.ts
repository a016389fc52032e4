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
}

export interface UserResponse { user: User }
export interface LoginRequest { email: string; password: string }
export interface LanguageRequest { language: Locale }

/** Login blocking: this many failures within the window block the account for BLOCK_MINUTES. */
export const MAX_LOGIN_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;
export const BLOCK_MINUTES = 15;

/** What other plugins may use of the auth store slice (`kernel.store.auth`). */
export interface AuthSlice {
  readonly user: User | null;
  readonly loggedIn: boolean;
  setUser(user: User | null): void;
  fetchUser(): Promise<void>;
}
