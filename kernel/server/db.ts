import fs from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite, types } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

// int8 (count(*), bigint ids) as numbers on both engines so results agree.
pg.types.setTypeParser(20, Number);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDB = Kysely<any>;

export interface Database {
  db: AnyDB;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves with one schema each). */
  schema?: string;
  /** Start PGlite from a dumped data directory (fast test setup). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    if (opts.schema) {
      const admin = new pg.Client({ connectionString: opts.url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      ...(opts.schema ? { options: `-c search_path="${opts.schema}"` } : {}),
    });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: { [types.INT8]: (v: string) => Number(v) },
  });
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
