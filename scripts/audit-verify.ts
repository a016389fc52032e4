// `npm run audit:verify`: walks the console's audit log on the configured database (the same
// DATA_DIR / DATABASE_URL as `npm start`) and checks its hash chain: every row's hash covers its
// contents and the row before it, so a row changed or removed behind the application's back shows.
// Exit code 0: the chain holds; 1: it is broken (the first broken row is named); 2: no audit log.
import { readConfig } from '../kernel/server/config.ts';
import { openDatabase } from '../kernel/server/db.ts';
import { createClock } from '../kernel/server/clock.ts';
import { createAudit } from '../kernel/server/console/audit.ts';
import { sql } from 'kysely';

async function main(): Promise<number> {
  const config = readConfig();
  if (!config.databaseUrl) {
    try {
      const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1500) });
      if (res.ok) {
        console.error(`The server is running on port ${config.port} and holds the embedded database (${config.dataDir}): stop it first, or check the chain in the console (Audit log, "Check the chain").`);
        return 1;
      }
    } catch { /* not running: the database is ours */ }
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` });
  try {
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('kernel_audit')::text AS t`.execute(database.db);
    if (!exists.rows[0]?.t) {
      console.error('No audit log in this database yet (start the server once).');
      return 2;
    }
    const result = await createAudit(database.db, createClock()).verify();
    if (result.ok) {
      console.log(`The audit log's chain holds: ${result.rows} rows, none changed or removed.`);
      return 0;
    }
    console.error(`The audit log's chain is broken at row ${result.broken_at} (${result.rows} rows before it hold): ${result.why}.`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});
