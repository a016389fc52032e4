import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberId } from '../../../kernel/server/access.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { authRef } from '../../auth/server.ts';
import { METHODS, type CreatePaymentRequest, type DirectDebitRequest } from '../contract.ts';
import type { DirectDebit } from './directdebit.ts';
import { receiptFor } from './receipts.ts';
import { countryFor, currencyFor, packagesFor } from './offer.ts';
import type { PaymentsService } from './service.ts';

/** Payment creations per member and hour (a checkout abandoned and retried a few times is normal). */
export const CREATES_PER_HOUR = 20;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 };

/** Direct-debit attempts (each needs a code) and code sends per member and hour, on top of the per-day limits. */
export const DEBITS_PER_HOUR = 20;
export const CODES_PER_HOUR = 10;

const str = (max: number) => ({ type: 'string', maxLength: max });

export function paymentRoutes(app: FastifyInstance, kernel: Kernel, payments: PaymentsService, directDebit: DirectDebit) {
  const perMember = (name: string, max: number) => ({
    max: max * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `${name}:${req.userId ?? req.ip}`,
  });
  // Production without a real provider: every route says so instead of selling through a fake.
  app.addHook('onRequest', async () => {
    if (!payments.provider) throw new HttpError(503, 'payments_unavailable', 'Payments are not available right now.');
  });

  app.get('/credits.php', { config: { access: 'member' } }, async (req) => payments.offer(memberId(req), req.site));

  app.get('/pricing.php', {
    config: { access: 'visitor' },
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { country: { type: 'string', pattern: '^[A-Za-z]{2}$' } } } },
  }, async (req) => {
    const { country: asked } = req.query as { country?: string };
    const site = req.site;
    const country = countryFor(site, asked);
    const currency = currencyFor(site, country);
    const chat = kernel.enabled(site).has('chat');
    return {
      country, currency, packages: packagesFor(site, currency),
      message_costs: chat ? { message: site.message_credits, photo: site.photo_credits, gift: site.gift_credits } : null,
    };
  });

  app.post('/payments.php', {
    config: {
      access: 'member',
      rateLimit: { max: CREATES_PER_HOUR * kernel.config.rateLimitFactor, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `payments-create:${req.userId ?? req.ip}` },
    },
    schema: {
      // No amount: the server computes it; anything else in the body is refused.
      body: { type: 'object', required: ['package_id', 'method'], additionalProperties: false, properties: { package_id: id, method: { type: 'string', enum: [...METHODS] }, repeat: { type: 'boolean' }, shown_amount: { type: 'integer', minimum: 0, maximum: 100_000_000 } } },
    },
  }, async (req) => {
    const me = memberId(req);
    const user = await kernel.services.get(authRef).userView(me, req.site);
    return payments.create(me, req.site, req.body as CreatePaymentRequest, user?.language ?? requestLocale(req));
  });

  app.get('/payments.php', {
    config: { access: 'member' },
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { id } } },
  }, async (req) => {
    const me = memberId(req);
    const { id: paymentId } = req.query as { id?: number };
    if (paymentId == null) return { payments: await payments.list(me, req.site) };
    const payment = await payments.get(me, paymentId, req.site);
    if (!payment) throw notFound('payment_not_found', 'No such payment.');
    return { payment };
  });

  app.post('/payments-refund.php', {
    config: { access: 'member', rateLimit: perMember('payments-refund', 20) },
    schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } } },
  }, async (req) => ({ payment: await payments.refund(memberId(req), req.site, (req.body as { id: number }).id) }));

  app.get('/payments-receipt.php', {
    config: { access: 'member' },
    schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } } },
  }, async (req) => {
    const me = memberId(req);
    const { id: paymentId } = req.query as { id: number };
    const row = await kernel.db.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', me).executeTakeFirst();
    const receipt = row ? await receiptFor(kernel, req.site, row, await payments.view(me, req.site, row)) : null;
    if (!receipt) throw notFound('receipt_not_found', 'There is no receipt for this payment.');
    return receipt;
  });

  const debitContext = (req: FastifyRequest, locale: string) => ({
    ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300), locale,
  });
  const localeOf = async (req: FastifyRequest) => (await kernel.services.get(authRef).userView(memberId(req), req.site))?.language ?? requestLocale(req);

  app.get('/directdebit.php', { config: { access: 'member' } }, async (req) => directDebit.info(memberId(req), req.site));

  app.post('/directdebit-code.php', {
    config: { access: 'member', rateLimit: perMember('directdebit-code', CODES_PER_HOUR) },
    schema: { body: { type: 'object', required: ['phone'], additionalProperties: false, properties: { phone: str(40) } } },
  }, async (req) => directDebit.sendCode(memberId(req), req.site, (req.body as { phone: string }).phone, debitContext(req, await localeOf(req))));

  app.post('/directdebit.php', {
    config: { access: 'member', rateLimit: perMember('directdebit', DEBITS_PER_HOUR) },
    schema: {
      // Lengths only: the meaning (IBAN checksum, SEPA country, code) is checked with translated answers.
      body: {
        type: 'object', additionalProperties: false,
        required: ['package_id', 'holder', 'iban', 'street', 'postcode', 'city', 'country', 'phone', 'code', 'authorise'],
        properties: {
          package_id: id, holder: str(200), iban: str(60), street: str(200), postcode: str(40), city: str(120),
          country: str(10),
          phone: str(40), code: str(20), authorise: { type: 'boolean' }, shown_amount: { type: 'integer', minimum: 0, maximum: 100_000_000 },
        },
      },
    },
  }, async (req) => directDebit.debit(memberId(req), req.site, req.body as DirectDebitRequest, debitContext(req, await localeOf(req))));

  // The provider's call: the raw body as it came (Stripe signs exactly those bytes).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/payments-webhook.php', {
      config: { access: 'visitor', csrfExempt: true, binaryBody: true },
      schema: { querystring: { type: 'object', required: ['provider'], additionalProperties: false, properties: { provider: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[a-z0-9]+$' } } } },
    }, async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { provider } = req.query as { provider: string };
      let result: 'handled' | 'unknown';
      try {
        result = await payments.webhook(provider, { headers: req.headers, rawBody });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        // The provider could not be asked: answer so it sends the webhook again later.
        req.log.warn({ err, provider }, 'payments: webhook not handled');
        throw new HttpError(503, 'provider_unavailable', 'Try again later.');
      }
      if (result === 'unknown') return reply.status(400).send({ error: 'webhook_invalid', message: 'Not a webhook of the configured provider.', params: {} });
      return {};
    });
  });
}
