import { readConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { buildApp } from './app.ts';
import { serverPlugins } from '../../plugins/server.ts';
import { FIRST_PROFILES, runSeeds, seedInBackground, type BackgroundSeeding } from './seed.ts';
import { installLastResort } from './last-resort.ts';
import { drainAndClose, onStopSignals } from './shutdown.ts';
import { collectDefaultMetrics } from 'prom-client';

/** Starts the product: database, migrations, the first demo data, app and API on one port, then the rest of the demo data in the background. */
export async function startServer() {
  const config = readConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` });
  const { app, kernel, metrics } = await buildApp({ config, database, plugins: serverPlugins });
  // A bug that escapes every handler is logged; the other members keep being served.
  installLastResort(app.log);
  // The process's own figures (CPU, memory, event-loop delay, GC) next to the app's on /metrics.
  collectDefaultMetrics({ register: metrics.registry });
  // Demo data: the demo member and the first profiles before listening, the rest in the background
  // once the site answers (SEED_WAIT=1: everything before listening).
  const seedOpts = { demo: config.seedDemo, profiles: config.seedProfiles };
  // (ANALYZE only when nothing follows: the background seed analyzes once it is done.)
  await runSeeds(kernel, serverPlugins, config.seedWait ? seedOpts : { ...seedOpts, upTo: FIRST_PROFILES }, { analyze: config.seedWait });
  let seeding: BackgroundSeeding | null = null;
  kernel.jobs.start(config.jobsPollMs);
  // SIGTERM: not ready at once, SHUTDOWN_DRAIN_MS for the balancer to notice, sockets closed with
  // 1012, requests and jobs under way finished, then exit 0 (shutdown.ts).
  onStopSignals({
    log: app.log, timeoutMs: config.shutdownTimeoutMs,
    stop: () => drainAndClose({ app, kernel, database, drainMs: config.shutdownDrainMs, beforeClose: async () => { await seeding?.stop(); } }),
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`serving on http://localhost:${config.port} (${database.engine})`);
  if (!config.seedWait && !kernel.lifecycle.draining) seeding = seedInBackground(kernel, serverPlugins, seedOpts);
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
