import Type, { type Static, type TSchema } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { LOCALES } from '../../kernel/contract/locales.ts';

export const Locale = Type.Enum(LOCALES);

/**
 * The fields other plugins add to the user object (Discourse's `add_to_serializer`): each declares
 * its own by declaration merging and supplies them with `auth.extendUser(self, { fields, load })`,
 * `fields` being their schemas (the answer is serialised from them). Where a plugin is off, its
 * fields are absent from the answer (hence optional here).
 *
 *   declare module '../auth/contract.ts' {
 *     interface UserFields { credits: number; paid_user: boolean }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface UserFields {}

/** The user object's own fields (spec section 3), those of the accounts: auth's. */
export const AuthUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('not_confirmed')]),
  signup_date: Type.String({ format: 'date-time' }),
  language: Type.Union([Locale, Type.Null()]),
  fictional_icon: Type.String(),
  notifications_disabled: Type.Array(Type.String()),
  /** Present for staff only (members' user objects have no role field). */
  role: Type.Optional(Type.Union([Type.Literal('operator'), Type.Literal('admin')])),
});

/** The logged-in member as GET/POST/PUT /api/user.php return it: auth's fields and those of the plugins on for the site. */
export type User = Static<typeof AuthUser> & Partial<UserFields>;
/**
 * The answer of the user calls. The schema here names auth's fields; the server serialises with
 * the full one, auth's fields plus every extension's (plugins/auth/server/service.ts).
 */
export const UserResponse = Type.Unsafe<{ user: User }>(Type.Object({ user: AuthUser }));
export type UserResponse = Static<typeof UserResponse>;

/** POST /api/user.php: logging in (the body's email and password; anything else, a `role` say, is never read). */
export const login = endpoint({
  method: 'POST', path: '/api/user.php', access: 'visitor',
  body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: UserResponse,
});
export type LoginRequest = Static<typeof login.body>;

/** GET /api/user.php: the current member (also refetched by polling). */
export const currentUser = endpoint({ method: 'GET', path: '/api/user.php', access: 'member', response: UserResponse });

/** PUT /api/user.php: saves the member's language. */
export const saveLanguage = endpoint({
  method: 'PUT', path: '/api/user.php', access: 'member',
  body: Type.Object({ language: Locale }, { additionalProperties: false }),
  response: UserResponse,
});
export type LanguageRequest = Static<typeof saveLanguage.body>;

/** POST /api/logout.php (a POST with the client header: a GET from another site must not log anyone out). */
export const logout = endpoint({
  method: 'POST', path: '/api/logout.php', access: 'visitor',
  body: Type.Object({}, { additionalProperties: false }),
  response: Type.Object({ ok: Type.Literal(true) }),
});

/** GET /api/login-link.php?token=…: the link of the login-link mail (logs in once, then redirects). */
export const loginLink = endpoint({
  method: 'GET', path: '/api/login-link.php', access: 'visitor', raw: true,
  query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
});

/** POST /api/test/signup-date (TEST_HOOKS only): a member who signed up `seconds_ago` before the app's clock. */
export const testSignupDate = endpoint({
  method: 'POST', path: '/api/test/signup-date', access: 'visitor',
  body: Type.Object({ email: Type.String({ maxLength: 254 }), seconds_ago: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  response: Type.Object({ found: Type.Boolean() }),
});

/** POST /api/test/staff (TEST_HOOKS only): a console account with this password and role (`npm run operator` in real life). */
export const testStaff = endpoint({
  method: 'POST', path: '/api/test/staff', access: 'visitor',
  body: Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ minLength: 8, maxLength: 200 }), role: Type.Union([Type.Literal('operator'), Type.Literal('admin')]) }, { additionalProperties: false }),
  response: Type.Object({ user_id: Type.Integer() }),
});

/** What a plugin adds to the user object: its fields' schemas (a subset of UserFields). */
export type UserFieldSchemas<K extends keyof UserFields> = { [F in K]: TSchema };

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
