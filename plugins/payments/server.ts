import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { optional } from '../../kernel/server/services.ts';
import { authRef } from '../auth/server.ts';
import { chatRef } from '../chat/server.ts';
import { creditsRef } from '../credits/server.ts';
import { membersRef } from '../members/server.ts';
import { companiesRef } from '../pages/server.ts';
import { createDirectDebit } from './server/directdebit.ts';
import { queueReceipt, queueRefundMail, RECEIPT_JOB, sendReceiptMail, type ReceiptDeps } from './server/receipts.ts';
import { readSmsConfig, selectSms, type SmsSender } from './server/sms/index.ts';
import paymentsPlugin from './plugin.ts';
import { readPaymentsConfig } from './server/config.ts';
import { paymentsMigrations } from './server/migrations.ts';
import { isTestProvider, selectProvider } from './server/providers/index.ts';
import { testCheckoutRoutes } from './server/providers/test-checkout.ts';
import { paymentRoutes } from './server/routes.ts';
import { paymentsConsoleRoutes } from './server/console.ts';
import { createPaymentsService, paymentsRef } from './server/service.ts';
import { paymentsData } from './server/personal-data.ts';

export type { PaymentsService } from './server/service.ts';
export type { DiscountContext, DiscountOption, DiscountSource, PurchaseContext } from './server/discounts.ts';
export { paymentsRef } from './server/service.ts';

/** How often payments whose webhook never came are asked about. */
const POLL_EVERY_MS = 60_000;

/**
 * Credits for money: checkout through the configured provider (PAYMENT_PROVIDER: the built-in test
 * provider by default, Mollie or Stripe), webhooks and a poll applying the provider's word to each
 * payment's state machine, the credits granted exactly once through the credits plugin.
 */
export default defineServerPlugin(paymentsPlugin, {
  deps: {
    auth: authRef,
    credits: creditsRef,
    /** The profile's country prices the offer. */
    members: optional(membersRef),
    /** The company's legal data on receipts and in the mandate. */
    companies: optional(companiesRef),
    /** What messages cost, on /pricing. */
    chat: optional(chatRef),
  },
  migrations: paymentsMigrations,
  init(kernel) {
    const { credits, members, companies } = kernel.deps;
    const receipts: ReceiptDeps = { kernel, companies };
    /** The SMS sender of the direct-debit codes, chosen at start (none: direct debit is unavailable). */
    const sms: { sender: SmsSender | null } = { sender: null };
    const payments = createPaymentsService({
      db: kernel.db, clock: kernel.clock, log: kernel.log, realtime: kernel.realtime, credits, events: kernel.events,
      profileCountry: async (userId) => (await members?.basics([userId]))?.get(userId)?.country ?? null,
      siteFor: (domain) => kernel.sites.resolve(domain),
      directDebit: () => directDebit.available(),
      receiptMail: (trx, row) => queueReceipt(kernel, trx, row),
      refundMail: (row) => queueRefundMail(kernel, row),
      statuses: kernel.metrics.counter({ name: 'payments_status_total', help: 'Payments that reached a status on this instance (created: open; then pending, paid, failed, canceled, expired, refunded, charged_back)', labelNames: ['status'] as const }),
    });
    const directDebit = createDirectDebit({
      db: kernel.db, clock: kernel.clock, log: kernel.log, payments, sms: () => sms.sender,
      smsText: (locale, code, site) => kernel.mail.texts.t(locale, 'payments:sms.code', { code, site: site.mail_name || site.name }),
      creditorName: async (site) => (kernel.enabled(site).has('pages') ? (await companies?.company(site.company_id))?.name : null) ?? site.name,
    });
    kernel.jobs.handle(RECEIPT_JOB, async (payload) => { await sendReceiptMail(receipts, Number(payload.payment)); }, { maxAttempts: 10 });
    kernel.services.provide(paymentsRef, payments);
    // A member's copy of their data (GDPR articles 15 and 20) holds their payments and mandates.
    kernel.deps.auth.addPersonalData(paymentsData);
    kernel.jobs.every('payments:poll', POLL_EVERY_MS, async () => { await payments.pollDue(); });
    return { payments, directDebit, sms, receipts };
  },
  async start(kernel) {
    const { payments, sms } = kernel.state;
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
    const { payments, directDebit, receipts } = kernel.state;
    paymentRoutes(app, kernel, { payments, directDebit, auth: kernel.deps.auth, chat: kernel.deps.chat, receipts });
    paymentsConsoleRoutes(app, kernel, { payments, credits: kernel.deps.credits, auth: kernel.deps.auth, rows: () => kernel.sites.rows() });
    const provider = payments.provider;
    if (isTestProvider(provider)) {
      testCheckoutRoutes(app, kernel.serve, provider);
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
