// What the bonuses plugin's browser and server halves share: the 4-hour time bonus, discount codes
// and their endpoints. The discount itself (OfferDiscount, discountAmount) is the payments plugin's shape.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { METHODS, OfferDiscount } from '../payments/contract.ts';

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
