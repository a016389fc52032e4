import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { AuthService } from '../../auth/server.ts';
import { testSignupTracking } from '../contract.ts';

/** End-to-end runs only (TEST_HOOKS=1): the tracking data stored with a member's signup, by e-mail address. */
export function signupTestRoutes(app: FastifyInstance, kernel: Kernel, auth: AuthService) {
  kernel.serve(app, testSignupTracking, async (req) => {
    const user = await auth.findByEmail(req.query.email);
    const row = user && await kernel.db.selectFrom('signup_tracking').select(['network', 'ref', 'sub1', 'sub2', 'sub3', 'domain'])
      .where('user_id', '=', user.id).executeTakeFirst();
    return { tracking: row ?? null };
  });
}
