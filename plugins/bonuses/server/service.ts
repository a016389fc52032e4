import type { Selectable } from 'kysely';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import { accounts } from '../../auth/server.ts';
import type { CreditsService } from '../../credits/server.ts';
import { discountAmount, type OfferDiscount, type PaymentMethod } from '../../payments/contract.ts';
import type { DiscountContext, DiscountSource } from '../../payments/server.ts';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS, WELCOME_CODE, type TimeBonus } from '../contract.ts';
import type { DiscountCodesTable } from './tables.ts';

type CodeRow = Selectable<DiscountCodesTable>;

export interface BonusesDeps {
  db: DB;
  clock: Clock;
  credits: CreditsService;
}

/** Which discount wins a tie: the time bonus before an entered code before the welcome discount. */
const PRIORITY: Record<OfferDiscount['kind'], number> = { time_bonus: 0, code: 1, welcome: 2 };

const codeOf = (input: string) => input.trim().toUpperCase();

/**
 * The first-purchase offer: the time bonus while it runs, else the welcome discount. One payment of
 * a member at a time may hold it and one paid payment ever uses it (also a unique index).
 */
export const FIRST_PURCHASE: readonly string[] = [TIME_BONUS_CODE, WELCOME_CODE];

function toOffer(row: CodeRow, now: Date): OfferDiscount {
  return {
    code: row.code, kind: 'code', value_percentage: row.value_bp / 100,
    ends_in: row.expires_at ? Math.max(0, Math.floor((new Date(row.expires_at).getTime() - now.getTime()) / 1000)) : null,
    minimum_order_value: row.minimum_order_value, paymentmethods: (row.paymentmethods as PaymentMethod[] | null) ?? null,
  };
}

/**
 * The bonuses: the 4-hour time bonus (TIMEBONUS25), discount codes members enter, the welcome
 * discount on the first purchase. As the payments plugin's DiscountSource it names the discount a
 * member gets and records its use in the payment's own transaction.
 */
export function createBonuses(deps: BonusesDeps) {
  const { db, clock } = deps;

  /** When the member signed up, if they have not paid yet (the welcome bonuses count from it); else null. */
  async function unpaidSince(userId: number, on: DB): Promise<Date | null> {
    return await deps.credits.isPaid(userId, on) ? null : accounts.signupDate(on, userId);
  }

  /**
   * Whole seconds left of a window of `seconds` after signup (0: none), rounded up: the time bonus
   * applies while less than 14,400 s have passed (14,399.9 s: 1 s left).
   */
  const leftOf = (since: Date | null, seconds: number) =>
    since ? Math.max(0, Math.ceil((since.getTime() + seconds * 1000 - clock.now().getTime()) / 1000)) : 0;

  /** Seconds of the time bonus left for the member now (0: none): not paid, signed up < 4 h ago. */
  async function timeBonusLeft(userId: number, on: DB = db): Promise<number> {
    return leftOf(await unpaidSince(userId, on), TIME_BONUS_SECONDS);
  }

  /**
   * Whether a once-per-user code is held by one of the member's payments (open, pending or paid).
   * The time bonus and the welcome discount are one first-purchase offer: either holds both.
   */
  async function held(on: DB, userId: number, code: string): Promise<'used' | 'reserved' | null> {
    const codes = FIRST_PURCHASE.includes(code) ? FIRST_PURCHASE : [code];
    const rows = await on.selectFrom('discount_code_uses').select('status').where('user_id', '=', userId).where('code', 'in', codes)
      .where('once', '=', true).where('status', '<>', 'released').execute();
    if (rows.some((r) => r.status === 'used')) return 'used';
    return rows.length ? 'reserved' : null;
  }

  /** A code the member may use in this country and currency, or why not. */
  async function check(on: DB, userId: number, code: string, ctx: Pick<DiscountContext, 'country' | 'currency'>):
    Promise<{ row: CodeRow } | { error: 'code_not_found' | 'code_used' }> {
    const row = await on.selectFrom('discount_codes').selectAll().where('code', '=', codeOf(code)).executeTakeFirst();
    const now = clock.now();
    // A code this member cannot use (another country, currency or member, expired, off) is as
    // absent as an unknown one: the answer never tells which codes exist elsewhere.
    if (!row || row.status !== 'active' || (row.expires_at && new Date(row.expires_at) <= now) || (row.user_id != null && row.user_id !== userId)
      || (row.country && row.country !== ctx.country) || (row.currency && row.currency !== ctx.currency)) {
      return { error: 'code_not_found' };
    }
    if (row.validity === 'once_per_user' && await held(on, userId, row.code) === 'used') return { error: 'code_used' };
    return { row };
  }

  /** Every discount the member could have now, best first (a code held by an open payment is not free). */
  async function candidates(ctx: DiscountContext, on: DB = db): Promise<OfferDiscount[]> {
    const now = clock.now();
    const list: OfferDiscount[] = [];
    const since = await unpaidSince(ctx.userId, on);
    const left = leftOf(since, TIME_BONUS_SECONDS);
    if (left > 0 && !await held(on, ctx.userId, TIME_BONUS_CODE)) {
      list.push({ code: TIME_BONUS_CODE, kind: 'time_bonus', value_percentage: TIME_BONUS_PERCENTAGE, ends_in: left, minimum_order_value: null, paymentmethods: null });
    }
    const chosen = await on.selectFrom('discount_code_choices').select('code').where('user_id', '=', ctx.userId).executeTakeFirst();
    if (chosen) {
      const checked = await check(on, ctx.userId, chosen.code, ctx);
      if ('row' in checked && !(checked.row.validity === 'once_per_user' && await held(on, ctx.userId, checked.row.code))) list.push(toOffer(checked.row, now));
    }
    const welcome = await welcomeFor(ctx.userId, ctx.site, on, since);
    if (welcome && !await held(on, ctx.userId, WELCOME_CODE)) list.push(welcome);
    return list.sort((a, b) => b.value_percentage - a.value_percentage || PRIORITY[a.kind] - PRIORITY[b.kind]);
  }

  /**
   * The welcome discount (first purchase, `welcome_discount.hours` after signup), or null; `since`:
   * unpaidSince() when the caller has it already.
   */
  async function welcomeFor(userId: number, site: SiteSettings, on: DB = db, since?: Date | null): Promise<OfferDiscount | null> {
    const { percentage = 0, hours = 0 } = site.welcome_discount ?? {};
    if (!(percentage > 0) || !(hours > 0)) return null;
    const left = leftOf(since === undefined ? await unpaidSince(userId, on) : since, hours * 3600);
    if (left <= 0 || await held(on, userId, WELCOME_CODE) === 'used') return null;
    return { code: WELCOME_CODE, kind: 'welcome', value_percentage: percentage, ends_in: left, minimum_order_value: null, paymentmethods: null };
  }

  const source: DiscountSource = {
    async current(ctx) {
      return (await candidates(ctx))[0] ?? null;
    },

    /** The welcome discount the member is promised (shown on /premium even while a payment holds it). */
    welcome: (ctx) => welcomeFor(ctx.userId, ctx.site),

    async options(trx, ctx) {
      // The discounts for this package and method, the biggest cut first.
      return (await candidates(ctx, trx))
        .map((discount) => ({ discount, amount: discountAmount(discount, ctx.price, ctx.method) }))
        .filter((o) => o.amount > 0)
        .sort((a, b) => b.amount - a.amount || PRIORITY[a.discount.kind] - PRIORITY[b.discount.kind]);
    },

    async claim(trx, ctx, discount) {
      // A once-per-user discount is recorded so that no second payment can hold it (the unique
      // index decides between parallel claims: the loser records nothing).
      const once = discount.kind !== 'code' || (await trx.selectFrom('discount_codes').select('validity')
        .where('code', '=', discount.code).executeTakeFirst())?.validity !== 'reusable';
      const now = clock.now();
      const inserted = await trx.insertInto('discount_code_uses').values({
        code: discount.code, user_id: ctx.userId, payment_id: ctx.paymentId, once, status: 'reserved', created_at: now, updated_at: now,
      }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return Boolean(inserted);
    },

    async release(trx, paymentId) {
      await trx.updateTable('discount_code_uses').set({ status: 'released', updated_at: clock.now() })
        .where('payment_id', '=', paymentId).where('status', '=', 'reserved').execute();
    },

    async confirm(trx, paymentId) {
      const use = await trx.selectFrom('discount_code_uses').selectAll().where('payment_id', '=', paymentId).where('status', '<>', 'used').executeTakeFirst();
      if (!use) return null;
      // Claims of one member run one after the other (as in claim), so what is held cannot change under us.
      await accounts.lock(trx, use.user_id);
      // A payment paid late, after it had given its claim back and another payment took the same
      // once-per-member offer: the money was taken at this price, so the discount stands and the
      // use goes over the code's limit (no longer counted as "once", so no unique index refuses it).
      const overLimit = use.once && use.status === 'released' && await held(trx, use.user_id, use.code) !== null;
      await trx.updateTable('discount_code_uses').set({ status: 'used', once: use.once && !overLimit, updated_at: clock.now() })
        .where('id', '=', use.id).execute();
      // An entered code that is used up is no longer the member's choice.
      await trx.deleteFrom('discount_code_choices').where('user_id', '=', use.user_id).where('code', '=', use.code).execute();
      return overLimit ? `discount ${use.code} used again, over its once-per-member limit (paid after it was released)` : null;
    },
  };

  return {
    source,
    timeBonusLeft,

    async timeBonus(userId: number): Promise<TimeBonus> {
      const remaining = await timeBonusLeft(userId);
      if (remaining <= 0 || await held(db, userId, TIME_BONUS_CODE) === 'used') return { visible: false, remaining: 0, code: null };
      return {
        visible: true, remaining,
        code: { code: TIME_BONUS_CODE, kind: 'time_bonus', value_percentage: TIME_BONUS_PERCENTAGE, ends_in: remaining, minimum_order_value: null, paymentmethods: null },
      };
    },

    welcome: welcomeFor,

    /** The member enters a code on /credits: kept as their choice when they may use it. */
    async enter(userId: number, input: string, ctx: Pick<DiscountContext, 'country' | 'currency'>): Promise<void> {
      const checked = await check(db, userId, input, ctx);
      if ('error' in checked) {
        if (checked.error === 'code_used') throw new HttpError(409, 'code_used', 'Code already used');
        throw notFound('code_not_found', 'Code not found');
      }
      await db.insertInto('discount_code_choices').values({ user_id: userId, code: checked.row.code, chosen_at: clock.now() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ code: checked.row.code, chosen_at: clock.now() })).execute();
    },

    async forget(userId: number): Promise<void> {
      await db.deleteFrom('discount_code_choices').where('user_id', '=', userId).execute();
    },

    /** Operators and seeds: a code (upper-cased), e.g. { code: 'SPRING10', value_percentage: 10, validity: 'reusable' }. */
    async addCode(code: Omit<Partial<CodeRow>, 'id' | 'value_bp'> & { code: string; value_percentage: number }): Promise<void> {
      const { value_percentage, ...rest } = code;
      await db.insertInto('discount_codes').values({
        country: null, user_id: null, expires_at: null, currency: null, minimum_order_value: null, status: 'active',
        validity: 'once_per_user', paymentmethods: null, created_at: clock.now(), ...rest,
        code: codeOf(code.code), value_bp: Math.round(value_percentage * 100),
      }).onConflict((oc) => oc.column('code').doNothing()).execute();
    },
  };
}

export type Bonuses = ReturnType<typeof createBonuses>;
