import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { testSignupDate, testStaff } from '../contract.ts';
import type { AuthService } from './service.ts';

/**
 * End-to-end runs make a member who signed up long ago (past the welcome bonuses) or at a given
 * moment: sets signup_date to the app's clock minus `seconds_ago`.
 */
export function authTestRoutes(app: FastifyInstance, kernel: Kernel, auth: AuthService) {
  kernel.serve(app, testSignupDate, async (req) => {
    const user = await auth.findByEmail(req.body.email);
    if (!user) return { found: false };
    await kernel.db.updateTable('users').set({ signup_date: new Date(kernel.clock.now().getTime() - req.body.seconds_ago * 1000) }).where('id', '=', user.id).execute();
    return { found: true };
  });
  kernel.serve(app, testStaff, async (req) => {
    const found = await auth.findByEmail(req.body.email);
    const userId = found?.id ?? await auth.createAccount({ email: req.body.email, password: req.body.password, status: 'active' });
    await auth.setRole(userId, req.body.role);
    return { user_id: userId };
  });
}
