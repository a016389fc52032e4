import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { DB } from '../../../kernel/server/db.ts';
import type { Currency, OfferDiscount, PaymentMethod } from '../contract.ts';

/** Who is buying, for a discount source. */
export interface DiscountContext {
  userId: number;
  site: SiteSettings;
  country: string;
  currency: Currency;
}

/** What is bought, for a claim: the package price (minor units), the method, the payment being made. */
export interface PurchaseContext extends DiscountContext {
  price: number;
  method: PaymentMethod;
  paymentId: number;
}

/** A discount that applies to a purchase and what it takes off (minor units, > 0). */
export interface DiscountOption { discount: OfferDiscount; amount: number }

/**
 * Where discounts come from (e.g. the bonuses plugin: the time bonus, codes, the welcome discount).
 * The payments plugin's extension point: any number of sources are added with `addDiscountSource`.
 * Payments asks them for the offer and, in the transaction that makes a payment, claims the best
 * discount for that payment; a payment that ends unpaid gives its claim back.
 *
 * How the sources combine (discounts never add up; one discount per payment):
 * - the offer (`current`, `welcome`) shows the best discount among all sources: the highest
 *   percentage, a tie going to the source added first;
 * - a claim takes the best amount for that package and method across all sources' `options`
 *   (a tie going to the source added first, then to the source's own order), and tries the next
 *   best when one's `claim` loses a race (another payment took that discount meanwhile);
 * - `release` and `confirm` go to every source: each settles only the claims it recorded.
 */
export interface DiscountSource {
  /** The discount the member gets now, for the offer (null: none). */
  current(ctx: DiscountContext): Promise<OfferDiscount | null>;
  /**
   * The first-purchase discount the member is promised (shown on /premium), even while an open
   * payment holds it; null: none. Absent: the source promises none.
   */
  welcome?(ctx: DiscountContext): Promise<OfferDiscount | null>;
  /**
   * The discounts that apply to this purchase and what each takes off, best first, read in `trx`
   * (the member is locked: claims of one member run one after the other). Nothing is recorded.
   */
  options(trx: DB, ctx: PurchaseContext): Promise<DiscountOption[]>;
  /**
   * Records the use of `discount` (one of its `options`) for `ctx.paymentId`, in `trx`. False: it
   * was taken meanwhile (a race lost, e.g. to a unique index); nothing was recorded.
   */
  claim(trx: DB, ctx: PurchaseContext, discount: OfferDiscount): Promise<boolean>;
  /** The payment ended unpaid (failed, cancelled, expired): its claim, if this source has one, is given back. */
  release(trx: DB, paymentId: number): Promise<void>;
  /**
   * The payment was paid: its claim (if this source has one) is final, always (a payment paid late
   * keeps the discount it was priced with, even when that goes over the code's limit). Never fails
   * for what other payments hold; returns a note for the payment's history when something is unusual.
   */
  confirm(trx: DB, paymentId: number): Promise<string | null>;
}

/** The discount sources added so far, combined as DiscountSource says. */
export function discountSources() {
  const sources: DiscountSource[] = [];

  /** The highest percentage among the sources' answers; a tie keeps the earlier source's. */
  const best = (found: (OfferDiscount | null)[]) =>
    found.reduce<OfferDiscount | null>((a, b) => (b && (!a || b.value_percentage > a.value_percentage) ? b : a), null);

  return {
    add(source: DiscountSource) { sources.push(source); },
    get any() { return sources.length > 0; },

    async current(ctx: DiscountContext): Promise<OfferDiscount | null> {
      return best(await Promise.all(sources.map((s) => s.current(ctx))));
    },

    async welcome(ctx: DiscountContext): Promise<OfferDiscount | null> {
      return best(await Promise.all(sources.map((s) => s.welcome?.(ctx) ?? null)));
    },

    /** Claims the best discount for the purchase across the sources, or null when none applies. */
    async claim(trx: DB, ctx: PurchaseContext): Promise<DiscountOption | null> {
      // One after the other: they read in the same transaction (one connection).
      const options: { source: DiscountSource; option: DiscountOption }[] = [];
      for (const source of sources) {
        for (const option of await source.options(trx, ctx)) if (option.amount > 0) options.push({ source, option });
      }
      // A stable sort: ties keep the sources' order and each source's own.
      options.sort((a, b) => b.option.amount - a.option.amount);
      for (const { source, option } of options) {
        if (await source.claim(trx, ctx, option.discount)) return option;
      }
      return null;
    },

    async release(trx: DB, paymentId: number): Promise<void> {
      for (const source of sources) await source.release(trx, paymentId);
    },

    /** Every source's note about the payment's confirmation (none: nothing unusual). */
    async confirm(trx: DB, paymentId: number): Promise<string[]> {
      const notes: string[] = [];
      for (const source of sources) {
        const note = await source.confirm(trx, paymentId);
        if (note) notes.push(note);
      }
      return notes;
    },
  };
}

export type DiscountSources = ReturnType<typeof discountSources>;
