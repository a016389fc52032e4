// What the bonuses plugin's browser and server halves share: the 4-hour time bonus and discount
// codes. The discount itself (OfferDiscount, discountAmount) is the payments plugin's shape.
import type { OfferDiscount } from '../payments/contract.ts';

/** The time bonus: 25 % for the first 4 hours after signup, for members who have not paid yet. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_PERCENTAGE = 25;
/** The modal opens after this long in the members area (credits 0, not dismissed, bonus visible). */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** The modal's "act fast" line names this many hours. */
export const TIME_BONUS_ACT_FAST = 4;
/** The welcome discount's code (the first purchase, for a time after signup: the welcome_discount setting). */
export const WELCOME_CODE = 'WELCOME25';

/** GET /api/timebonus.php: the member's time bonus now (by the server's clock). */
export interface TimeBonus {
  visible: boolean;
  /** Seconds left (0 when not visible): the page counts down from it, ticking every second. */
  remaining: number;
  code: OfferDiscount | null;
}

/** GET /api/discountcode.php (optional filters) and POST (a code entered on /credits). */
export interface DiscountCodeResponse { discount: OfferDiscount | null }
export interface EnterCodeRequest { code: string }

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
