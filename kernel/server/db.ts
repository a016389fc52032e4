import fs from 'node:fs';
import { Kysely, PostgresDialect, type ColumnType } from 'kysely';
import { PGlite, types } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

// int8 (count(*), bigint ids) as numbers on both engines so results agree.
pg.types.setTypeParser(20, Number);

/**
 * Every table of the database, by name. Empty here: its owner (the kernel in ./tables.ts, each plugin
 * in plugins/<id>/server/tables.ts) adds its tables by declaration merging:
 *   declare module '../../../kernel/server/db.ts' { interface Tables { likes: LikesTable } }
 * Only the owner writes its tables; others read them through its exported queries or service
 * (kernel/data-ownership.test.ts checks that no plugin names another plugin's table).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}

/** The database handle (or a transaction on it). */
export type DB = Kysely<Tables>;

/** timestamptz/date: read as Date (both engines), written as a Date or an ISO string (or sql`now()`). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a DEFAULT (now()): may be left out on insert. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read parsed, written as its JSON text (JSON.stringify), which both engines accept. */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb with a DEFAULT: may be left out on insert. */
export type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** int8 (bigint, bigserial, count(*)): a number on both engines (the type parsers below). */
export type Int8 = number;

export interface Database {
  db: DB;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `message` gets each NOTIFY payload (after the writer's commit); `state`
   * says when listening starts (true) and when notifications may have been lost (false).
   */
  listen(channel: string, on: { message(payload: string): void; state(up: boolean): void }): Promise<{ close(): Promise<void> }>;
  /**
   * `fn(sql)` after each write statement of this process has committed (autocommit, or at its
   * transaction's COMMIT): PostgreSQL's notifications reach this process a moment after the writer
   * continues, this closes that gap for its own writes. PGlite needs none (they arrive in time).
   */
  onCommittedWrite(fn: (sql: string) => void): void;
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
    const writeListeners: ((sql: string) => void)[] = [];
    pool.on('connect', (client) => watchWrites(client, (text) => { for (const fn of writeListeners) fn(text); }));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db, engine: 'postgres', close: () => db.destroy(), listen: (channel, on) => pgListen(opts.url!, channel, on),
      onCommittedWrite: (fn) => void writeListeners.push(fn),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: { [types.INT8]: (v: string) => Number(v) },
  });
  const db = new Kysely<Tables>({ dialect: new PGliteDialect(client) });
  return {
    db,
    engine: 'pglite',
    // One process: notifications arrive before the writing query's promise settles.
    async listen(channel, on) {
      const stop = await client.listen(channel, on.message);
      on.state(true);
      return { close: () => stop() };
    },
    onCommittedWrite() {},
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** A connection of its own that LISTENs, reconnecting (every 2 s) when it drops. */
async function pgListen(url: string, channel: string, on: { message(payload: string): void; state(up: boolean): void }) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c) return;
      client = null;
      on.state(false);
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 2000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (m) => { if (m.channel === channel) on.message(m.payload ?? ''); });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      client = c;
      on.state(true);
    } catch {
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 2000);
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

const WRITE = /^\s*(insert|update|delete|merge)\b/i;
/** A WITH query that changes rows (not a read-only CTE such as the member search). */
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;
/** Reports each write statement of this pooled client once it is committed. */
function watchWrites(client: pg.PoolClient, report: (sql: string) => void) {
  let inTx = false;
  let pending: string[] = [];
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  // pg's query() has a dozen overloads; the wrapper passes every call through unchanged.
  Object.assign(client, { query: (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((r) => {
      if (/^\s*(begin|start transaction)\b/i.test(text)) { inTx = true; pending = []; }
      else if (/^\s*(commit|end)\b/i.test(text)) { inTx = false; const done = pending; pending = []; done.forEach(report); }
      else if (/^\s*rollback\b/i.test(text) && !/to\s+savepoint/i.test(text)) { inTx = false; pending = []; }
      else if (WRITE.test(text) || WRITING_CTE.test(text)) { if (inTx) pending.push(text); else report(text); }
      return r;
    });
  } });
}
