import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { authMigrations, usersChanges } from './server/migrations.ts';
import { createAuthService } from './server/service.ts';
import { authRoutes } from './server/routes.ts';
import { cleanupLoginRecords } from './server/throttle.ts';
import type { AuthService } from './server/service.ts';
import { authRef } from './server/service.ts';

export type { AuthService, NewAccount } from './server/service.ts';
export { authRef } from './server/service.ts';

export default defineServerPlugin({
  id: 'auth',
  migrations: authMigrations,
  init(kernel) {
    kernel.changes.watch(usersChanges);
    kernel.services.provide(authRef, createAuthService(kernel.db, kernel.sessions));
    // Login failures count for a day; addresses unused for half a year are no longer "usual".
    kernel.jobs.every('auth:login-records', 3600_000, () => cleanupLoginRecords(kernel.db, kernel.clock.now()));
  },
  routes: authRoutes,
  // End-to-end runs give members credits (and premium) without going through a payment.
  testRoutes(app, kernel) {
    app.post('/api/test/credits', {
      schema: { body: { type: 'object', required: ['email', 'credits'], additionalProperties: false, properties: { email: { type: 'string' }, credits: { type: 'integer', minimum: 0 }, premium: { type: 'boolean' } } } },
    }, async (req) => {
      const body = req.body as { email: string; credits: number; premium?: boolean };
      const auth = kernel.services.get(authRef);
      const user = await auth.findByEmail(body.email);
      if (!user) return { found: false };
      await kernel.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('users').select('credits').where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
        const delta = body.credits - Number(row.credits);
        if (delta > 0) await auth.grantCredits(user.id, delta, 'test', null, trx);
        if (delta < 0) await auth.spendCredits(user.id, -delta, 'test', null, trx);
        if (body.premium !== undefined) await trx.updateTable('users').set({ paid_user: body.premium }).where('id', '=', user.id).execute();
      });
      return { found: true };
    });
  },
});
