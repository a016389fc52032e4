import { readConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { buildApp } from './app.ts';
import { serverPlugins } from '../../plugins/server.ts';
import { runSeeds } from './seed.ts';
import { installLastResort } from './last-resort.ts';

/** Starts the product: database, migrations, demo data once, then app and API on one port. */
export async function startServer() {
  const config = readConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` });
  const { app, kernel } = await buildApp({ config, database, plugins: serverPlugins });
  // A bug that escapes every handler is logged; the other members keep being served.
  installLastResort(app.log);
  await runSeeds(kernel, serverPlugins, { demo: config.seedDemo, profiles: config.seedProfiles });
  kernel.jobs.start(config.jobsPollMs);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
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
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
