import { sql } from 'kysely';
import { orderPlugins, type Kernel, type SeedOptions, type ServerPlugin } from './plugin.ts';

/** How many demo profiles exist before the server listens: the landing page and the first search pages. */
export const FIRST_PROFILES = 200;

/**
 * Runs every plugin's idempotent seed in dependency order; returns how many rows they added (as far
 * as they say). With `analyze`, gathers planner statistics afterwards when anything was added:
 * PGlite has no autovacuum, so without it the planner never learns how big the tables got.
 */
export async function runSeeds(kernel: Kernel, plugins: ServerPlugin[], opts: SeedOptions, { analyze = false } = {}) {
  let added = 0;
  for (const p of orderPlugins(plugins)) {
    if (!p.seed) continue;
    if (opts.signal?.aborted) break;
    const started = Date.now();
    added += (await p.seed(kernel.forPlugin(p), opts)) ?? 0;
    kernel.log.info({ plugin: p.id, ms: Date.now() - started }, 'seeded');
  }
  if (analyze && added > 0 && !opts.signal?.aborted) await analyzeAll(kernel);
  return added;
}

/** Fresh planner statistics for every table (a few hundred ms for the demo data). */
export async function analyzeAll(kernel: Kernel) {
  const started = Date.now();
  await sql`ANALYZE`.execute(kernel.db);
  kernel.log.info({ ms: Date.now() - started }, 'analyzed');
}

export interface BackgroundSeeding {
  /** Settles when seeding is complete, stopped, or failed (a failure is logged, never thrown). */
  done: Promise<void>;
  /** Stops between two batches and waits for the one running; the next start resumes. */
  stop(): Promise<void>;
}

/**
 * The rest of the seed while the server already answers: the plugins seed in small batches (requests
 * get the database between two), then ANALYZE. Starts on the next turn of the event loop.
 */
export function seedInBackground(kernel: Kernel, plugins: ServerPlugin[], opts: Omit<SeedOptions, 'upTo' | 'signal'>): BackgroundSeeding {
  const controller = new AbortController();
  const started = Date.now();
  const done = (async () => {
    await new Promise((r) => setImmediate(r));
    const added = await runSeeds(kernel, plugins, { ...opts, signal: controller.signal }, { analyze: true });
    if (controller.signal.aborted) kernel.log.info('seeding stopped; the next start resumes it');
    else if (added) kernel.log.info({ added, ms: Date.now() - started }, 'demo data complete');
  })().catch((err) => {
    if (!controller.signal.aborted) kernel.log.error({ err }, 'background seeding failed; the next start retries');
  });
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
