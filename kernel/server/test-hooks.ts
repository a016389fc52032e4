import type { FastifyInstance } from 'fastify';
import type { Kernel } from './plugin.ts';

/**
 * Routes for end-to-end tests only (TEST_HOOKS=1, never in production): move the server's clock
 * forward and run due jobs at once, e.g. to see an account erased "15 days" after deletion.
 */
export function registerTestHooks(app: FastifyInstance, kernel: Kernel) {
  kernel.log.warn('test hooks are enabled: /api/test/* moves the clock and runs jobs');
  app.post('/api/test/clock', {
    schema: { body: { type: 'object', required: ['advance_ms'], additionalProperties: false, properties: { advance_ms: { type: 'integer', minimum: 0, maximum: 400 * 86400_000 } } } },
  }, async (req) => {
    kernel.clock.advance((req.body as { advance_ms: number }).advance_ms);
    return { now: kernel.clock.now().toISOString() };
  });
  app.post('/api/test/jobs', async () => ({ ran: await kernel.jobs.runDue({ periodic: 'all' }) }));
}
