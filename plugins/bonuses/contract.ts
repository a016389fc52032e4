// What the bonuses plugin's browser and server halves share: the 4-hour time bonus, discount codes
// and their endpoints. The discount itself (OfferDiscount, discountAmount) is the payments plugin's shape.
import Type, { type Static, type TSchema } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { CURRENCIES, METHODS, OfferDiscount } from '../payments/contract.ts';

/** The time bonus: 25 % for the first 4 hours after signup, for members who have not paid yet. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_PERCENTAGE = 25;
/** The modal's "act fast" line names this many hours. */
export const TIME_BONUS_ACT_FAST = 4;
/** The welcome discount's code (the first purchase, for a time after signup: the welcome_discount setting). */
export const WELCOME_CODE = 'WELCOME25';

/** GET /api/timebonus.php: the member's time bonus now (by the server's clock). */
export const TimeBonus = Type.Object({
  visible: Type.Boolean(),
  /** Seconds left (0 when not visible): the page counts down from it, ticking every second. */
  remaining: Type.Integer(),
  code: Type.Union([OfferDiscount, Type.Null()]),
});
export type TimeBonus = Static<typeof TimeBonus>;

/** The member's discount (GET, POST and DELETE /api/discountcode.php). */
export const DiscountCodeResponse = Type.Object({ discount: Type.Union([OfferDiscount, Type.Null()]) });
export type DiscountCodeResponse = Static<typeof DiscountCodeResponse>;

/** GET /api/timebonus.php: the member's time bonus now. */
export const timeBonus = endpoint({ method: 'GET', path: '/api/timebonus.php', access: 'member', response: TimeBonus });

/**
 * GET /api/discountcode.php: the member's discount now; `package_id` and/or `method`: only when it
 * applies to that package and method; `welcome=true`: the welcome discount (404 when there is none).
 */
export const discountCode = endpoint({
  method: 'GET', path: '/api/discountcode.php', access: 'member',
  query: Type.Object({
    welcome: Type.Optional(Type.Enum(['true', 'false'])),
    package_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    method: Type.Optional(Type.Enum(METHODS)),
  }, { additionalProperties: false }),
  response: DiscountCodeResponse,
});

/**
 * POST /api/discountcode.php: a code entered on /credits, kept as the member's choice when they may
 * use it (404 code_not_found, also for codes of another country, currency or member; 409 code_used).
 */
export const enterCode = endpoint({
  method: 'POST', path: '/api/discountcode.php', access: 'member',
  body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 60 }) }, { additionalProperties: false }),
  response: DiscountCodeResponse,
});
export type EnterCodeRequest = Static<typeof enterCode.body>;

/** DELETE /api/discountcode.php: takes the entered code off again. */
export const forgetCode = endpoint({
  method: 'DELETE', path: '/api/discountcode.php', access: 'member',
  body: Type.Object({}, { additionalProperties: false }),
  response: DiscountCodeResponse,
});

/**
 * A discount code as operators configure it (spec section 3): percentages with two decimals at
 * most, amounts in minor units of `currency`.
 */
export interface DiscountCode {
  code: string;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_value: number | null;
  status: 'active' | 'inactive';
  validity: 'once_per_user' | 'reusable';
  expired: boolean;
  paymentmethods: string[] | null;
}

// ---------------------------------------------------------------------------------------------
// The operator console (admins only: money): discount codes made, switched off and their uses seen.

const CONSOLE = '/api/operator/bonuses' as const;
const Iso = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const CodeText = Type.String({ minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });

/** How often a code was claimed: held by an open payment, used by a paid one, given back. */
export const CodeUseCounts = Type.Object({ reserved: Type.Integer(), used: Type.Integer(), released: Type.Integer() });

/** A discount code as staff see it: every field of the spec's discount code, and where it came from. */
export const ConsoleCode = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  country: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  expires: Nullable(Iso),
  value_percentage: Type.Number(),
  currency: Nullable(Type.String()),
  minimum_order_value: Nullable(Type.Integer()),
  status: Type.Enum(['active', 'inactive']),
  validity: Type.Enum(['once_per_user', 'reusable']),
  /** Past its expiry (derived from `expires`). */
  expired: Type.Boolean(),
  paymentmethods: Nullable(Type.Array(Type.String())),
  created_at: Iso,
  /** The staff member who made it in the console; null: a seed (the example codes). */
  created_by: Nullable(Type.Integer()),
  uses: CodeUseCounts,
});
export type ConsoleCode = Static<typeof ConsoleCode>;

/** GET …/codes: codes, newest first, 50 a page (`q`: part of the code). */
export const consoleCodes = endpoint({
  method: 'GET', path: `${CONSOLE}/codes`, access: 'admin',
  query: Type.Object({
    q: Type.Optional(Type.String({ maxLength: 40 })),
    status: Type.Optional(Type.Enum(['active', 'inactive'])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  }, { additionalProperties: false }),
  response: Type.Object({ codes: Type.Array(ConsoleCode), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});

/**
 * POST …/codes: a new code (stored upper case; 409 code_exists). Percentages with two decimals at
 * most; `minimum_order_value` in minor units of `currency` (of any currency when none is named).
 */
export const consoleCreateCode = endpoint({
  method: 'POST', path: `${CONSOLE}/codes`, access: 'admin',
  body: Type.Object({
    code: CodeText,
    /** Two decimals at most (checked by the server: a float's multipleOf 0.01 would refuse 33.33). */
    value_percentage: Type.Number({ minimum: 0.01, maximum: 90 }),
    validity: Type.Enum(['once_per_user', 'reusable']),
    status: Type.Optional(Type.Enum(['active', 'inactive'])),
    country: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{2}$' }))),
    user_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
    expires: Type.Optional(Nullable(Iso)),
    currency: Type.Optional(Nullable(Type.Enum(CURRENCIES))),
    minimum_order_value: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
    paymentmethods: Type.Optional(Nullable(Type.Array(Type.Enum(METHODS), { minItems: 1, maxItems: 16, uniqueItems: true }))),
  }, { additionalProperties: false }),
  response: Type.Object({ code: ConsoleCode }),
});
export type ConsoleCreateCode = Static<typeof consoleCreateCode.body>;

/** POST …/codes/status: deactivates a code (or activates it again); members can no longer enter it. */
export const consoleCodeStatus = endpoint({
  method: 'POST', path: `${CONSOLE}/codes/status`, access: 'admin',
  body: Type.Object({ code: CodeText, status: Type.Enum(['active', 'inactive']) }, { additionalProperties: false }),
  response: Type.Object({ code: ConsoleCode }),
});

/** One claim of a code by a payment. */
export const CodeUse = Type.Object({
  id: Type.Integer(), user_id: Type.Integer(), email: Nullable(Type.String()), payment_id: Type.Integer(),
  status: Type.Enum(['reserved', 'used', 'released']), once: Type.Boolean(), created_at: Iso, updated_at: Iso,
});
export type CodeUse = Static<typeof CodeUse>;

/** GET …/code?code=: a code and its uses, newest first. */
export const consoleCode = endpoint({
  method: 'GET', path: `${CONSOLE}/code`, access: 'admin',
  query: Type.Object({ code: CodeText }, { additionalProperties: false }),
  response: Type.Object({ code: ConsoleCode, uses: Type.Array(CodeUse) }),
});
