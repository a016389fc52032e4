import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { putBounded } from '../../../kernel/server/bounded.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import type { Realtime } from '../../../kernel/server/realtime.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import type { CreditsService } from '../../credits/server.ts';
import type { CreatePaymentRequest, CreatePaymentResponse, CreditsOffer, Payment, PaymentStatus } from '../contract.ts';
import { countryFor, currencyFor, methodsFor, packagesFor } from './offer.ts';
import type { PaymentProvider, ProviderStatus } from './provider.ts';
import { creditsNow, nextStatus, reportedStatus } from './state.ts';
import type { PaymentsTable } from './tables.ts';

type Row = Selectable<PaymentsTable>;
export type Source = 'webhook' | 'poll' | 'return';

/** Polled when the webhook has not come this long after the payment was made. */
export const POLL_AFTER_MS = 2 * 60_000;
/** Given up (expired) after this long; a bank transfer may take two weeks to arrive. */
export const GIVE_UP_MS = 24 * 3600_000;
export const GIVE_UP_BANKTRANSFER_MS = 14 * 24 * 3600_000;
/** A member reading a waiting payment asks the provider at most this often. */
export const RETURN_SYNC_MS = 10_000;

/** The payments plugin's service (kernel.services.get(paymentsRef)). */
export interface PaymentsService {
  /** The configured provider; null when payments are unavailable (see `unavailable`). */
  readonly provider: PaymentProvider | null;
  /** Why payments are unavailable (production without a real provider), or null. */
  readonly unavailable: string | null;
  offer(userId: number, site: SiteSettings): Promise<CreditsOffer>;
  create(userId: number, site: SiteSettings, request: CreatePaymentRequest, locale: string): Promise<CreatePaymentResponse>;
  /** The member's own payment, or null (another member's is as absent as a missing one). */
  get(userId: number, id: number): Promise<Payment | null>;
  /** The member's payments, newest first. */
  list(userId: number): Promise<Payment[]>;
  /** Asks the provider how the payment stands and applies it (webhook, poll, the payer's return). */
  sync(paymentId: number, source: Source): Promise<Payment | null>;
  /** A webhook call: 'unknown' when the provider does not recognise it (nothing changes). */
  webhook(provider: string, req: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): Promise<'handled' | 'unknown'>;
  /** Polls the payments whose webhook never came; gives up on old ones. How many were looked at. */
  pollDue(): Promise<number>;
}

export const paymentsRef = serviceRef<PaymentsService>('payments');

export interface PaymentsDeps {
  db: DB;
  clock: Clock;
  log: Logger;
  realtime: Pick<Realtime, 'publish'>;
  credits: () => CreditsService;
  /** The member's profile country, when a plugin knows it (members). */
  profileCountry: (userId: number) => Promise<string | null>;
}

export function toPayment(r: Row): Payment {
  return {
    id: r.id, package_id: r.package_id, credits: r.credits, amount: r.amount, fee: r.fee, discount: r.discount,
    currency: r.currency, method: r.method, country: r.country, status: r.status,
    created_at: new Date(r.created_at).toISOString(), paid_at: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    // Refunds come in a later step: nothing is refundable yet.
    refundable_credits: 0,
  };
}

export function createPaymentsService(deps: PaymentsDeps): PaymentsService & { use(provider: PaymentProvider | null, unavailable: string | null): void } {
  const { db, clock, log } = deps;
  let provider: PaymentProvider | null = null;
  let unavailable: string | null = 'payments are starting';
  /** When each payment was last asked about (this instance): the member's reads ask at most this often. */
  const lastSync = new Map<number, number>();

  const need = () => {
    if (!provider) throw new HttpError(503, 'payments_unavailable', 'Payments are not available right now.');
    return provider;
  };

  const event = (on: DB, paymentId: number, status: string, source: Source | 'create', note: string | null = null) =>
    on.insertInto('payment_events').values({ payment_id: paymentId, status, source, note, at: clock.now() }).execute();

  const publish = (row: Row) => {
    if (row.user_id == null) return;
    void deps.realtime.publish(row.user_id, { type: 'payments:status', payment: toPayment(row) })
      .catch((err: unknown) => log.warn({ err, payment: row.id }, 'payments: status not published'));
  };

  async function offerFor(userId: number, site: SiteSettings) {
    const country = countryFor(site, await deps.profileCountry(userId));
    const currency = currencyFor(site, country);
    return { country, currency, packages: packagesFor(site, currency), methods: methodsFor(site, country, currency, provider?.methods ?? []) };
  }

  /**
   * Applies what the provider reports, in one transaction with the payment row locked: parallel
   * and repeated reports run one after the other and each sees what the one before wrote, so the
   * credits are granted once (and the ledger reference `payment:<id>` makes sure of it twice).
   */
  async function apply(paymentId: number, reported: ProviderStatus, source: Source, forced?: PaymentStatus): Promise<Row | null> {
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
      if (creditsNow(row.status, next) && row.user_id != null) {
        const credits = deps.credits();
        await credits.grant(row.user_id, row.credits, 'payment', `payment:${row.id}`, trx);
        await credits.markPaid(row.user_id, trx);
      }
      const updated = await trx.updateTable('payments')
        .set({ status: next, updated_at: now, ...(next === 'paid' ? { paid_at: now } : {}) })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      await event(trx, row.id, next, source);
      if (next === 'refunded' || next === 'charged_back') {
        // Taking unspent credits back comes with refunds (a later step); for now it is on record.
        log.warn({ payment: row.id, status: next }, 'payments: payment reversed at the provider');
      }
      return { row: updated, changed: true };
    });
    if (outcome?.changed) publish(outcome.row);
    return outcome?.row ?? null;
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

  const service = {
    get provider() { return provider; },
    get unavailable() { return unavailable; },
    use(p: PaymentProvider | null, why: string | null) { provider = p; unavailable = p ? null : why; },

    async offer(userId: number, site: SiteSettings): Promise<CreditsOffer> {
      const { country, currency, packages, methods } = await offerFor(userId, site);
      const last = await db.selectFrom('payments').select(['package_id', 'method']).where('user_id', '=', userId)
        .where('status', '=', 'paid').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return { country, currency, packages, methods, last_order: last ? { package_id: last.package_id, method: last.method } : null };
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
      // The amount comes from the package and the method's fee only, never from the browser.
      const discount = 0;
      const amount = pkg.price + method.fee - discount;
      if (method.max != null && amount > method.max) {
        throw badRequest('method_not_offered', `${request.method} takes at most ${method.max} (minor units of ${currency}).`);
      }
      const now = clock.now();
      const row = await db.insertInto('payments').values({
        user_id: userId, domain: site.domain, package_id: pkg.id, credits: pkg.credits, amount, fee: method.fee, discount,
        currency, method: method.method, country, status: 'open', provider: p.name, provider_id: null,
        created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      await event(db, row.id, 'open', 'create');
      let made: { providerId: string; redirectUrl: string };
      try {
        made = await p.create({
          // Our id, made unique across databases (a reset dev database reuses ids, and the
          // provider's idempotency key would hand back the old payment for a day).
          reference: `${row.id}-${now.getTime().toString(36)}`, amount, currency, method: method.method, locale,
          description: `${pkg.credits} credits (${site.domain}) #${row.id}`,
          returnUrl: siteLink(site, `/transactions/${row.id}`),
          webhookUrl: siteLink(site, `/api/payments-webhook.php?provider=${encodeURIComponent(p.name)}`),
        });
      } catch (err) {
        log.error({ err, payment: row.id, provider: p.name }, 'payments: the provider refused or failed to make the payment');
        const failed = await db.updateTable('payments').set({ status: 'failed', updated_at: clock.now() })
          .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
        await event(db, row.id, 'failed', 'create', 'provider_error');
        publish(failed);
        throw new HttpError(502, 'provider_unavailable', 'The payment provider could not be reached. Please try again.');
      }
      const stored = await db.updateTable('payments').set({ provider_id: made.providerId, updated_at: clock.now() })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      return { payment: toPayment(stored), redirect_url: made.redirectUrl };
    },

    async get(userId: number, id: number) {
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
      return toPayment(row);
    },

    async list(userId: number) {
      const rows = await db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(500).execute();
      return rows.map(toPayment);
    },

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
