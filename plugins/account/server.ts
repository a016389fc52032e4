import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { accountMigrations } from './server/migrations.ts';
import { accountRoutes, createAccountService, purgeDeletedAccounts } from './server/routes.ts';
import { accountRef } from './server/routes.ts';
import { authRef } from '../auth/server.ts';
import { membersConsoleRef, membersRef } from '../members/server.ts';
import { creditsRef } from '../credits/server.ts';
import { chatRef } from '../chat/server.ts';
import { optional } from '../../kernel/server/services.ts';
import { consoleRoutes, rememberSignupDomains } from './server/console.ts';
import { accountHistoryData } from './server/personal-data.ts';
import accountPlugin from './plugin.ts';

export type { AccountService } from './server/routes.ts';
export { accountRef } from './server/routes.ts';

const HOUR = 3600_000;

/** Activation, password reset and change, email change, deletion with a 14-day way back. */
export default defineServerPlugin(accountPlugin, {
  deps: { auth: authRef, members: membersRef, membersConsole: membersConsoleRef, credits: creditsRef, chat: optional(chatRef) },
  migrations: accountMigrations,
  init(kernel) {
    const { auth } = kernel.deps;
    // A member's copy of their data holds the site they signed up on and their deletion requests.
    auth.addPersonalData(accountHistoryData);
    const account = createAccountService(kernel, auth);
    kernel.services.provide(accountRef, account);
    kernel.jobs.every('account:purge', HOUR, async () => { await purgeDeletedAccounts(kernel, auth); });
    // The console's members section shows and searches the domain each member signed up on.
    rememberSignupDomains(kernel);
    return { account };
  },
  api: (app, kernel) => {
    accountRoutes(app, kernel, kernel.deps, kernel.state.account);
    // The operator console's members section: search, a member's page, its actions (audited).
    consoleRoutes(app, kernel, kernel.deps);
  },
});
