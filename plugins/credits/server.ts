import Type from 'typebox';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { authRef } from '../auth/server.ts';
import creditsPlugin from './plugin.ts';
import { accountsChanges, creditsMigrations } from './server/migrations.ts';
import { createCreditsService, creditsRef } from './server/service.ts';
import { creditsTestRoutes } from './server/test-routes.ts';
import { creditsTallies } from './server/tallies.ts';
import { creditsData } from './server/personal-data.ts';
import './contract.ts';

export type { CreditsService, GrantResult, LedgerEntry, SpendResult } from './server/service.ts';
export { creditsRef, paidSql, paidUser } from './server/service.ts';

/** Balances, the ledger and premium (paid_user), for chat, signup, member lists and payments. */
export default defineServerPlugin(creditsPlugin, {
  deps: { auth: authRef },
  migrations: creditsMigrations,
  init(kernel) {
    kernel.changes.watch(accountsChanges);
    const credits = createCreditsService(kernel.db);
    kernel.services.provide(creditsRef, credits);
    // A member's copy of their data (GDPR articles 15 and 20) holds the balance and the ledger.
    kernel.deps.auth.addPersonalData(creditsData);
    // The user object (GET /api/user.php) carries the balance and the paid flag, as it always has.
    kernel.deps.auth.extendUser(kernel.self, {
      fields: { credits: Type.Integer({ minimum: 0 }), paid_user: Type.Boolean() },
      load: async (userId) => {
        const { balance, paid } = await credits.account(userId);
        return { credits: balance, paid_user: paid };
      },
    });
    return { credits };
  },
  // `npm run db:move` keeps a copy of the database only when the ledger sums agree on both sides.
  tallies: creditsTallies,
  testRoutes: (app, kernel) => creditsTestRoutes(app, kernel, kernel.deps.auth, kernel.state.credits),
});
