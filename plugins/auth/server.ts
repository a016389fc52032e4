import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { authMigrations, usersChanges } from './server/migrations.ts';
import { createAuthService } from './server/service.ts';
import { authRoutes } from './server/routes.ts';
import { authTestRoutes } from './server/test-routes.ts';
import { cleanupLoginRecords } from './server/throttle.ts';
import { authRef } from './server/service.ts';
import authPlugin from './plugin.ts';

export type { AuthService, NewAccount, PersonalData, PersonalDataSource } from './server/service.ts';
export { accountDisabled, authRef } from './server/service.ts';
/** Reads and writes of the `users` table for other plugins (only auth writes it). */
export * as accounts from './server/accounts.ts';

export default defineServerPlugin(authPlugin, {
  migrations: authMigrations,
  init(kernel) {
    kernel.changes.watch(usersChanges);
    const auth = createAuthService(kernel.db, kernel.sessions, kernel.tokens);
    kernel.services.provide(authRef, auth);
    // Roles live in the users table: the kernel asks here when a route is for operators.
    kernel.access.useRoles((userId) => auth.roleOf(userId));
    // The console's password step: the same argon2 check as logging in (a dummy hash for unknown addresses).
    kernel.access.useAccounts({ check: (email, password) => auth.checkPassword(email, password), email: (userId) => auth.emailOf(userId) });
    // Login failures count for a day; addresses unused for half a year are no longer "usual".
    kernel.jobs.every('auth:login-records', 3600_000, () => cleanupLoginRecords(kernel.db, kernel.clock.now()));
    return { auth };
  },
  api: (app, kernel) => authRoutes(app, kernel, kernel.state.auth),
  testRoutes: (app, kernel) => authTestRoutes(app, kernel, kernel.state.auth),
});
