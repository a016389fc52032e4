import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { authRef } from '../../auth/server.ts';

/** End-to-end runs only (TEST_HOOKS=1): the tracking data stored with a member's signup, by e-mail address. */
export function signupTestRoutes(app: FastifyInstance, kernel: Kernel) {
  app.get('/api/test/signup-tracking', {
    config: { access: 'visitor' },
    schema: { querystring: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: { type: 'string', maxLength: 300 } } } },
  }, async (req) => {
    const user = await kernel.services.get(authRef).findByEmail((req.query as { email: string }).email);
    const row = user && await kernel.db.selectFrom('signup_tracking').select(['network', 'ref', 'sub1', 'sub2', 'sub3', 'domain'])
      .where('user_id', '=', user.id).executeTakeFirst();
    return { tracking: row ?? null };
  });
}
