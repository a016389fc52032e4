import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_API_PREFIX } from '../../../kernel/contract/endpoint.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { jsonOf } from '../../../kernel/server/serialize.ts';
import type { AuthService } from '../../auth/server.ts';
import type { ChatService } from '../../chat/server.ts';
import {
  createDirectDebit, createPayment, directDebitCode, directDebitInfo, offer, payments as paymentsEndpoint, pricing, receipt,
  refund, webhook,
} from '../contract.ts';
import type { DirectDebit } from './directdebit.ts';
import { receiptFor, type ReceiptDeps } from './receipts.ts';
import { countryFor, currencyFor, packagesFor } from './offer.ts';
import type { PaymentsService } from './service.ts';

/** Payment creations per member and hour (a checkout abandoned and retried a few times is normal). */
export const CREATES_PER_HOUR = 20;

/** Direct-debit attempts (each needs a code) and code sends per member and hour, on top of the per-day limits. */
export const DEBITS_PER_HOUR = 20;
export const CODES_PER_HOUR = 10;

/** What the routes use besides the kernel: the plugin's own objects and the services it was given. */
export interface PaymentRouteDeps {
  payments: PaymentsService;
  directDebit: DirectDebit;
  auth: AuthService;
  /** The chat plugin's service (what messages cost), when chat is installed. */
  chat: ChatService | undefined;
  receipts: ReceiptDeps;
}

export function paymentRoutes(app: FastifyInstance, kernel: Kernel, { payments, directDebit, auth, chat, receipts }: PaymentRouteDeps) {
  const perMember = (name: string, max: number) => ({
    max: max * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `${name}:${req.userId ?? req.ip}`,
  });
  // Production without a real provider: every route says so instead of selling through a fake.
  // (The console's pages, under /api/operator/, still show what was sold.)
  app.addHook('onRequest', async (req) => {
    if (!payments.provider && !req.url.startsWith(CONSOLE_API_PREFIX)) throw new HttpError(503, 'payments_unavailable', 'Payments are not available right now.');
  });
  /** The member's language for the provider's pages and texts (their saved one, else the request's). */
  const localeOf = async (req: FastifyRequest) => (await auth.userView(memberId(req), req.site))?.language ?? requestLocale(req);

  kernel.serve(app, offer, async (req) => payments.offer(memberId(req), req.site));
  // /credits arrives with the member's offer in it (as credits.php answers it): the server renders
  // the packages, and they paint with the page instead of after an API round trip.
  kernel.bootData.add('credits-offer', async (req) => {
    if (req.userId == null || req.url.split('?')[0] !== '/credits' || !req.site.plugins.includes('payments') || !payments.provider) return null;
    return JSON.parse(jsonOf(offer.response, await payments.offer(req.userId, req.site))) as unknown;
  });

  kernel.serve(app, pricing, async (req) => {
    const site = req.site;
    const country = countryFor(site, req.query.country);
    const currency = currencyFor(site, country);
    // What messages cost is the chat plugin's to say, where chat is on for the site.
    const costs = chat && kernel.enabled(site).has('chat') ? chat.messageCosts(site) : null;
    return {
      country, currency, packages: packagesFor(site, currency),
      message_costs: costs ? { message: costs.message, photo: costs.photo, gift: costs.gift } : null,
    };
  });

  // No amount: the server computes it; anything else in the body is refused.
  kernel.serve(app, createPayment, { rateLimit: perMember('payments-create', CREATES_PER_HOUR) }, async (req) =>
    payments.create(memberId(req), req.site, req.body, await localeOf(req)));

  kernel.serve(app, paymentsEndpoint, async (req) => {
    const me = memberId(req);
    const { id: paymentId } = req.query;
    if (paymentId == null) return { payments: await payments.list(me, req.site) };
    const payment = await payments.get(me, paymentId, req.site);
    if (!payment) throw notFound('payment_not_found', 'No such payment.');
    return { payment };
  });

  kernel.serve(app, refund, { rateLimit: perMember('payments-refund', 20) }, async (req) =>
    ({ payment: await payments.refund(memberId(req), req.site, req.body.id) }));

  kernel.serve(app, receipt, async (req) => {
    const me = memberId(req);
    const row = await kernel.db.selectFrom('payments').selectAll().where('id', '=', req.query.id).where('user_id', '=', me).executeTakeFirst();
    const found = row ? await receiptFor(receipts, req.site, row, await payments.view(me, req.site, row)) : null;
    if (!found) throw notFound('receipt_not_found', 'There is no receipt for this payment.');
    return found;
  });

  const debitContext = (req: FastifyRequest, locale: string) => ({
    ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300), locale,
  });

  kernel.serve(app, directDebitInfo, async (req) => directDebit.info(memberId(req), req.site));

  kernel.serve(app, directDebitCode, { rateLimit: perMember('directdebit-code', CODES_PER_HOUR) }, async (req) =>
    directDebit.sendCode(memberId(req), req.site, req.body.phone, debitContext(req, await localeOf(req))));

  // Lengths only in the contract: the meaning (IBAN checksum, SEPA country, code) is checked with translated answers.
  kernel.serve(app, createDirectDebit, { rateLimit: perMember('directdebit', DEBITS_PER_HOUR) }, async (req) =>
    directDebit.debit(memberId(req), req.site, req.body, debitContext(req, await localeOf(req))));

  // The provider's call: the raw body as it came (Stripe signs exactly those bytes).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    kernel.serve(scope, webhook, async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { provider } = req.query;
      let result: 'handled' | 'unknown';
      try {
        result = await payments.webhook(provider, { headers: req.headers, rawBody });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        // The provider could not be asked: answer so it sends the webhook again later.
        req.log.warn({ err, provider }, 'payments: webhook not handled');
        throw new HttpError(503, 'provider_unavailable', 'Try again later.');
      }
      if (result === 'unknown') throw new HttpError(400, 'webhook_invalid', 'Not a webhook of the configured provider.');
      return {};
    });
  });
}
