import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { creditsRef } from '../credits/server.ts';
import { membersRef } from '../members/server.ts';
import paymentsPlugin from './plugin.ts';
import { readPaymentsConfig } from './server/config.ts';
import { paymentsMigrations } from './server/migrations.ts';
import { isTestProvider, selectProvider } from './server/providers/index.ts';
import { testCheckoutRoutes } from './server/providers/test-checkout.ts';
import { paymentRoutes } from './server/routes.ts';
import { createPaymentsService, paymentsRef, type PaymentsService } from './server/service.ts';

export type { PaymentsService } from './server/service.ts';
export { paymentsRef } from './server/service.ts';

/** How often payments whose webhook never came are asked about. */
const POLL_EVERY_MS = 60_000;

// One service per app (tests build several apps in one process).
const services = new WeakMap<object, ReturnType<typeof createPaymentsService>>();

/**
 * Credits for money: checkout through the configured provider (PAYMENT_PROVIDER: the built-in test
 * provider by default, Mollie or Stripe), webhooks and a poll applying the provider's word to each
 * payment's state machine, the credits granted exactly once through the credits plugin.
 */
export default defineServerPlugin(paymentsPlugin, {
  migrations: paymentsMigrations,
  init(kernel) {
    const service = createPaymentsService({
      db: kernel.db, clock: kernel.clock, log: kernel.log, realtime: kernel.realtime,
      credits: () => kernel.services.get(creditsRef),
      profileCountry: async (userId) => (await kernel.services.find(membersRef)?.basics([userId]))?.get(userId)?.country ?? null,
    });
    services.set(kernel.services, service);
    kernel.services.provide(paymentsRef, service as PaymentsService);
    kernel.jobs.every('payments:poll', POLL_EVERY_MS, async () => { await services.get(kernel.services)?.pollDue(); });
  },
  async start(kernel) {
    const payments = services.get(kernel.services)!;
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
    const payments = services.get(kernel.services)!;
    paymentRoutes(app, kernel, payments);
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
