import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { authRef } from './service.ts';

/**
 * End-to-end runs make a member who signed up long ago (past the welcome bonuses) or at a given
 * moment: sets signup_date to the app's clock minus `seconds_ago`.
 */
export function authTestRoutes(app: FastifyInstance, kernel: Kernel) {
  app.post('/api/test/signup-date', {
    config: { access: 'visitor' },
    schema: { body: { type: 'object', required: ['email', 'seconds_ago'], additionalProperties: false, properties: { email: { type: 'string' }, seconds_ago: { type: 'integer', minimum: 0 } } } },
  }, async (req) => {
    const body = req.body as { email: string; seconds_ago: number };
    const user = await kernel.services.get(authRef).findByEmail(body.email);
    if (!user) return { found: false };
    await kernel.db.updateTable('users').set({ signup_date: new Date(kernel.clock.now().getTime() - body.seconds_ago * 1000) }).where('id', '=', user.id).execute();
    return { found: true };
  });
}
