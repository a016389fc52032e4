import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { creditsRef } from '../credits/server.ts';
import { membersRef } from '../members/server.ts';
import { companiesRef } from '../pages/server.ts';
import { createDirectDebit, type DirectDebit } from './server/directdebit.ts';
import { queueReceipt, queueRefundMail, RECEIPT_JOB, sendReceiptMail } from './server/receipts.ts';
import { readSmsConfig, selectSms, type SmsSender } from './server/sms/index.ts';
import paymentsPlugin from './plugin.ts';
import { readPaymentsConfig } from './server/config.ts';
import { paymentsMigrations } from './server/migrations.ts';
import { isTestProvider, selectProvider } from './server/providers/index.ts';
import { testCheckoutRoutes } from './server/providers/test-checkout.ts';
import { paymentRoutes } from './server/routes.ts';
import { createPaymentsService, paymentsRef, type PaymentsService } from './server/service.ts';

export type { PaymentsService } from './server/service.ts';
export type { DiscountContext, DiscountSource } from './server/discounts.ts';
export { paymentsRef } from './server/service.ts';

/** How often payments whose webhook never came are asked about. */
const POLL_EVERY_MS = 60_000;

// One service per app (tests build several apps in one process).
const services = new WeakMap<object, { payments: ReturnType<typeof createPaymentsService>; directDebit: DirectDebit; sms: { sender: SmsSender | null } }>();

/**
 * Credits for money: checkout through the configured provider (PAYMENT_PROVIDER: the built-in test
 * provider by default, Mollie or Stripe), webhooks and a poll applying the provider's word to each
 * payment's state machine, the credits granted exactly once through the credits plugin.
 */
export default defineServerPlugin(paymentsPlugin, {
  migrations: paymentsMigrations,
  init(kernel) {
    const sms: { sender: SmsSender | null } = { sender: null };
    let directDebit: DirectDebit | null = null;
    const service = createPaymentsService({
      db: kernel.db, clock: kernel.clock, log: kernel.log, realtime: kernel.realtime,
      credits: () => kernel.services.get(creditsRef),
      profileCountry: async (userId) => (await kernel.services.find(membersRef)?.basics([userId]))?.get(userId)?.country ?? null,
      siteFor: (domain) => kernel.sites.resolve(domain),
      directDebit: () => directDebit?.available() ?? false,
      receiptMail: (trx, row) => queueReceipt(kernel, trx, row),
      refundMail: (row) => queueRefundMail(kernel, row),
    });
    directDebit = createDirectDebit({
      db: kernel.db, clock: kernel.clock, log: kernel.log, payments: () => service, sms: () => sms.sender,
      smsText: (locale, code, site) => kernel.mail.texts.t(locale, 'payments:sms.code', { code, site: site.mail_name || site.name }),
      creditorName: async (site) => (kernel.enabled(site).has('pages') ? (await kernel.services.find(companiesRef)?.company(site.company_id))?.name : null) ?? site.name,
    });
    services.set(kernel.services, { payments: service, directDebit, sms });
    kernel.jobs.handle(RECEIPT_JOB, async (payload) => { await sendReceiptMail(kernel, Number(payload.payment)); }, { maxAttempts: 10 });
    kernel.services.provide(paymentsRef, service as PaymentsService);
    kernel.jobs.every('payments:poll', POLL_EVERY_MS, async () => { await services.get(kernel.services)?.payments.pollDue(); });
  },
  async start(kernel) {
    const { payments, sms } = services.get(kernel.services)!;
    const smsConfig = readSmsConfig(process.env, kernel.config.production);
    if (smsConfig.ok) sms.sender = selectSms(smsConfig.config, { dataDir: kernel.config.dataDir });
    else kernel.log.error(`DIRECT DEBIT UNAVAILABLE: ${smsConfig.reason}`);
    const config = readPaymentsConfig(process.env, kernel.config.production);
    if (!config.ok) {
      // Loud, and no selling: every payments route answers 503 payments_unavailable.
      kernel.log.error(`PAYMENTS UNAVAILABLE: ${config.reason}`);
      payments.use(null, config.reason);
      return;
    }
    try {
      payments.use(selectProvider(config.config, { log: kernel.log }), null);
      kernel.log.info({ provider: config.config.provider }, 'payments: provider ready');
    } catch (err) {
      kernel.log.error({ err }, `PAYMENTS UNAVAILABLE: provider ${config.config.provider} could not be set up`);
      payments.use(null, String((err as Error).message));
    }
  },
  api(app, kernel) {
    const { payments, directDebit } = services.get(kernel.services)!;
    paymentRoutes(app, kernel, payments, directDebit);
    const provider = payments.provider;
    if (isTestProvider(provider)) {
      testCheckoutRoutes(app, provider);
      // The test PSP calls our webhook route as a real one does, with the site's host.
      provider.useDelivery(async (url, body) => {
        const u = new URL(url);
        const res = await app.inject({
          method: 'POST', url: u.pathname + u.search, payload: body,
          headers: { host: u.host, 'content-type': 'application/x-www-form-urlencoded' },
        });
        if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      });
      app.addHook('onClose', async () => { provider.close(); });
    }
  },
});
