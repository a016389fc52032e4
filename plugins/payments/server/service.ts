import { sql, type Selectable } from 'kysely';
import { accounts } from '../../auth/server.ts';
import type { Logger } from 'pino';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { putBounded } from '../../../kernel/server/bounded.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { DB } from '../../../kernel/server/db.ts';
import type { Events } from '../../../kernel/server/events.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import type { Realtime } from '../../../kernel/server/realtime.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import type { CreditsService } from '../../credits/server.ts';
import type { Counter } from 'prom-client';
import { webhook, type CreatePaymentRequest, type CreatePaymentResponse, type CreditsOffer, type Payment, type PaymentStatus } from '../contract.ts';
import { countryFor, currencyFor, methodsFor, packagesFor } from './offer.ts';
import { discountSources, type DiscountSource, type PurchaseContext } from './discounts.ts';
import type { PaymentProvider, ProviderStatus } from './provider.ts';
import { refundable, refundAmount, refundUntil, unusedByPayment } from './refunds.ts';
import { creditsNow, nextStatus, reportedStatus, reversesCredits } from './state.ts';

declare module '../../../kernel/server/events.ts' {
  interface ServerEvents {
    /** A payment's money arrived and its credits were granted (once per payment); `first`: the member's first. */
    'payments:paid': { userId: number; paymentId: number; domain: string; amount: number; currency: string; method: string; first: boolean };
  }
}
import type { PaymentRefundsTable, PaymentsTable } from './tables.ts';

type Row = Selectable<PaymentsTable>;
type RefundRow = Selectable<PaymentRefundsTable>;
export type Source = 'webhook' | 'poll' | 'return';

/**
 * Records a change made from the console in the transaction that makes it (the console's audit):
 * the payment before and after; `undone` when a refund the provider refused was taken back.
 */
export type ChangeAudit = (trx: DB, before: Row, after: Row, phase?: 'undone') => Promise<void>;

/** A refund made by staff: the payment after it and its refund row; `already`: made before (a second click). */
export interface StaffRefundResult { row: Row; refund: RefundRow; already: boolean }

/** Polled when the webhook has not come this long after the payment was made. */
export const POLL_AFTER_MS = 2 * 60_000;
/** Given up (expired) after this long; a bank transfer may take two weeks to arrive. */
export const GIVE_UP_MS = 24 * 3600_000;
export const GIVE_UP_BANKTRANSFER_MS = 14 * 24 * 3600_000;
/** A member reading a waiting payment asks the provider at most this often. */
export const RETURN_SYNC_MS = 10_000;

/** The payments plugin's service (other plugins get it injected: `deps: { payments: paymentsRef }`). */
export interface PaymentsService {
  /** The configured provider; null when payments are unavailable (see `unavailable`). */
  readonly provider: PaymentProvider | null;
  /** Why payments are unavailable (production without a real provider), or null. */
  readonly unavailable: string | null;
  offer(userId: number, site: SiteSettings): Promise<CreditsOffer>;
  create(userId: number, site: SiteSettings, request: CreatePaymentRequest, locale: string): Promise<CreatePaymentResponse>;
  /** The member's own payment, or null (another member's is as absent as a missing one). */
  get(userId: number, id: number, site: SiteSettings): Promise<Payment | null>;
  /** The member's payments, newest first. */
  list(userId: number, site: SiteSettings): Promise<Payment[]>;
  /**
   * Refunds the unused credits of one of the member's purchases (within refund_days, once): the
   * credits leave the balance through the ledger, then the provider pays the money back.
   */
  refund(userId: number, site: SiteSettings, id: number): Promise<Payment>;
  /** Grants a payment's credits now (a direct debit the provider accepted): once, in `trx`. */
  credit(trx: DB, row: Row, site: SiteSettings): Promise<void>;
  /** The row as the member sees it (with what is refundable, for this site's refund_days). */
  view(userId: number, site: SiteSettings, row: Row): Promise<Payment>;
  /** Tells the member's pages that the payment changed (realtime). */
  publish(row: Row): void;
  /** Counts a payment that reached `status` (committed): payments_status_total on /metrics. */
  reached(status: PaymentStatus): void;
  /**
   * Staff refund the unused credits of a purchase (the member's refund's own path): within the
   * site's refund_days, or after it with a stated `reason` (else 400 reason_required). Once per
   * payment: a second call answers the refund made (`already`).
   */
  staffRefund(id: number, opts: { reason: string | null; audit: ChangeAudit }): Promise<StaffRefundResult>;
  /** Staff record a chargeback the provider told of otherwise: the payment's state machine moves to charged_back. */
  recordChargeback(id: number, opts: { reason: string; audit: ChangeAudit }): Promise<{ row: Row; changed: boolean }>;
  /** What staff may refund of a payment now, with and without the refund period. */
  consoleView(row: Row): Promise<{
    refund_days: number; refund_until: string | null; within_refund_days: boolean;
    refundable_credits: number; refundable_amount: number; refundable_in_window: boolean;
  }>;
  /**
   * Adds a source of discounts (the bonuses plugin: the time bonus, codes, the welcome discount).
   * Any number may be added; how they combine is said in ./discounts.ts (DiscountSource).
   */
  addDiscountSource(source: DiscountSource): void;
  /** Claims the member's best discount for a payment being made in `trx` (direct debit), or null. */
  claimDiscount(trx: DB, ctx: PurchaseContext): Promise<{ amount: number; code: string } | null>;
  /** A payment that ended unpaid before reaching the provider gives its discount back. */
  releaseDiscount(trx: DB, paymentId: number): Promise<void>;
  /** Asks the provider how the payment stands and applies it (webhook, poll, the payer's return). */
  sync(paymentId: number, source: Source): Promise<Payment | null>;
  /** A webhook call: 'unknown' when the provider does not recognise it (nothing changes). */
  webhook(provider: string, req: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): Promise<'handled' | 'unknown'>;
  /** Polls the payments whose webhook never came; gives up on old ones. How many were looked at. */
  pollDue(): Promise<number>;
}

export const paymentsRef = serviceRef<PaymentsService>('payments');

/** Where the provider calls us about a payment made on `site` (the webhook endpoint, naming the provider). */
export const webhookUrl = (site: SiteSettings, provider: string) =>
  siteLink(site, `${webhook.path}?provider=${encodeURIComponent(provider)}`);

export interface PaymentsDeps {
  db: DB;
  /** Tells other plugins of a payment paid (`payments:paid`), in the crediting transaction. */
  events?: Pick<Events, 'emit'>;
  clock: Clock;
  log: Logger;
  realtime: Pick<Realtime, 'publish'>;
  credits: CreditsService;
  /** The member's profile country, when a plugin knows it (members). */
  profileCountry: (userId: number) => Promise<string | null>;
  /** The settings of the site a payment was made on (its refund_days). */
  siteFor: (domain: string) => Promise<SiteSettings>;
  /** Whether direct debit (/directdebit) can run now; absent: it is not offered. */
  directDebit?: () => boolean;
  /** Queues the receipt mail in the transaction that credits the payment (so: exactly once). */
  receiptMail?: (trx: DB, row: Row) => Promise<void>;
  /** Mails the member that a refund is on its way. */
  refundMail?: (row: Row) => Promise<void>;
  /** Payments by the status they reached (created: open), counted once committed. */
  statuses?: Pick<Counter<'status'>, 'inc'>;
}

export type PaymentRow = Row;

/** What the member sees of a payment beyond its row: what can be refunded now. */
export interface RefundView { refundable_credits: number; refundable_amount: number; refund_until: string | null }
const NO_REFUND: RefundView = { refundable_credits: 0, refundable_amount: 0, refund_until: null };

export function toPayment(r: Row, refund: RefundView = NO_REFUND): Payment {
  return {
    id: r.id, package_id: r.package_id, credits: r.credits, amount: r.amount, fee: r.fee, discount: r.discount,
    currency: r.currency, method: r.method, country: r.country, status: r.status,
    created_at: new Date(r.created_at).toISOString(), paid_at: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    ...refund,
    refunded_credits: r.refunded_credits, refunded_amount: r.refunded_amount, repeat: r.repeat, account_hint: r.account_hint,
  };
}

export function createPaymentsService(deps: PaymentsDeps): PaymentsService & { use(provider: PaymentProvider | null, unavailable: string | null): void } {
  const { db, clock, log } = deps;
  let provider: PaymentProvider | null = null;
  const discounts = discountSources();
  const UNPAID = new Set<PaymentStatus>(['failed', 'canceled', 'expired']);
  let unavailable: string | null = 'payments are starting';
  /** When each payment was last asked about (this instance): the member's reads ask at most this often. */
  const lastSync = new Map<number, number>();

  const need = () => {
    if (!provider) throw new HttpError(503, 'payments_unavailable', 'Payments are not available right now.');
    return provider;
  };

  const event = (on: DB, paymentId: number, status: string, source: Source | 'create' | 'console', note: string | null = null) =>
    on.insertInto('payment_events').values({ payment_id: paymentId, status, source, note, at: clock.now() }).execute();

  /** The member's open pages hear of the change with the payment as GET payments.php shows it. */
  const reached = (status: PaymentStatus) => deps.statuses?.inc({ status });

  const publish = (row: Row) => {
    const userId = row.user_id;
    if (userId == null) return;
    void (async () => {
      const payment = (await viewAll(userId, await deps.siteFor(row.domain), [row]))[0]!;
      await deps.realtime.publish(userId, { type: 'payments:status', payment });
    })().catch((err: unknown) => log.warn({ err, payment: row.id }, 'payments: status not published'));
  };

  async function offerFor(userId: number, site: SiteSettings) {
    const country = countryFor(site, await deps.profileCountry(userId));
    const currency = currencyFor(site, country);
    // Direct debit only where its own flow can run (a provider that debits, SMS for the code).
    const methods = methodsFor(site, country, currency, provider?.methods ?? []).filter((m) => m.method !== 'directdebit' || deps.directDebit?.());
    return { country, currency, packages: packagesFor(site, currency), methods };
  }

  /**
   * Applies what the provider reports, in one transaction with the payment row locked: parallel
   * and repeated reports run one after the other and each sees what the one before wrote, so the
   * credits are granted once (and the ledger reference `payment:<id>` makes sure of it twice).
   */
  async function apply(paymentId: number, reported: ProviderStatus, source: Source, forced?: PaymentStatus): Promise<Row | null> {
    try {
      return await applyOnce(paymentId, reported, source, forced, true);
    } catch (err) {
      // Money the provider says it took is always credited: should a side effect (the discount's
      // bookkeeping) fail, the payment is applied again without it and the failure is recorded.
      const row = await db.selectFrom('payments').select(['status', 'amount']).where('id', '=', paymentId).executeTakeFirst();
      const next = row && nextStatus(row.status, forced ?? reportedStatus(reported, row.amount));
      if (!row || !next || !creditsNow(row.status, next)) throw err;
      log.error({ err, payment: paymentId }, 'payments: paid, but a side effect failed; credited without it');
      return applyOnce(paymentId, reported, source, forced, false, `side_effect_failed: ${err instanceof Error ? err.message.slice(0, 200) : 'error'}`);
    }
  }

  async function applyOnce(paymentId: number, reported: ProviderStatus, source: Source | 'console', forced: PaymentStatus | undefined,
    sideEffects: boolean, note: string | null = null, audit?: ChangeAudit): Promise<Row | null> {
    // The site the payment was made on, before the transaction (nothing waits on another connection inside it).
    const domain = (await db.selectFrom('payments').select('domain').where('id', '=', paymentId).executeTakeFirst())?.domain;
    if (domain === undefined) return null;
    const site = await deps.siteFor(domain);
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
      if (!row) return null;
      const next = nextStatus(row.status, forced ?? reportedStatus(reported, row.amount));
      if (!next) return { row, changed: false };
      if (creditsNow(row.status, next) && (reported.amount !== row.amount || reported.currency !== row.currency)) {
        // Never credit what was not paid in full: the status stays, someone has to look.
        log.error({ payment: row.id, ours: [row.amount, row.currency], theirs: [reported.amount, reported.currency] },
          'payments: the provider reports another amount; not credited');
        await event(trx, row.id, row.status, source, `amount_mismatch: provider reports ${reported.amount} ${reported.currency}`);
        return { row, changed: false };
      }
      const now = clock.now();
      let updated = await trx.updateTable('payments')
        .set({ status: next, updated_at: now, ...(next === 'paid' ? { paid_at: now } : {}) })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      await event(trx, row.id, next, source, note);
      if (creditsNow(row.status, next) && !row.credited) await credit(trx, updated, site);
      if (row.discount > 0 && sideEffects) {
        if (next === 'paid') {
          for (const unusual of await discounts.confirm(trx, row.id)) await event(trx, row.id, next, source, unusual);
        } else if (UNPAID.has(next)) await discounts.release(trx, row.id);
      }
      if (row.credited && reversesCredits(next)) updated = await reverse(trx, updated, next);
      updated = await trx.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      await audit?.(trx, row, updated);
      return { row: updated, changed: true };
    });
    if (outcome?.changed) {
      reached(outcome.row.status);
      publish(outcome.row);
    }
    return outcome?.row ?? null;
  }

  /** Grants the payment's credits and makes the member premium, once (the row's `credited`). */
  async function credit(trx: DB, row: Row, site: SiteSettings): Promise<void> {
    if (row.user_id == null) return;
    const marked = await trx.updateTable('payments').set({ credited: true }).where('id', '=', row.id).where('credited', '=', false)
      .returningAll().executeTakeFirst();
    if (!marked) return;
    const { credits } = deps;
    await credits.grant(row.user_id, row.credits, 'payment', `payment:${row.id}`, trx);
    await credits.markPaid(row.user_id, trx);
    await deps.receiptMail?.(trx, marked);
    // Others hear of the money in the same transaction (an affiliate's postback, say): once, as the credits.
    const earlier = await trx.selectFrom('payments').select('id').where('user_id', '=', row.user_id).where('credited', '=', true)
      .where('id', '<>', row.id).limit(1).executeTakeFirst();
    await deps.events?.emit('payments:paid', {
      userId: row.user_id, paymentId: row.id, domain: row.domain, amount: row.amount, currency: row.currency, method: row.method, first: !earlier,
    }, trx, site);
  }

  /**
   * The money went back (chargeback, returned debit, a refund made at the provider): the credits of
   * it still unused leave the balance, and the member may no longer pay by direct debit after a
   * chargeback or a returned debit.
   */
  async function reverse(trx: DB, row: Row, next: PaymentStatus): Promise<Row> {
    if (row.user_id == null) return row;
    const held = row.credits - row.refunded_credits - row.reversed_credits;
    const unused = (await unusedFor(row.user_id, trx)).get(row.id) ?? 0;
    let taken = 0;
    if (held > 0 && unused > 0) {
      taken = (await deps.credits.takeBack(row.user_id, Math.min(held, unused), `payment:${next}`, `reversal:${row.id}`, trx)).taken;
    }
    log.warn({ payment: row.id, status: next, taken, held }, 'payments: payment reversed; unused credits taken back');
    if (next === 'charged_back' || (row.method === 'directdebit' && next === 'failed')) {
      await trx.insertInto('directdebit_blocks').values({ user_id: row.user_id, payment_id: row.id, reason: next, at: clock.now() })
        .onConflict((oc) => oc.column('user_id').doNothing()).execute();
    }
    // Premium means having bought: when no other purchase of the member stands, it goes too.
    if (next !== 'refunded') {
      const other = await trx.selectFrom('payments').select('id').where('user_id', '=', row.user_id).where('id', '<>', row.id)
        .where('credited', '=', true).where('status', 'in', ['paid', 'pending', 'refunded']).limit(1).executeTakeFirst();
      if (!other) await deps.credits.unmarkPaid(row.user_id, trx);
    }
    return trx.updateTable('payments').set({ reversed_credits: sql`reversed_credits + ${taken}` })
      .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  }

  /** Each credited payment's credits still unused, for the member (see ./refunds.ts). */
  async function unusedFor(userId: number, on: DB): Promise<Map<number, number>> {
    const [rows, balance] = await Promise.all([
      on.selectFrom('payments').select(['id', 'credits', 'credited', 'refunded_credits', 'reversed_credits'])
        .where('user_id', '=', userId).where('credited', '=', true).execute(),
      deps.credits.balance(userId, on),
    ]);
    return unusedByPayment(rows, balance);
  }

  async function viewAll(userId: number, site: SiteSettings, rows: Row[], on: DB = db): Promise<Payment[]> {
    const now = clock.now();
    const unused = rows.some((r) => r.status === 'paid') ? await unusedFor(userId, on) : new Map<number, number>();
    return rows.map((r) => {
      const can = refundable(r, unused.get(r.id) ?? 0, now, site.refund_days);
      const until = can.credits > 0 ? refundUntil(r, site.refund_days) : null;
      return toPayment(r, { refundable_credits: can.credits, refundable_amount: can.amount, refund_until: until?.toISOString() ?? null });
    });
  }

  async function sync(paymentId: number, source: Source): Promise<Row | null> {
    const row = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (!row || !row.provider_id) return row ?? null;
    const p = need();
    if (row.provider !== p.name) {
      log.warn({ payment: row.id, provider: row.provider }, 'payments: made with another provider than the configured one');
      return row;
    }
    putBounded(lastSync, row.id, clock.now().getTime(), 10_000);
    return apply(row.id, await p.fetch(row.provider_id), source);
  }

  /**
   * Refunds the unused credits of one purchase: the credits leave the balance through the ledger
   * and the refund row is made in one transaction with the payment locked (a second click, or a
   * parallel one, finds the refund made: one refund per payment is a unique row), then the
   * provider pays the money back; should it refuse, the credits return. `userId`: only that
   * member's payment (the member's own refund); null: staff. `audit` runs in the transaction of
   * the change (and again in the one that undoes it when the provider refuses).
   */
  async function refundPayment(o: {
    id: number; userId: number | null; site: SiteSettings; ignoreWindow: boolean; note: string | null;
    existing: 'refuse' | 'return'; audit?: ChangeAudit; allowed?: (row: Row) => void;
  }): Promise<{ row: Row; refund: RefundRow; already: boolean }> {
    const p = need();
    const { id } = o;
    const notAllowed = () => badRequest('refund_not_allowed', 'This purchase has no unused credits that can be refunded now.');
    const made = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('payments').selectAll().where('id', '=', id)
        .$if(o.userId != null, (qb) => qb.where('user_id', '=', o.userId!)).forUpdate().executeTakeFirst();
      if (!row) throw notFound('payment_not_found', 'No such payment.');
      if (o.existing === 'return') {
        const earlier = await trx.selectFrom('payment_refunds').selectAll().where('payment_id', '=', row.id).executeTakeFirst();
        if (earlier) return { row, refund: earlier, already: true };
      }
      if (row.provider !== p.name || !row.provider_id || row.user_id == null) throw notAllowed();
      const userId = row.user_id;
      const unused = (await unusedFor(userId, trx)).get(row.id) ?? 0;
      const can = refundable(row, unused, clock.now(), o.site.refund_days, { ignoreWindow: o.ignoreWindow });
      if (can.credits <= 0) throw notAllowed();
      o.allowed?.(row);
      const now = clock.now();
      let refund = await trx.insertInto('payment_refunds').values({
        payment_id: row.id, credits: can.credits, amount: can.amount, status: 'pending', provider_refund_id: null, created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      // The ledger reference names this attempt: one the provider refused may be tried again.
      const { taken } = await deps.credits.takeBack(userId, can.credits, 'payment:refund', `refund:${refund.id}`, trx);
      const amount = refundAmount(row, taken);
      if (taken <= 0 || amount <= 0) throw notAllowed();
      if (taken !== can.credits) {
        refund = await trx.updateTable('payment_refunds').set({ credits: taken, amount }).where('id', '=', refund.id).returningAll().executeTakeFirstOrThrow();
      }
      const updated = await trx.updateTable('payments').set({ refunded_credits: taken, refunded_amount: amount, updated_at: now })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      const by = o.userId == null ? 'staff' : 'member';
      await event(trx, row.id, row.status, o.userId == null ? 'console' : 'create',
        `refund_requested (${by}, refund:${refund.id}): ${taken} credits, ${amount} ${row.currency}${o.note ? `; reason: ${o.note}` : ''}`.slice(0, 1000));
      await o.audit?.(trx, row, updated);
      return { row: updated, refund, already: false };
    });
    if (made.already) return made;
    const userId = made.row.user_id!;
    let providerRefundId: string;
    try {
      providerRefundId = (await p.refund(made.row.provider_id!, made.refund.amount, made.row.currency)).refundId;
    } catch (err) {
      // The provider would not pay it back: the credits return to the balance, nothing is lost.
      log.error({ err, payment: id }, 'payments: the provider refused or failed the refund; credits given back');
      const undo = (audit: ChangeAudit | undefined) => db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
        await deps.credits.grant(userId, made.refund.credits, 'payment:refund-failed', `refund-undone:${made.refund.id}`, trx);
        // Deleted so that the member may try again (one refund per payment is the unique row).
        await trx.deleteFrom('payment_refunds').where('id', '=', made.refund.id).execute();
        const after = await trx.updateTable('payments').set({ refunded_credits: 0, refunded_amount: 0, updated_at: clock.now() })
          .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await event(trx, id, made.row.status, o.userId == null ? 'console' : 'create', `refund_failed (refund:${made.refund.id})`);
        await audit?.(trx, before, after, 'undone');
      });
      // The credits always come back: should the audit row of the undoing fail, it is undone without it.
      await undo(o.audit).catch(async (undoErr: unknown) => {
        if (!o.audit) throw undoErr;
        log.error({ err: undoErr, payment: id }, 'payments: refund undone without its audit row');
        await undo(undefined);
      });
      throw new HttpError(502, 'provider_unavailable', 'The payment provider could not be reached. Please try again.');
    }
    const refund = await db.updateTable('payment_refunds').set({ status: 'done', provider_refund_id: providerRefundId, updated_at: clock.now() })
      .where('id', '=', made.refund.id).returningAll().executeTakeFirstOrThrow();
    await deps.refundMail?.(made.row).catch((err: unknown) => log.warn({ err, payment: id }, 'payments: refund mail not queued'));
    publish(made.row);
    return { row: made.row, refund, already: false };
  }

  const service = {
    get provider() { return provider; },
    get unavailable() { return unavailable; },
    use(p: PaymentProvider | null, why: string | null) { provider = p; unavailable = p ? null : why; },

    async offer(userId: number, site: SiteSettings): Promise<CreditsOffer> {
      const { country, currency, packages, methods } = await offerFor(userId, site);
      const last = await db.selectFrom('payments').select(['package_id', 'method']).where('user_id', '=', userId)
        .where('status', '=', 'paid').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const ctx = { userId, site, country, currency };
      const [discount, welcome] = await Promise.all([discounts.current(ctx), discounts.welcome(ctx)]);
      return { country, currency, packages, methods, discount, welcome, last_order: last ? { package_id: last.package_id, method: last.method } : null };
    },

    async create(userId: number, site: SiteSettings, request: CreatePaymentRequest, locale: string): Promise<CreatePaymentResponse> {
      const p = need();
      const { country, currency, packages, methods } = await offerFor(userId, site);
      const pkg = packages.find((x) => x.id === request.package_id);
      if (!pkg) throw badRequest('unknown_package', `There is no package ${request.package_id} in ${currency}.`);
      const method = methods.find((m) => m.method === request.method);
      // Direct debit needs its mandate and SMS code (/directdebit), not a plain checkout.
      if (!method || method.method === 'directdebit') {
        throw badRequest('method_not_offered', `${request.method} is not offered in ${country} for ${currency}.`);
      }
      // The amount comes from the package, the method's fee and the discount the server finds,
      // never from the browser; the discount's use is recorded in the same transaction.
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        await accounts.lock(trx, userId);
        let made = await trx.insertInto('payments').values({
          user_id: userId, domain: site.domain, package_id: pkg.id, credits: pkg.credits, amount: pkg.price + method.fee, fee: method.fee, discount: 0,
          currency, method: method.method, country, status: 'open', provider: p.name, provider_id: null,
          created_at: now, updated_at: now, repeat: request.repeat === true,
        }).returningAll().executeTakeFirstOrThrow();
        const claim = await discounts.claim(trx, { userId, site, country, currency, price: pkg.price, method: method.method, paymentId: made.id });
        if (claim && claim.amount > 0) {
          made = await trx.updateTable('payments').set({ discount: claim.amount, amount: pkg.price + method.fee - claim.amount })
            .where('id', '=', made.id).returningAll().executeTakeFirstOrThrow();
        }
        if (method.max != null && made.amount > method.max) {
          throw badRequest('method_not_offered', `${request.method} takes at most ${method.max} (minor units of ${currency}).`);
        }
        if (request.shown_amount != null && request.shown_amount !== made.amount) {
          throw new HttpError(409, 'price_changed', 'The price has changed since the page was shown.', { amount: made.amount });
        }
        await event(trx, made.id, 'open', 'create', claim ? `discount ${claim.discount.code}: ${claim.amount}` : null);
        return made;
      });
      reached('open');
      const amount = row.amount;
      let made: { providerId: string; redirectUrl: string };
      try {
        made = await p.create({
          // Our id, made unique across databases (a reset dev database reuses ids, and the
          // provider's idempotency key would hand back the old payment for a day).
          reference: `${row.id}-${now.getTime().toString(36)}`, amount, currency, method: method.method, locale,
          description: `${pkg.credits} credits (${site.domain}) #${row.id}`,
          returnUrl: siteLink(site, `/transactions/${row.id}`),
          webhookUrl: webhookUrl(site, p.name),
        });
      } catch (err) {
        log.error({ err, payment: row.id, provider: p.name }, 'payments: the provider refused or failed to make the payment');
        const failed = await db.transaction().execute(async (trx) => {
          const r = await trx.updateTable('payments').set({ status: 'failed', updated_at: clock.now() })
            .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
          if (r.discount > 0) await discounts.release(trx, r.id);
          await event(trx, row.id, 'failed', 'create', 'provider_error');
          return r;
        });
        reached('failed');
        publish(failed);
        throw new HttpError(502, 'provider_unavailable', 'The payment provider could not be reached. Please try again.');
      }
      const stored = await db.updateTable('payments').set({ provider_id: made.providerId, updated_at: clock.now() })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      return { payment: toPayment(stored), redirect_url: made.redirectUrl };
    },

    async get(userId: number, id: number, site: SiteSettings) {
      let row = await db.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) return null;
      // Still waiting: the page polling it asks the provider too (throttled), so a webhook that
      // cannot reach us (a development machine) or comes late does not keep the payer waiting.
      if ((row.status === 'open' || row.status === 'pending') && row.provider_id && row.provider === provider?.name
        && clock.now().getTime() - (lastSync.get(row.id) ?? 0) >= RETURN_SYNC_MS) {
        row = await sync(row.id, 'return').catch((err: unknown) => {
          log.warn({ err, payment: id }, 'payments: status not fetched');
          return row;
        }) ?? row;
      }
      return (await viewAll(userId, site, [row]))[0]!;
    },

    async list(userId: number, site: SiteSettings) {
      const rows = await db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(500).execute();
      return viewAll(userId, site, rows);
    },

    async refund(userId: number, site: SiteSettings, id: number): Promise<Payment> {
      const done = await refundPayment({ id, userId, site, ignoreWindow: false, note: null, existing: 'refuse' });
      return (await viewAll(userId, site, [done.row]))[0]!;
    },

    async staffRefund(id: number, opts: { reason: string | null; audit: ChangeAudit }): Promise<StaffRefundResult> {
      const found = await db.selectFrom('payments').select('domain').where('id', '=', id).executeTakeFirst();
      if (!found) throw notFound('payment_not_found', 'No such payment.');
      const site = await deps.siteFor(found.domain);
      const reason = opts.reason?.trim() || null;
      const done = await refundPayment({
        id, userId: null, site, ignoreWindow: true, note: reason, existing: 'return', audit: opts.audit,
        // Outside refund_days only with a stated reason.
        allowed: (row) => {
          const until = refundUntil(row, site.refund_days);
          if (reason || (until && clock.now() < until)) return;
          throw badRequest('reason_required', `The refund period (${site.refund_days} days) is over: state a reason to refund anyway.`);
        },
      });
      return { row: done.row, refund: done.refund, already: done.already };
    },

    async recordChargeback(id: number, opts: { reason: string; audit: ChangeAudit }): Promise<{ row: Row; changed: boolean }> {
      const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('payment_not_found', 'No such payment.');
      if (row.status === 'charged_back') return { row, changed: false };
      if (row.status !== 'paid' && row.status !== 'refunded') {
        throw badRequest('chargeback_not_allowed', `A ${row.status} payment cannot be charged back.`);
      }
      const reported: ProviderStatus = { status: 'paid', amount: row.amount, currency: row.currency, refunded: row.refunded_amount, chargedBack: row.amount };
      const after = await applyOnce(id, reported, 'console', 'charged_back', true, `chargeback recorded: ${opts.reason}`.slice(0, 500), opts.audit);
      return { row: after ?? row, changed: (after?.status ?? row.status) !== row.status };
    },

    async consoleView(row: Row) {
      const site = await deps.siteFor(row.domain);
      const unused = row.user_id != null && row.status === 'paid' ? (await unusedFor(row.user_id, db)).get(row.id) ?? 0 : 0;
      const now = clock.now();
      const inWindow = refundable(row, unused, now, site.refund_days);
      const any = refundable(row, unused, now, site.refund_days, { ignoreWindow: true });
      const until = refundUntil(row, site.refund_days);
      return {
        refund_days: site.refund_days,
        refund_until: until?.toISOString() ?? null,
        within_refund_days: Boolean(until && now < until),
        refundable_credits: any.credits,
        refundable_amount: any.amount,
        refundable_in_window: inWindow.credits > 0,
      };
    },

    credit,
    addDiscountSource(source: DiscountSource) { discounts.add(source); },
    async claimDiscount(trx: DB, ctx: PurchaseContext) {
      const claim = await discounts.claim(trx, ctx);
      return claim ? { amount: claim.amount, code: claim.discount.code } : null;
    },
    async releaseDiscount(trx: DB, paymentId: number) { await discounts.release(trx, paymentId); },
    view: async (userId: number, site: SiteSettings, row: Row) => (await viewAll(userId, site, [row]))[0]!,
    publish,
    reached,

    async sync(paymentId: number, source: Source) {
      const row = await sync(paymentId, source);
      return row ? toPayment(row) : null;
    },

    async webhook(name: string, req: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }) {
      const p = need();
      if (name !== p.name) return 'unknown' as const;
      const hint = await p.parseWebhook(req);
      if (!hint) return 'unknown' as const;
      const row = await db.selectFrom('payments').select('id').where('provider', '=', p.name).where('provider_id', '=', hint.providerId).executeTakeFirst();
      // Known to the provider but not ours (another site on the same account): nothing to do.
      if (!row) {
        log.info({ provider: p.name, providerId: hint.providerId }, 'payments: webhook for a payment we do not know');
        return 'handled' as const;
      }
      // Only a hint: the status is always the provider's answer to our own question.
      await sync(row.id, 'webhook');
      return 'handled' as const;
    },

    async pollDue() {
      if (!provider) return 0;
      const now = clock.now().getTime();
      const rows = await db.selectFrom('payments').select(['id', 'method', 'created_at', 'provider', 'provider_id', 'amount', 'currency'])
        .where('status', 'in', ['open', 'pending']).where('created_at', '<', new Date(now - POLL_AFTER_MS))
        .orderBy('created_at').limit(100).execute();
      for (const r of rows) {
        const age = now - new Date(r.created_at).getTime();
        const giveUp = age > (r.method === 'banktransfer' ? GIVE_UP_BANKTRANSFER_MS : GIVE_UP_MS);
        let still = true;
        try {
          const row = r.provider_id && r.provider === provider.name ? await sync(r.id, 'poll') : null;
          if (row) still = row.status === 'open' || row.status === 'pending';
        } catch (err) {
          log.warn({ err, payment: r.id }, 'payments: poll failed');
        }
        // Still waiting after all this time (or the provider cannot tell): expired on our side.
        // Should the provider report it paid later after all, it is paid and credited then.
        if (giveUp && still) {
          await apply(r.id, { status: 'expired', amount: r.amount, currency: r.currency, refunded: 0, chargedBack: 0 }, 'poll', 'expired')
            .catch((err: unknown) => log.warn({ err, payment: r.id }, 'payments: not expired'));
        }
      }
      return rows.length;
    },
  };
  return service;
}
