import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import { creditsRef } from '../credits/server.ts';
import { paymentsRef } from '../payments/server.ts';
import { authRef } from '../auth/server.ts';
import { discountsData } from './server/personal-data.ts';
import bonusesPlugin from './plugin.ts';
import { bonusesMigrations } from './server/migrations.ts';
import { bonusesRoutes } from './server/routes.ts';
import { bonusesConsoleRoutes } from './server/console.ts';
import { createBonuses, type Bonuses } from './server/service.ts';

export const bonusesRef = serviceRef<Bonuses>('bonuses');

/**
 * The time bonus, discount codes and the welcome discount. The payments plugin prices every
 * payment; this plugin is one of its discount sources (off for a site: no discount from here).
 */
export default defineServerPlugin(bonusesPlugin, {
  deps: { auth: authRef, credits: creditsRef, payments: paymentsRef },
  migrations: bonusesMigrations,
  init(kernel) {
    const { auth, credits, payments } = kernel.deps;
    // A member's copy of their data holds their personal codes and the discounts they used.
    auth.addPersonalData(discountsData);
    const bonuses = createBonuses({ db: kernel.db, clock: kernel.clock, credits });
    kernel.services.provide(bonusesRef, bonuses);
    const { source } = bonuses;
    const on = (site: SiteSettings) => kernel.self.on(site);
    payments.addDiscountSource({
      current: async (ctx) => (on(ctx.site) ? source.current(ctx) : null),
      welcome: async (ctx) => (on(ctx.site) ? source.welcome?.(ctx) ?? null : null),
      options: async (trx, ctx) => (on(ctx.site) ? source.options(trx, ctx) : []),
      claim: async (trx, ctx, discount) => on(ctx.site) && source.claim(trx, ctx, discount),
      // Claims made earlier are settled wherever the payment ends (even where the plugin is off now).
      release: (trx, paymentId) => source.release(trx, paymentId),
      confirm: (trx, paymentId) => source.confirm(trx, paymentId),
    });
    return { bonuses, payments };
  },
  api(app, kernel) {
    bonusesRoutes(app, kernel, kernel.state.bonuses, kernel.state.payments);
    bonusesConsoleRoutes(app, kernel);
  },
  /** Example codes for development and the journeys (operators add their own). */
  async seed(kernel) {
    const { bonuses } = kernel.state;
    await bonuses.addCode({ code: 'SPRING10', value_percentage: 10, validity: 'reusable' });
    await bonuses.addCode({ code: 'FIRST20', value_percentage: 20, validity: 'once_per_user', currency: 'EUR', minimum_order_value: 2000 });
    await bonuses.addCode({ code: 'IDEAL15', value_percentage: 15, validity: 'reusable', paymentmethods: ['ideal'] });
  },
});
