import { readConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { buildApp } from './app.ts';
import { serverPlugins } from '../../plugins/server.ts';
import { FIRST_PROFILES, runSeeds, seedInBackground, type BackgroundSeeding } from './seed.ts';
import { installLastResort } from './last-resort.ts';

/** Starts the product: database, migrations, the first demo data, app and API on one port, then the rest of the demo data in the background. */
export async function startServer() {
  const config = readConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` });
  const { app, kernel } = await buildApp({ config, database, plugins: serverPlugins });
  // A bug that escapes every handler is logged; the other members keep being served.
  installLastResort(app.log);
  // Demo data: the demo member and the first profiles before listening, the rest in the background
  // once the site answers (SEED_WAIT=1: everything before listening).
  const seedOpts = { demo: config.seedDemo, profiles: config.seedProfiles };
  // (ANALYZE only when nothing follows: the background seed analyzes once it is done.)
  await runSeeds(kernel, serverPlugins, config.seedWait ? seedOpts : { ...seedOpts, upTo: FIRST_PROFILES }, { analyze: config.seedWait });
  let seeding: BackgroundSeeding | null = null;
  kernel.jobs.start(config.jobsPollMs);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await seeding?.stop();
      await kernel.jobs.stop();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`serving on http://localhost:${config.port} (${database.engine})`);
  if (!config.seedWait && !closing) seeding = seedInBackground(kernel, serverPlugins, seedOpts);
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
