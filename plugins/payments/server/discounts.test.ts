import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { discountAmount, type OfferDiscount } from '../contract.ts';
import { discountSources, type DiscountSource, type PurchaseContext } from './discounts.ts';

// How several discount sources combine (server/discounts.ts): the offer shows the best among all,
// a claim takes the best amount for the purchase and tries the next when one loses a race, and
// every source settles its own claims.

const trx = {} as DB;
const site = { domain: 'example.com' } as SiteSettings;
const ctx = { userId: 7, site, country: 'NL', currency: 'EUR' as const };
const purchase: PurchaseContext = { ...ctx, price: 2499, method: 'ideal', paymentId: 1 };
const discount = (code: string, value_percentage: number, over: Partial<OfferDiscount> = {}): OfferDiscount =>
  ({ code, kind: 'code', value_percentage, ends_in: null, minimum_order_value: null, paymentmethods: null, ...over });

/** A source offering `discounts` (best first); `taken` codes lose their race. */
function source(discounts: OfferDiscount[], taken: string[] = [], welcome: OfferDiscount | null = null) {
  const log: string[] = [];
  const s: DiscountSource = {
    current: async () => discounts[0] ?? null,
    welcome: async () => welcome,
    options: async (_trx, c) => discounts.map((d) => ({ discount: d, amount: discountAmount(d, c.price, c.method) }))
      .filter((o) => o.amount > 0).sort((a, b) => b.amount - a.amount),
    claim: async (_trx, c, d) => { log.push(`claim ${d.code} for ${c.paymentId}`); return !taken.includes(d.code); },
    release: async (_trx, id) => { log.push(`release ${id}`); },
    confirm: async (_trx, id) => { log.push(`confirm ${id}`); return discounts.length ? `note of ${discounts[0]!.code}` : null; },
  };
  return { s, log };
}

describe('discount sources', () => {
  it('offer the best discount among all sources; a tie goes to the source added first', async () => {
    const all = discountSources();
    expect(await all.current(ctx)).toBeNull();
    const a = source([discount('A10', 10)]);
    const b = source([discount('B20', 20)], [], discount('WELCOME25', 25, { kind: 'welcome' }));
    const c = source([discount('C20', 20)]);
    for (const x of [a, b, c]) all.add(x.s);
    expect((await all.current(ctx))?.code).toBe('B20');
    expect((await all.welcome(ctx))?.code).toBe('WELCOME25');
  });

  it('a claim takes the best amount for the package and method across sources, and the next when one loses a race', async () => {
    const all = discountSources();
    // 30 % only with creditcard: nothing for iDEAL, so B's 20 % is the best for this purchase.
    const a = source([discount('A30', 30, { paymentmethods: ['creditcard'] }), discount('A10', 10)]);
    const b = source([discount('B20', 20)], ['B20']);
    const c = source([discount('C15', 15)]);
    for (const x of [a, b, c]) all.add(x.s);
    const claimed = await all.claim(trx, purchase);
    expect(claimed).toEqual({ discount: discount('C15', 15), amount: discountAmount(discount('C15', 15), 2499) });
    expect(b.log).toEqual(['claim B20 for 1']);
    expect(c.log).toEqual(['claim C15 for 1']);
    expect(a.log).toEqual([]);
  });

  it('claims nothing when no source has a discount for the purchase, or every claim loses', async () => {
    const all = discountSources();
    expect(await all.claim(trx, purchase)).toBeNull();
    const a = source([discount('A10', 10)], ['A10']);
    const b = source([discount('MIN', 10, { minimum_order_value: 5000 })]);
    all.add(a.s);
    all.add(b.s);
    expect(await all.claim(trx, purchase)).toBeNull();
    expect(a.log).toEqual(['claim A10 for 1']);
    expect(b.log).toEqual([]);
  });

  it('settles a payment in every source, and keeps every source\'s note', async () => {
    const all = discountSources();
    const a = source([discount('A10', 10)]);
    const b = source([]);
    const c = source([discount('C15', 15)]);
    for (const x of [a, b, c]) all.add(x.s);
    expect(await all.confirm(trx, 5)).toEqual(['note of A10', 'note of C15']);
    await all.release(trx, 6);
    for (const x of [a, b, c]) expect(x.log).toEqual(['confirm 5', 'release 6']);
  });
});
