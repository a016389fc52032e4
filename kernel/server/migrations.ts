import { sql } from 'kysely';
import type { DB } from './db.ts';

export interface Migration {
  /** Unique within its owner; migrations run in array order. */
  name: string;
  up(db: DB): Promise<void>;
}

export interface MigrationSet { owner: string; migrations: Migration[] }

/**
 * Runs every pending migration, owner by owner in the given order, each in its own transaction.
 * On PostgreSQL an advisory lock keeps concurrently starting instances from racing.
 */
export async function runMigrations(db: DB, sets: MigrationSet[]): Promise<string[]> {
  await createMigrationsTable(db);
  const applied: string[] = [];
  for (const set of sets) {
    for (const m of set.migrations) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(727272)`.execute(trx);
        const done = await trx.selectFrom('kernel_migrations').select('name')
          .where('owner', '=', set.owner).where('name', '=', m.name).executeTakeFirst();
        if (done) return;
        await m.up(trx);
        await trx.insertInto('kernel_migrations').values({ owner: set.owner, name: m.name }).execute();
        applied.push(`${set.owner}/${m.name}`);
      });
    }
  }
  return applied;
}

/** The table that records which migrations ran (also made by `npm run db:move` on its target). */
export async function createMigrationsTable(db: DB) {
  await sql`CREATE TABLE IF NOT EXISTS kernel_migrations (
    owner text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner, name))`.execute(db);
}
