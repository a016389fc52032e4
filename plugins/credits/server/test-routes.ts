import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { AuthService } from '../../auth/server.ts';
import { testCredits } from '../contract.ts';
import type { CreditsService } from './service.ts';

/**
 * End-to-end runs give members credits (and premium) without going through a payment: sets the
 * balance to exactly `credits` through the ledger, and `premium` if given.
 */
export function creditsTestRoutes(app: FastifyInstance, kernel: Kernel, auth: AuthService, credits: CreditsService) {
  kernel.serve(app, testCredits, async (req) => {
    const body = req.body;
    const user = await auth.findByEmail(body.email);
    if (!user) return { found: false };
    await kernel.db.transaction().execute(async (trx) => {
      const delta = body.credits - await credits.balance(user.id, trx);
      if (delta > 0) await credits.grant(user.id, delta, 'test', null, trx);
      if (delta < 0) await credits.spend(user.id, -delta, 'test', null, trx);
      if (body.premium === true) await credits.markPaid(user.id, trx);
      // Only tests take premium away (no purchase does).
      if (body.premium === false) await trx.updateTable('credit_accounts').set({ paid_user: false }).where('user_id', '=', user.id).execute();
    });
    return { found: true };
  });
}
