// The signup plugin's request, rules and vocabulary, shared by its browser and server halves, so the
// server checks exactly what the browser checks.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { EMAIL_MAX, isValidEmail, PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/contract/validation.ts';
import { AuthUser, type User } from '../auth/contract.ts';
import { GENDERS, INTEREST_KEYS, InterestKey, MIN_AGE, type Gender, type Sexuality } from '../members/contract.ts';

/** Older than this is taken for a typing mistake. */
export const MAX_SIGNUP_AGE = 100;

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const MESSAGE_MAX = 500;
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export const TRACKING_COOKIE = 'tracking';
/** Signup steps 0..4, then the completion step. */
export const STEPS = ['you', 'birthday', 'location', 'account', 'message'] as const;
export const COMPLETION_STEP = STEPS.length;

// The request's schema is lenient on lengths (the rules below say what is too long, with the
// member's own message); it only keeps absurd input out.
const str = (maxLength: number) => Type.String({ maxLength });
const TrackingValue = Type.Optional(str(300));
/** Tracking data of a traffic source (affiliate network, ref, sub-ids), cleaned by `trackingFrom`. */
export const Tracking = Type.Object({ network: TrackingValue, ref: TrackingValue, sub1: TrackingValue, sub2: TrackingValue, sub3: TrackingValue }, { additionalProperties: false });
export type Tracking = Static<typeof Tracking>;
const GenderSchema = Type.Enum(GENDERS);
/** Interests a signup may bring along (an icons lander's picks): members' keys, at most this many. */
export const SIGNUP_INTERESTS_MAX = 10;
/**
 * Where the new member goes after a signup that asked for it (a profile lander: the conversation
 * with that member): a path on this site, letters, digits, '-' and '_' between single slashes. No
 * scheme, host, '//', '..', backslash or query can pass, so it never leads off the site.
 */
export const AFTER_PATH_PATTERN = '^(/[A-Za-z0-9_-]+){1,8}/?$';
export const AFTER_PATH_MAX = 200;
/** The path itself when it is a same-site path `after` may name, else null. */
export function afterPath(value: unknown): string | null {
  return typeof value === 'string' && value.length <= AFTER_PATH_MAX && new RegExp(AFTER_PATH_PATTERN).test(value) ? value : null;
}
/** Interest keys from a list or a comma-separated string (a widget option): members' keys only, each once, at most SIGNUP_INTERESTS_MAX. */
export function signupInterests(value: unknown): InterestKey[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const keys = list.map((k) => (typeof k === 'string' ? k.trim() : '')).filter((k): k is InterestKey => (INTEREST_KEYS as readonly string[]).includes(k));
  return [...new Set(keys)].slice(0, SIGNUP_INTERESTS_MAX);
}
/** What a signup may bring besides the steps' answers: interests for the profile, and where to go after. */
export interface SignupExtras { interests?: InterestKey[]; after?: string }

/** What POST /api/signup.php takes: the answers of the steps. */
export const SignupRequest = Type.Object({
  gender: GenderSchema,
  looking_for: Type.Array(GenderSchema, { maxItems: 2, uniqueItems: true }),
  /** YYYY-MM-DD. */
  date_of_birth: str(10),
  country: str(2),
  region: str(80),
  city: Type.Optional(str(200)),
  name: str(200),
  email: str(EMAIL_MAX + 50),
  password: str(PASSWORD_MAX + 50),
  signup_message: Type.Optional(Type.String({ maxLength: MESSAGE_MAX + 50, multiline: true })),
  language: Type.Optional(str(10)),
  tracking: Type.Optional(Tracking),
  /** From the embedded widget: answer with a one-time hand-off link to the site instead of a session cookie. */
  handoff: Type.Optional(Type.Boolean()),
  /** Interests for the new profile (picked on an icons lander). */
  interests: Type.Optional(Type.Array(InterestKey, { maxItems: SIGNUP_INTERESTS_MAX, uniqueItems: true })),
  /** Where the hand-off link leads instead of the suggestions: a path on this site (see `afterPath`). */
  after: Type.Optional(Type.String({ maxLength: AFTER_PATH_MAX, pattern: AFTER_PATH_PATTERN })),
}, { additionalProperties: false });
export type SignupRequest = Static<typeof SignupRequest>;

/** The answer of a signup: the new member (and, for the widget, the one-time link that logs them in on the site). */
export const SignupResponse = Type.Unsafe<{ user: User; handoff_url?: string }>(Type.Object({ user: AuthUser, handoff_url: Type.Optional(Type.String()) }));
export type SignupResponse = Static<typeof SignupResponse>;

/** POST /api/signup.php: makes the account (unconfirmed, with the signup credits) and logs in, or, with `handoff`, answers a hand-off link. */
export const signup = endpoint({
  method: 'POST', path: '/api/signup.php', access: 'visitor',
  body: SignupRequest,
  response: SignupResponse,
});

/** POST /api/signup-check.php: checks the answers of one step while the member types (no account is made). */
export const signupCheck = endpoint({
  method: 'POST', path: '/api/signup-check.php', access: 'visitor',
  body: Type.Partial(SignupRequest, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true) }),
});

export const GeocodeResult = Type.Object({ country: Type.String(), region: Type.String(), city: Type.String() });
export type GeocodeResult = Static<typeof GeocodeResult>;

/** GET /api/geocode.php?lat=&lon=: country, region and city of a position (step 2's "use my location"). */
export const geocode = endpoint({
  method: 'GET', path: '/api/geocode.php', access: 'visitor',
  query: Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), lon: Type.Number({ minimum: -180, maximum: 180 }) }, { additionalProperties: false }),
  response: Type.Object({ result: GeocodeResult }),
});

const HandoffToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

/**
 * GET /api/signup-handoff.php?token=…: the widget's one-time hand-off link, opened by a person (logs
 * the new member in on the site's own origin and redirects).
 */
export const signupHandoff = endpoint({
  method: 'GET', path: '/api/signup-handoff.php', access: 'visitor', raw: true,
  query: HandoffToken,
});

/** GET /api/signup-switch.php: the account a hand-off link is for, and the one logged in now. */
export const HandoffSwitch = Type.Object({ name: Type.String(), current: Type.String() });
export type HandoffSwitch = Static<typeof HandoffSwitch>;
export const signupSwitchInfo = endpoint({
  method: 'GET', path: '/api/signup-switch.php', access: 'member',
  query: HandoffToken,
  response: HandoffSwitch,
});

/** POST /api/signup-switch.php: the member said yes; the session that was asked becomes the new account's. */
export const signupSwitch = endpoint({
  method: 'POST', path: '/api/signup-switch.php', access: 'visitor',
  body: HandoffToken,
  response: Type.Object({ redirect: Type.String() }),
});

/** GET /api/test/signup-tracking?email= (TEST_HOOKS only): the tracking data stored with a member's signup. */
export const testSignupTracking = endpoint({
  method: 'GET', path: '/api/test/signup-tracking', access: 'visitor',
  query: Type.Object({ email: Type.String({ maxLength: 300 }) }, { additionalProperties: false }),
  response: Type.Object({
    tracking: Type.Union([Type.Object({
      network: Type.Union([Type.String(), Type.Null()]),
      ref: Type.Union([Type.String(), Type.Null()]),
      sub1: Type.Union([Type.String(), Type.Null()]),
      sub2: Type.Union([Type.String(), Type.Null()]),
      sub3: Type.Union([Type.String(), Type.Null()]),
      domain: Type.String(),
    }), Type.Null()]),
  }),
});

/** Everything but the password survives a reload (spec: signup form draft). */
export type SignupDraft = Partial<Omit<SignupRequest, 'password' | 'tracking' | 'language' | 'handoff' | 'interests' | 'after'>> & { step?: number };

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
  name: 3, email: 3, password: 3, signup_message: 4, language: 4, tracking: 4, handoff: 4, interests: 4, after: 4,
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

/** Where the switch page goes once the member said yes (a full load: another member's app). */
export const AFTER_SWITCH = '/signup-matches?api_signup_complete=1';
