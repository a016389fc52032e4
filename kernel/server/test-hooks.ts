import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel, ServerPlugin } from './plugin.ts';
import { isLoopbackAddress } from './config.ts';
import { HttpError } from './errors.ts';
import { testClock, testJobs, testSite } from '../contract/api.ts';

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
  kernel.log.warn('test hooks are enabled: the test routes move the clock, run jobs and grant credits (loopback only)');
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      if (!fromThisMachine(req)) throw new HttpError(404, 'not_found', `${req.method} ${req.url.split('?')[0]} not found`);
    });
    kernel.serve(scope, testClock, async (req) => {
      kernel.clock.advance(req.body.advance_ms);
      return { now: kernel.clock.now().toISOString() };
    });
    // A domain's settings changed as an operator would (e.g. the widget origins a partner page needs).
    kernel.serve(scope, testSite, async (req) => {
      await kernel.sites.update(req.body.domain, req.body.settings);
      return { ok: true as const };
    });
    kernel.serve(scope, testJobs, async () => ({ ran: await kernel.jobs.runDue({ periodic: 'all' }) }));
    for (const p of plugins) p.testRoutes?.(scope, kernel.forPlugin(p));
  });
}
