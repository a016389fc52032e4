import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { DB } from '../../../kernel/server/db.ts';
import type { Currency, OfferDiscount, PaymentMethod } from '../contract.ts';

/** Who is buying what, for a discount source. */
export interface DiscountContext {
  userId: number;
  site: SiteSettings;
  country: string;
  currency: Currency;
}

/**
 * Where discounts come from (the bonuses plugin: the time bonus, codes, the welcome discount). The
 * payments plugin asks it for the offer and, in the transaction that makes a payment, claims the
 * discount for that payment; a payment that ends unpaid gives its claim back.
 */
export interface DiscountSource {
  /** The discount the member gets now, for the offer (null: none). */
  current(ctx: DiscountContext): Promise<OfferDiscount | null>;
  /**
   * Claims the best discount for this purchase and records its use for `paymentId`, in `trx` (the
   * member is locked: claims of one member run one after the other). Null: no discount applies.
   */
  claim(trx: DB, ctx: DiscountContext & { price: number; method: PaymentMethod; paymentId: number }): Promise<{ discount: OfferDiscount; amount: number } | null>;
  /** The payment ended unpaid (failed, cancelled, expired): its claim is given back. */
  release(trx: DB, paymentId: number): Promise<void>;
  /**
   * The payment was paid: its claim is final, always (a payment paid late keeps the discount it
   * was priced with, even when that goes over the code's limit). Never fails for what other
   * payments hold; returns a note for the payment's history when something is unusual.
   */
  confirm(trx: DB, paymentId: number): Promise<string | null>;
}
