import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from './db.ts';
import type { Kernel } from './plugin.ts';
import { SERVICE_RESTART } from './realtime.ts';

/**
 * Stops an instance without losing anyone's work, in this order:
 * 1. draining: /api/ready answers 503 at once (the balancer stops sending), no job is claimed any
 *    more (those running finish; those claimed but not begun go back to the queue), no new socket
 *    is accepted;
 * 2. `drainMs` later (the balancer's health checks have seen it), every socket is closed with 1012
 *    "service restart": the browsers reconnect at once, to another instance, and catch up;
 * 3. the listener closes; requests under way finish (fastify answers later ones on kept-alive
 *    connections with 503 and closes them), then Redis and the database are closed.
 * `beforeClose` is other long work of the process to stop meanwhile (the background seeding).
 */
export async function drainAndClose(opts: { app: FastifyInstance; kernel: Kernel; database: Database; drainMs: number; beforeClose?: () => Promise<void> }) {
  const { app, kernel, database } = opts;
  kernel.lifecycle.drain();
  kernel.log.info({ drainMs: opts.drainMs }, 'draining: not ready, no new jobs or sockets');
  const jobsDone = kernel.jobs.stop();
  await Promise.all([new Promise((resolve) => setTimeout(resolve, opts.drainMs)), opts.beforeClose?.()]);
  await kernel.realtime.closeAll(SERVICE_RESTART, 'service restart');
  // Jobs publish and write: they end before Redis and the database go.
  await jobsDone;
  await app.close();
  await database.close();
  kernel.log.info('stopped');
}

/**
 * SIGTERM and SIGINT start `stop` once and exit 0 when it is done; a second signal, a failure or
 * `timeoutMs` without an end exit 1 at once (an orchestrator's patience is finite, and so is ours).
 */
export function onStopSignals(opts: {
  stop: () => Promise<void>; timeoutMs: number; log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The process by default (tests hand in their own emitter and exit). */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>; exit?: (code: number) => void;
}) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const signals = opts.signals ?? process;
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      opts.log.warn({ signal }, 'second signal: exiting now');
      return exit(1);
    }
    stopping = true;
    opts.log.info({ signal }, 'shutting down');
    const late = setTimeout(() => {
      opts.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown took too long: exiting now');
      exit(1);
    }, opts.timeoutMs);
    late.unref();
    opts.stop().then(() => { clearTimeout(late); exit(0); }, (err: unknown) => {
      clearTimeout(late);
      opts.log.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
  signals.on('SIGTERM', handle);
  signals.on('SIGINT', handle);
  return () => { signals.off('SIGTERM', handle); signals.off('SIGINT', handle); };
}
