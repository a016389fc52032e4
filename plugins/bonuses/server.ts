import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { creditsRef } from '../credits/server.ts';
import { paymentsRef } from '../payments/server.ts';
import bonusesPlugin from './plugin.ts';
import { bonusesMigrations } from './server/migrations.ts';
import { bonusesRoutes } from './server/routes.ts';
import { createBonuses, type Bonuses } from './server/service.ts';

export const bonusesRef = serviceRef<Bonuses>('bonuses');

/**
 * The time bonus, discount codes and the welcome discount. The payments plugin prices every
 * payment; this plugin is its discount source (off for a site: no discount there).
 */
export default defineServerPlugin(bonusesPlugin, {
  migrations: bonusesMigrations,
  init(kernel) {
    const bonuses = createBonuses({ db: kernel.db, clock: kernel.clock, credits: () => kernel.services.get(creditsRef) });
    kernel.services.provide(bonusesRef, bonuses);
    const { source } = bonuses;
    kernel.services.get(paymentsRef).useDiscounts({
      current: async (ctx) => (kernel.self.on(ctx.site) ? source.current(ctx) : null),
      claim: async (trx, ctx) => (kernel.self.on(ctx.site) ? source.claim(trx, ctx) : null),
      // Claims made earlier are settled wherever the payment ends.
      release: (trx, paymentId) => source.release(trx, paymentId),
      confirm: (trx, paymentId) => source.confirm(trx, paymentId),
    });
  },
  api(app, kernel) {
    bonusesRoutes(app, kernel, kernel.services.get(bonusesRef));
  },
  /** Example codes for development and the journeys (operators add their own). */
  async seed(kernel) {
    const bonuses = kernel.services.get(bonusesRef);
    await bonuses.addCode({ code: 'SPRING10', value_percentage: 10, validity: 'reusable' });
    await bonuses.addCode({ code: 'FIRST20', value_percentage: 20, validity: 'once_per_user', currency: 'EUR', minimum_order_value: 2000 });
    await bonuses.addCode({ code: 'IDEAL15', value_percentage: 15, validity: 'reusable', paymentmethods: ['ideal'] });
  },
});
