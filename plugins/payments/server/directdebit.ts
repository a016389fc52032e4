import crypto from 'node:crypto';
import { sql } from 'kysely';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Logger } from 'pino';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, forbidden, HttpError } from '../../../kernel/server/errors.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import { accounts } from '../../auth/server.ts';
import { SEPA_COUNTRIES, type CreatePaymentResponse, type Currency, type DirectDebitCodeResponse, type DirectDebitInfo, type DirectDebitRequest } from '../contract.ts';
import type { PaymentProvider } from './provider.ts';
import { webhookUrl, type PaymentsService } from './service.ts';
import { normalisePhone, type SmsSender } from './sms/sms.ts';

/** A code is valid this long, may be asked for again after RESEND, and allows this many tries. */
export const CODE_TTL_S = 600;
export const RESEND_S = 60;
export const CODE_TRIES = 5;
/** Codes sent per day: per member, per number, per IP address. */
export const SENDS_PER_DAY = { member: 5, phone: 5, ip: 20 };
/** The pre-notification: the member is told this many days before the debit (the page and the receipt mail). */
export const PRENOTIFICATION_DAYS = 1;
const DAY_MS = 86_400_000;

export interface DirectDebitDeps {
  db: DB;
  clock: Clock;
  log: Logger;
  payments: PaymentsService;
  sms: () => SmsSender | null;
  /** The SMS text in the member's language. */
  smsText: (locale: string | null, code: string, site: SiteSettings) => string;
  /** The creditor's name in the mandate (the company's, else the site's). */
  creditorName: (site: SiteSettings) => Promise<string>;
}

export interface DebitContext { ip: string; userAgent: string; locale: string }

const hashCode = (salt: string, code: string) => `${salt}:${crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
const codeMatches = (stored: string, code: string) => {
  const [salt] = stored.split(':');
  const a = Buffer.from(hashCode(salt!, code));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

const field = (code: string, name: string, message: string) => badRequest(code, message, { field: name });
const text = (v: unknown, name: string, max: number, code = 'address_invalid') => {
  const s = typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '';
  if (!s || s.length > max || /[\u0000-\u001f\u007f<>]/.test(s)) throw field(code, name, `${name} is missing or not valid.`);
  return s;
};

/**
 * SEPA direct debit with our own mandate: the member's account holder, IBAN, address and mobile
 * number, a 6-digit code texted to that number, and the ticked authorisation. The credits are
 * granted when the provider accepts the debit; a chargeback or returned debit takes the unused ones
 * back and blocks direct debit for the member (service.ts, reverse()).
 */
export function createDirectDebit(deps: DirectDebitDeps) {
  const { db, clock, log } = deps;

  const blocked = async (userId: number, on: DB = db) =>
    Boolean(await on.selectFrom('directdebit_blocks').select('user_id').where('user_id', '=', userId).executeTakeFirst());

  /** Direct debit in the last 30 days that still counts (not failed or cancelled), minor units. */
  async function used(userId: number, currency: Currency, on: DB = db): Promise<number> {
    const row = await on.selectFrom('payments').select(sql<string>`COALESCE(SUM(amount), 0)`.as('sum'))
      .where('user_id', '=', userId).where('method', '=', 'directdebit').where('currency', '=', currency)
      .where('status', 'not in', ['failed', 'canceled', 'expired'])
      .where('created_at', '>=', new Date(clock.now().getTime() - 30 * DAY_MS)).executeTakeFirst();
    return Number(row?.sum ?? 0);
  }

  const limitOf = (site: SiteSettings, currency: Currency) => site.directdebit_limit?.[currency] ?? 0;

  const available = (provider: PaymentProvider | null): provider is PaymentProvider & Required<Pick<PaymentProvider, 'debit'>> =>
    Boolean(provider?.debit && provider.methods.includes('directdebit'));

  function need() {
    const provider = deps.payments.provider;
    if (!available(provider) || !deps.sms()) throw new HttpError(503, 'directdebit_unavailable', 'Direct debit is not available right now.');
    return provider;
  }

  return {
    /** Whether direct debit can be offered at all (a provider that debits, and SMS). */
    available: () => available(deps.payments.provider) && !!deps.sms(),

    async info(userId: number, site: SiteSettings): Promise<DirectDebitInfo> {
      need();
      const currency: Currency = 'EUR';
      return {
        creditor_name: await deps.creditorName(site), creditor_id: site.sepa_creditor_id,
        blocked: await blocked(userId),
        limit: { max: limitOf(site, currency), used: await used(userId, currency), currency },
        prenotification_days: PRENOTIFICATION_DAYS,
      };
    },

    /** Texts a new code to `phone`; limited per member, number and address. */
    async sendCode(userId: number, site: SiteSettings, phoneInput: unknown, ctx: DebitContext): Promise<DirectDebitCodeResponse> {
      need();
      const phone = typeof phoneInput === 'string' ? normalisePhone(phoneInput) : null;
      if (!phone) throw field('phone_invalid', 'phone', 'Enter your mobile number with its country code, e.g. +31 6 12345678.');
      if (await blocked(userId)) throw forbidden('directdebit_blocked', 'This account is blocked for direct debit payments.');
      const now = clock.now();
      const since = new Date(now.getTime() - DAY_MS);
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = crypto.randomBytes(8).toString('hex');
      // Counting and inserting with the member locked: parallel requests cannot pass the limits together.
      await db.transaction().execute(async (trx) => {
        await accounts.lock(trx, userId);
        const count = async (col: 'user_id' | 'phone' | 'ip', value: string | number) => Number((await trx.selectFrom('directdebit_codes')
          .select(sql<string>`count(*)`.as('n')).where(col, '=', value as never).where('created_at', '>=', since).executeTakeFirst())?.n ?? 0);
        const last = await trx.selectFrom('directdebit_codes').select('created_at').where('user_id', '=', userId)
          .orderBy('id', 'desc').limit(1).executeTakeFirst();
        const wait = last ? Math.ceil((new Date(last.created_at).getTime() + RESEND_S * 1000 - now.getTime()) / 1000) : 0;
        if (wait > 0) throw new HttpError(429, 'sms_wait', `Wait ${wait} s before asking for another code.`, { seconds: wait });
        if (await count('user_id', userId) >= SENDS_PER_DAY.member || await count('phone', phone) >= SENDS_PER_DAY.phone
          || await count('ip', ctx.ip) >= SENDS_PER_DAY.ip) {
          throw new HttpError(429, 'sms_limit', 'Too many codes were sent. Please try again tomorrow.');
        }
        await trx.insertInto('directdebit_codes').values({
          user_id: userId, phone, ip: ctx.ip, code_hash: hashCode(salt, code), created_at: now, expires_at: new Date(now.getTime() + CODE_TTL_S * 1000), used_at: null,
        }).execute();
      });
      try {
        await deps.sms()!.send(phone, deps.smsText(ctx.locale, code, site));
      } catch (err) {
        log.error({ err }, 'payments: the SMS with the direct-debit code was not sent');
        // Not sent: it does not count against the member's limits.
        await db.deleteFrom('directdebit_codes').where('user_id', '=', userId).where('created_at', '=', now).execute();
        throw new HttpError(502, 'sms_unavailable', 'The text message could not be sent. Please try again.');
      }
      return { expires_in: CODE_TTL_S, resend_in: RESEND_S };
    },

    /** The one-time debit: everything checked, the code used, the mandate kept, the provider asked. */
    async debit(userId: number, site: SiteSettings, body: DirectDebitRequest, ctx: DebitContext): Promise<CreatePaymentResponse> {
      const provider = need();
      const { payments } = deps;
      if (body.authorise !== true) throw field('authorisation_required', 'authorise', 'Tick the box to authorise the one-time direct debit.');
      const holder = text(body.holder, 'holder', 70, 'holder_invalid');
      const iban = electronicFormatIBAN(typeof body.iban === 'string' ? body.iban : '') ?? '';
      if (!isValidIBAN(iban)) throw field('iban_invalid', 'iban', 'This IBAN is not valid.');
      if (!(SEPA_COUNTRIES as readonly string[]).includes(iban.slice(0, 2))) throw field('iban_not_sepa', 'iban', 'Direct debit takes accounts in SEPA countries only.');
      const street = text(body.street, 'street', 100);
      const postcode = text(body.postcode, 'postcode', 16);
      const city = text(body.city, 'city', 60);
      const country = typeof body.country === 'string' ? body.country.toUpperCase() : '';
      if (!(SEPA_COUNTRIES as readonly string[]).includes(country)) throw field('address_invalid', 'country', 'Choose the country of your address.');
      const phone = typeof body.phone === 'string' ? normalisePhone(body.phone) : null;
      if (!phone) throw field('phone_invalid', 'phone', 'Enter your mobile number with its country code.');
      const code = typeof body.code === 'string' ? body.code.trim() : '';

      const offer = await payments.offer(userId, site);
      const pkg = offer.packages.find((p) => p.id === body.package_id);
      if (!pkg) throw badRequest('unknown_package', `There is no package ${body.package_id} in ${offer.currency}.`);
      if (!offer.methods.some((m) => m.method === 'directdebit')) {
        throw badRequest('method_not_offered', `Direct debit is not offered in ${offer.country} for ${offer.currency}.`);
      }
      if (await blocked(userId)) throw forbidden('directdebit_blocked', 'This account is blocked for direct debit payments.');

      // The code: a wrong one counts as a try even when the rest of the request fails later.
      const now = clock.now();
      const stored = await db.selectFrom('directdebit_codes').selectAll().where('user_id', '=', userId).where('phone', '=', phone)
        .where('used_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!stored || new Date(stored.expires_at) <= now) throw field('code_expired', 'code', 'The code has expired: ask for a new one.');
      const tried = await db.updateTable('directdebit_codes').set({ attempts: sql`attempts + 1` })
        .where('id', '=', stored.id).where('attempts', '<', CODE_TRIES).returning('attempts').executeTakeFirst();
      if (!tried) throw field('code_tries', 'code', 'Too many wrong codes: ask for a new one.');
      if (!/^\d{6}$/.test(code) || !codeMatches(stored.code_hash, code)) throw field('code_invalid', 'code', 'Code invalid');

      const made = await db.transaction().execute(async (trx) => {
        await accounts.lock(trx, userId);
        // Used once: a parallel request with the same code finds it used.
        const use = await trx.updateTable('directdebit_codes').set({ used_at: now }).where('id', '=', stored.id).where('used_at', 'is', null)
          .returning('id').executeTakeFirst();
        if (!use) throw field('code_expired', 'code', 'The code was used already: ask for a new one.');
        let row = await trx.insertInto('payments').values({
          user_id: userId, domain: site.domain, package_id: pkg.id, credits: pkg.credits, amount: pkg.price, fee: 0, discount: 0,
          currency: pkg.currency, method: 'directdebit', country: offer.country, status: 'open', provider: provider.name, provider_id: null,
          created_at: now, updated_at: now, account_hint: iban.slice(-4),
        }).returningAll().executeTakeFirstOrThrow();
        // The member's discount, as for any payment (the page showed it).
        const discount = await payments.claimDiscount(trx, {
          userId, site, country: offer.country, currency: pkg.currency, price: pkg.price, method: 'directdebit', paymentId: row.id,
        });
        if (discount) {
          row = await trx.updateTable('payments').set({ discount: discount.amount, amount: pkg.price - discount.amount })
            .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
        }
        // The page showed another price (a bonus ended meanwhile): nothing is made, the code stays usable.
        if (body.shown_amount != null && body.shown_amount !== row.amount) {
          throw new HttpError(409, 'price_changed', 'The price has changed since the page was shown.', { amount: row.amount });
        }
        // The limit counts what is charged (this payment is in `used` now).
        if (await used(userId, pkg.currency, trx) > limitOf(site, pkg.currency)) {
          throw badRequest('directdebit_limit', 'Limit reached: try later, a cheaper package or another method.');
        }
        const reference = `MD${row.id}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
        await trx.insertInto('directdebit_mandates').values({
          payment_id: row.id, reference, holder, iban, street, postcode, city, country, phone,
          language: ctx.locale, ip: ctx.ip, user_agent: ctx.userAgent.slice(0, 300), signed_at: now,
        }).execute();
        await trx.insertInto('payment_events').values({ payment_id: row.id, status: 'open', source: 'create', note: `mandate ${reference}`, at: now }).execute();
        return { row, reference };
      });
      payments.reached('open');

      const who = await accounts.contact(db, userId);
      let providerId: string;
      try {
        ({ providerId } = await provider.debit({
          reference: `${made.row.id}-${now.getTime().toString(36)}`, amount: made.row.amount, currency: pkg.currency,
          description: `${pkg.credits} credits (${site.domain}) #${made.row.id}`,
          webhookUrl: webhookUrl(site, provider.name),
          locale: ctx.locale, holder, iban, mandateReference: made.reference, signedAt: now, email: who?.email ?? '',
          ip: ctx.ip, userAgent: ctx.userAgent,
        }));
      } catch (err) {
        log.error({ err, payment: made.row.id }, 'payments: the provider refused the direct debit');
        const failed = await db.transaction().execute(async (trx) => {
          const r = await trx.updateTable('payments').set({ status: 'failed', updated_at: clock.now() })
            .where('id', '=', made.row.id).returningAll().executeTakeFirstOrThrow();
          if (r.discount > 0) await payments.releaseDiscount(trx, r.id);
          await trx.insertInto('payment_events').values({ payment_id: r.id, status: 'failed', source: 'create', note: 'provider_refused', at: clock.now() }).execute();
          return r;
        });
        payments.reached('failed');
        payments.publish(failed);
        throw new HttpError(502, 'provider_unavailable', 'The payment provider could not be reached. Please try again.');
      }
      // Accepted: pending until the bank collects, and the credits now (SEPA takes days).
      let moved = false;
      const accepted = await db.transaction().execute(async (trx) => {
        const pending = await trx.updateTable('payments').set({ provider_id: providerId, status: 'pending', updated_at: clock.now() })
          .where('id', '=', made.row.id).where('status', '=', 'open').returningAll().executeTakeFirst();
        moved = pending !== undefined;
        const row = pending ?? await trx.selectFrom('payments').selectAll().where('id', '=', made.row.id).executeTakeFirstOrThrow();
        await trx.insertInto('payment_events').values({ payment_id: row.id, status: row.status, source: 'create', note: 'debit_accepted', at: clock.now() }).execute();
        await payments.credit(trx, row, site);
        return trx.selectFrom('payments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      });
      // (Moved on by a webhook before this: counted there.)
      if (moved) payments.reached('pending');
      payments.publish(accepted);
      return { payment: await payments.view(userId, site, accepted), redirect_url: siteLink(site, `/transactions/${accepted.id}`) };
    },
  };
}

export type DirectDebit = ReturnType<typeof createDirectDebit>;
