import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { accountMigrations } from './server/migrations.ts';
import { accountRoutes, purgeDeletedAccounts } from './server/routes.ts';
import { accountRef } from './server/routes.ts';
import accountPlugin from './plugin.ts';

export type { AccountService } from './server/routes.ts';
export { accountRef } from './server/routes.ts';

const HOUR = 3600_000;

/** Activation, password reset and change, email change, deletion with a 14-day way back. */
export default defineServerPlugin(accountPlugin, {
  migrations: accountMigrations,
  init(kernel) {
    kernel.services.provide(accountRef, accountRoutes(kernel).service);
    kernel.jobs.every('account:purge', HOUR, async () => { await purgeDeletedAccounts(kernel); });
  },
  api: (app, kernel) => accountRoutes(kernel).routes(app),
});
