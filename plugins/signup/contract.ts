// The signup plugin's request, rules and vocabulary, shared by its browser and server halves, so the
// server checks exactly what the browser checks.
import { isValidEmail, PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/contract/validation.ts';
import { GENDERS, MIN_AGE, type Gender, type Sexuality } from '../members/contract.ts';

/** Older than this is taken for a typing mistake. */
export const MAX_SIGNUP_AGE = 100;

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const MESSAGE_MAX = 500;
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;
export const TRACKING_COOKIE = 'tracking';
/** Signup steps 0..4, then the completion step. */
export const STEPS = ['you', 'birthday', 'location', 'account', 'message'] as const;
export const COMPLETION_STEP = STEPS.length;

export interface SignupRequest {
  gender: Gender;
  looking_for: Gender[];
  date_of_birth: string;          // YYYY-MM-DD
  country: string;
  region: string;
  city: string;
  name: string;
  email: string;
  password: string;
  signup_message?: string;
  language?: string;
  tracking?: Tracking;
  /** From the embedded widget: answer with a one-time hand-off link to the site instead of a session cookie. */
  handoff?: boolean;
}

/** Everything but the password survives a reload (spec: signup form draft). */
export type SignupDraft = Partial<Omit<SignupRequest, 'password' | 'tracking' | 'language' | 'handoff'>> & { step?: number };

export interface GeocodeResult { country: string; region: string; city: string }

export interface SignupIssue { field: keyof SignupRequest; code: string; params?: Record<string, string | number> }

/** Who one looks for decides the sexuality stored on the profile. */
export function sexualityOf(gender: Gender, lookingFor: Gender[]): Sexuality {
  if (lookingFor.length !== 1) return 'bi';
  if (lookingFor[0] !== gender) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** Age in whole years on `today` of someone born on `dob` (YYYY-MM-DD), or null for a date that does not exist. */
export function ageOn(dob: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d)) age -= 1;
  return age;
}

export function birthdayIssues(dob: string | undefined, today = new Date()): SignupIssue[] {
  if (!dob) return [{ field: 'date_of_birth', code: 'dob_missing', params: { min_age: MIN_AGE } }];
  const age = ageOn(dob, today);
  if (age == null || age > MAX_SIGNUP_AGE) return [{ field: 'date_of_birth', code: 'dob_invalid' }];
  if (age < MIN_AGE) return [{ field: 'date_of_birth', code: 'dob_too_young', params: { min_age: MIN_AGE } }];
  return [];
}

export function nameIssues(name: string | undefined, email: string | undefined): SignupIssue[] {
  const n = (name ?? '').trim();
  if (n.startsWith('@')) return [{ field: 'name', code: 'name_starts_with_at' }];
  if (email && n.toLowerCase() === email.trim().toLowerCase()) return [{ field: 'name', code: 'name_equals_email' }];
  if (n.length < NAME_MIN || n.length > NAME_MAX || !/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(n)) {
    return [{ field: 'name', code: 'name_invalid', params: { min: NAME_MIN, max: NAME_MAX } }];
  }
  return [];
}

export function accountIssues(d: Partial<SignupRequest>): SignupIssue[] {
  const out = [...nameIssues(d.name, d.email)];
  if (!d.email || !isValidEmail(d.email.trim())) out.push({ field: 'email', code: 'invalid_email' });
  if (!d.password || d.password.length < PASSWORD_MIN) out.push({ field: 'password', code: 'password_too_short', params: { min: PASSWORD_MIN } });
  else if (d.password.length > PASSWORD_MAX) out.push({ field: 'password', code: 'password_too_long', params: { max: PASSWORD_MAX } });
  return out;
}

export function youIssues(d: Partial<SignupRequest>): SignupIssue[] {
  const out: SignupIssue[] = [];
  if (!d.gender || !GENDERS.includes(d.gender)) out.push({ field: 'gender', code: 'gender_missing' });
  if (!d.looking_for?.length || d.looking_for.some((g) => !GENDERS.includes(g))) out.push({ field: 'looking_for', code: 'looking_for_missing' });
  return out;
}

export function locationIssues(d: Partial<SignupRequest>, regionsOf: (country: string) => string[] | null): SignupIssue[] {
  const regions = d.country ? regionsOf(d.country) : null;
  if (!regions) return [{ field: 'country', code: 'country_missing' }];
  if (!d.region || !regions.includes(d.region)) return [{ field: 'region', code: 'region_missing' }];
  if ((d.city ?? '').trim().length > 80) return [{ field: 'city', code: 'city_invalid' }];
  return [];
}

/** Every issue of a whole signup, in step order (the first one is what the member fixes first). */
export function signupIssues(d: Partial<SignupRequest>, regionsOf: (country: string) => string[] | null, today = new Date()): SignupIssue[] {
  const out = [...youIssues(d), ...birthdayIssues(d.date_of_birth, today), ...locationIssues(d, regionsOf), ...accountIssues(d)];
  if ((d.signup_message ?? '').length > MESSAGE_MAX) out.push({ field: 'signup_message', code: 'message_too_long', params: { max: MESSAGE_MAX } });
  return out;
}

/** The step (0..4) where a field is asked. */
export const STEP_OF: Record<keyof SignupRequest, number> = {
  gender: 0, looking_for: 0, date_of_birth: 1, country: 2, region: 2, city: 2,
  name: 3, email: 3, password: 3, signup_message: 4, language: 4, tracking: 4, handoff: 4,
};

/** The `signups` setting: open to all, to visitors from a traffic source (tracking data), or by invitation only. */
export function signupsOpenFor(mode: string, tracking: Tracking): boolean {
  return mode === 'all' || (mode === 'with_trafficsource' && Object.keys(tracking).length > 0);
}

/** The signup request from the steps' answers (the in-site dialog and the embedded widget send the same). */
export function signupBody(d: SignupDraft, password: string, language: string, tracking: Tracking): SignupRequest {
  return {
    gender: d.gender!, looking_for: d.looking_for ?? [], date_of_birth: d.date_of_birth ?? '', country: d.country ?? '',
    region: d.region ?? '', city: d.city ?? '', name: d.name ?? '', email: d.email ?? '', password,
    signup_message: d.signup_message ?? '', language, tracking,
  };
}

/** Tracking parameters from an address's query, cleaned (letters, digits and a few marks, 100 characters). */
export function trackingFrom(query: Record<string, string | undefined>): Tracking {
  const out: Tracking = {};
  for (const k of TRACKING_KEYS) {
    const v = query[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim().replace(/[^\p{L}\p{N}._~:/@+-]/gu, '').slice(0, 100);
  }
  return out;
}

/** GET /api/signup-switch.php: the account a hand-off link is for, and the one logged in now. */
export interface HandoffSwitch { name: string; current: string }
/** Where the switch page goes once the member said yes (a full load: another member's app). */
export const AFTER_SWITCH = '/signup-matches?api_signup_complete=1';
