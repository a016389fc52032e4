import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { accountMigrations } from './server/migrations.ts';
import { accountRoutes, purgeDeletedAccounts, type AccountService } from './server/routes.ts';
import { accountRef } from './server/routes.ts';

export type { AccountService } from './server/routes.ts';
export { accountRef } from './server/routes.ts';

const HOUR = 3600_000;

/** Activation, password reset and change, email change, deletion with a 14-day way back. */
export default defineServerPlugin({
  id: 'account',
  requires: ['auth', 'members'],
  migrations: accountMigrations,
  init(kernel) {
    kernel.services.provide(accountRef, accountRoutes(kernel).service);
    kernel.jobs.every('account:purge', HOUR, async () => { await purgeDeletedAccounts(kernel); });
  },
  routes: (app, kernel) => accountRoutes(kernel).routes(app),
});
