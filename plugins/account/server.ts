import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { accountMigrations } from './server/migrations.ts';
import { accountRoutes, createAccountService, purgeDeletedAccounts } from './server/routes.ts';
import { accountRef } from './server/routes.ts';
import { authRef } from '../auth/server.ts';
import { membersRef } from '../members/server.ts';
import accountPlugin from './plugin.ts';

export type { AccountService } from './server/routes.ts';
export { accountRef } from './server/routes.ts';

const HOUR = 3600_000;

/** Activation, password reset and change, email change, deletion with a 14-day way back. */
export default defineServerPlugin(accountPlugin, {
  deps: { auth: authRef, members: membersRef },
  migrations: accountMigrations,
  init(kernel) {
    const { auth } = kernel.deps;
    const account = createAccountService(kernel, auth);
    kernel.services.provide(accountRef, account);
    kernel.jobs.every('account:purge', HOUR, async () => { await purgeDeletedAccounts(kernel, auth); });
    return { account };
  },
  api: (app, kernel) => accountRoutes(app, kernel, kernel.deps, kernel.state.account),
});
