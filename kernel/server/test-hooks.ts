import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel, ServerPlugin } from './plugin.ts';
import { isLoopbackAddress } from './config.ts';
import { HttpError } from './errors.ts';

/**
 * A request a test hook may answer: from this machine (the socket's peer, not X-Forwarded-For)
 * and not relayed by a proxy on this machine.
 */
export const fromThisMachine = (req: FastifyRequest) =>
  isLoopbackAddress(req.socket?.remoteAddress) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;

/**
 * Routes for end-to-end tests only: move the server's clock forward and run due jobs at once (e.g.
 * to see an account erased "15 days" after deletion), plus the plugins' `testRoutes` (credits).
 * Registered only when `config.testHooks` (TEST_HOOKS=1, not production, listening on a loopback
 * host); every request must also come from a loopback address, else the answer is a 404 like any
 * unknown path.
 */
export async function registerTestHooks(app: FastifyInstance, kernel: Kernel, plugins: ServerPlugin[]) {
  if (!kernel.config.testHooks) return;
  kernel.log.warn('test hooks are enabled: /api/test/* moves the clock, runs jobs and grants credits (loopback only)');
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      if (!fromThisMachine(req)) throw new HttpError(404, 'not_found', `${req.method} ${req.url.split('?')[0]} not found`);
    });
    scope.post('/api/test/clock', {
      config: { access: 'visitor' },
      schema: { body: { type: 'object', required: ['advance_ms'], additionalProperties: false, properties: { advance_ms: { type: 'integer', minimum: 0, maximum: 400 * 86400_000 } } } },
    }, async (req) => {
      kernel.clock.advance((req.body as { advance_ms: number }).advance_ms);
      return { now: kernel.clock.now().toISOString() };
    });
    // A domain's settings changed as an operator would (e.g. the widget origins a partner page needs).
    scope.post('/api/test/site', {
      config: { access: 'visitor' },
      schema: { body: { type: 'object', required: ['domain', 'settings'], additionalProperties: false, properties: { domain: { type: 'string', maxLength: 253 }, settings: { type: 'object' } } } },
    }, async (req) => {
      const { domain, settings } = req.body as { domain: string; settings: Record<string, unknown> };
      await kernel.sites.update(domain, settings);
      return { ok: true };
    });
    scope.post('/api/test/jobs', { config: { access: 'visitor' } }, async () => ({ ran: await kernel.jobs.runDue({ periodic: 'all' }) }));
    for (const p of plugins) p.testRoutes?.(scope, kernel.forPlugin(p));
  });
}
