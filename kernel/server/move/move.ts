import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB, type Tables } from '../db.ts';
import { createMigrationsTable, type MigrationSet } from '../migrations.ts';
import { migrationSets } from '../app.ts';
import { orderPlugins, type ServerPlugin } from '../plugin.ts';
import { createAudit } from '../console/audit.ts';
import { createClock } from '../clock.ts';
import { readCatalogue, shapeDifference, currentSchema, type Catalogue } from './catalogue.ts';
import { copyTable, tableSum } from './copy.ts';

// `npm run db:move`: copies a site's embedded database (PGlite) into an empty PostgreSQL database,
// in one transaction on the target: the schema made by the same migrations, every table's rows,
// the sequences, then checks (rows and contents of every table, the plugins' tallies such as the
// credits ledger, the audit log's hash chain) before COMMIT. Any failure or difference rolls it
// all back: the target is either a full, checked copy or as empty as it was.

export interface MoveOptions {
  /** The embedded database's directory (DATA_DIR/pgdata). */
  pgdata: string;
  /** postgres://… of an empty database. */
  targetUrl: string;
  /** The plugins of this version (their migrations and tallies). */
  plugins: ServerPlugin[];
  /** Rows read and written at a time. */
  batchRows?: number;
  /** One line per step, for the operator. */
  progress?: (line: string) => void;
}

export interface MoveReport {
  /** The target's schema the tables went into. */
  schema: string;
  migrations: number;
  tables: { name: string; rows: number }[];
  sequences: number;
  /** Each plugin's tallies, equal on both sides. */
  tallies: { plugin: string; figures: Record<string, number | string> }[];
  /** The audit log's chain on the copy: it holds over `rows` rows, or it was already broken in the source at `broken_at` (and is the same in the copy). */
  audit: { ok: true; rows: number } | { ok: false; rows: number; broken_at: number; why: string };
  ms: number;
}

/** `refused`: nothing was written (a check before the copy said no); `mismatch`: the copy differed and was rolled back. */
export class MoveError extends Error {
  constructor(readonly kind: 'refused' | 'mismatch', message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

/**
 * Why the embedded database in `pgdata` cannot be read now, or null. PGlite writes postmaster.pid
 * while it has the directory open and removes it when closed; it takes no lock, so a second process
 * would open the directory beside a running server and read (or write) a database in motion.
 */
export function embeddedProblem(pgdata: string): string | null {
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return `There is no embedded database in ${pgdata} (DATA_DIR is ${path.dirname(pgdata)}): set DATA_DIR to the site's data folder.`;
  if (fs.existsSync(path.join(pgdata, 'postmaster.pid'))) {
    return `The embedded database in ${pgdata} is open (${path.join(pgdata, 'postmaster.pid')} exists): stop the site first (and any npm run operator or audit:verify). `
      + 'If nothing is running (the server was killed), start the site once and stop it with Ctrl+C, then run this again.';
  }
  return null;
}

/** A postgres:// URL, or why not. */
export function targetProblem(url: string): string | null {
  let u: URL;
  try { u = new URL(url); } catch { return `${url} is not a URL: give the target as postgres://user:password@host:5432/database`; }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return `${redact(url)} is not a postgres:// URL`;
  if (u.pathname.length <= 1) return `${redact(url)} names no database: postgres://user:password@host:5432/<database>`;
  return null;
}

/** The URL with its password hidden, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '<password>';
    return u.toString().replace('%3Cpassword%3E', '<password>');
  } catch {
    return url.replace(/:[^:@/]*@/, ':<password>@');
  }
}

/**
 * The same text output for every value on both sides (the contents checks compare texts):
 * timestamps in UTC, ISO dates, floats in their shortest exact form, bytea in hex.
 */
async function sameFormats(db: DB, local: boolean) {
  const set = local ? 'SET LOCAL' : 'SET';
  for (const s of ["TimeZone = 'UTC'", "DateStyle = 'ISO, MDY'", "IntervalStyle = 'postgres'", 'extra_float_digits = 1', "bytea_output = 'hex'"]) {
    await sql.raw(`${set} ${s}`).execute(db);
  }
}

const fmt = (n: number) => n.toLocaleString('en');
const rowsOf = (n: number) => `${fmt(n)} row${n === 1 ? '' : 's'}`;

export async function moveDatabase(opts: MoveOptions): Promise<MoveReport> {
  const started = Date.now();
  const progress = opts.progress ?? (() => {});
  const batchRows = Math.max(1, Math.floor(opts.batchRows ?? 2000));
  const problem = targetProblem(opts.targetUrl) ?? embeddedProblem(opts.pgdata);
  if (problem) throw new MoveError('refused', problem);
  const plugins = orderPlugins(opts.plugins);
  const sets = migrationSets(plugins);

  const source = await openDatabase({ dataDir: opts.pgdata });
  try {
    await sameFormats(source.db, false);
    await checkSourceMigrations(source.db, sets);
    const catalogue = await readCatalogue(source.db);
    progress(`Read the embedded database in ${opts.pgdata}: ${catalogue.tables.length} tables.`);
    // Everything the copy must match, read before it starts (nothing writes the source meanwhile).
    const sums = new Map<string, { rows: number; sum: string }>();
    for (const t of catalogue.tables) sums.set(t.name, await tableSum(source.db, t));
    const tallies = await readTallies(source.db, plugins);
    const audit = await createAudit(source.db, createClock()).verify();

    // One connection: every statement of the move in its one transaction.
    const pool = new pg.Pool({ connectionString: opts.targetUrl, max: 1 });
    pool.on('error', () => {}); // a dropped connection fails the running query, which says why
    const target = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    try {
      try {
        (await pool.connect()).release();
      } catch (err) {
        throw new MoveError('refused', `Cannot connect to ${redact(opts.targetUrl)}: ${(err as Error).message}`);
      }
      const report = await target.transaction().execute((trx) => copyInto(trx, { source: source.db, catalogue, sums, tallies, audit, sets, plugins, batchRows, progress }));
      progress('Committed. Gathering planner statistics on PostgreSQL (ANALYZE)…');
      // Committed already: a failure here costs only the statistics (autovacuum gathers them later).
      await sql`ANALYZE`.execute(target).catch((err: Error) => progress(`ANALYZE failed (${err.message}); autovacuum will gather the statistics.`));
      return { ...report, ms: Date.now() - started };
    } finally {
      await target.destroy();
    }
  } finally {
    await source.close();
  }
}

interface CopyInput {
  source: DB;
  catalogue: Catalogue;
  sums: Map<string, { rows: number; sum: string }>;
  tallies: MoveReport['tallies'];
  audit: MoveReport['audit'];
  sets: MigrationSet[];
  plugins: ServerPlugin[];
  batchRows: number;
  progress: (line: string) => void;
}

async function copyInto(trx: Transaction<Tables>, input: CopyInput): Promise<Omit<MoveReport, 'ms'>> {
  const { source, catalogue, progress } = input;
  await sameFormats(trx, true);
  // The lock the migrations take at start: a server started on the target meanwhile waits for the commit.
  await sql`SELECT pg_advisory_xact_lock(727272)`.execute(trx);
  const schema = await currentSchema(trx);
  if (!schema) throw new MoveError('refused', 'The target\'s search_path names no existing schema.');
  await checkEmpty(trx, schema);

  // The same migrations as a server start, so the schema is the one this version makes.
  await createMigrationsTable(trx);
  let migrations = 0;
  for (const set of input.sets) {
    for (const m of set.migrations) {
      await m.up(trx);
      migrations++;
    }
  }
  const made = await readCatalogue(trx);
  const difference = shapeDifference(catalogue.shape, made.shape);
  if (difference) {
    throw new MoveError('refused', `The embedded database's schema differs from the one this version's migrations make (was it made by another version?):\n${difference}`);
  }
  progress(`Made the schema in "${schema}": ${migrations} migrations.`);

  // Rows the migrations themselves wrote (the copy brings the source's, kernel_migrations included).
  const filled = [];
  for (const t of made.tables) if (await hasRows(trx, t.name)) filled.push(t.name);
  // Copied rows are final: no trigger may add to them (the copy carries what triggers wrote in the
  // source) or refuse them; the audit log's append-only trigger comes back on before COMMIT.
  for (const t of made.triggerTables) await sql`ALTER TABLE ${sql.id(t)} DISABLE TRIGGER USER`.execute(trx);
  if (filled.length) await sql`TRUNCATE ${sql.join(filled.map((t) => sql.id(t)))}`.execute(trx);
  // Foreign keys come off for the copy and back after it (as pg_restore does): tables go in any
  // order, rows pointing at rows of their own table too, and re-adding them checks every row at once.
  for (const fk of made.foreignKeys) await sql`ALTER TABLE ${sql.id(fk.table)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(trx);

  const tables: MoveReport['tables'] = [];
  let total = 0;
  for (const t of catalogue.tables) {
    const expected = input.sums.get(t.name)!.rows;
    const big = expected > input.batchRows * 10;
    const rows = await copyTable(source, trx, t, input.batchRows, big ? (n) => { if (n % (input.batchRows * 10) === 0) progress(`  ${t.name}: ${fmt(n)} of ${rowsOf(expected)}…`); } : undefined);
    tables.push({ name: t.name, rows });
    total += rows;
    if (rows) progress(`  ${t.name}: ${rowsOf(rows)}`);
  }
  const empty = tables.filter((t) => !t.rows).length;
  progress(`Copied ${rowsOf(total)} in ${tables.length} tables${empty ? ` (${empty} of them empty)` : ''}. Checking…`);
  for (const fk of made.foreignKeys) await sql`ALTER TABLE ${sql.id(fk.table)} ADD CONSTRAINT ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(trx);
  for (const t of made.triggerTables) await sql`ALTER TABLE ${sql.id(t)} ENABLE TRIGGER USER`.execute(trx);
  await copySequences(source, trx, schema, catalogue);

  // The checks, inside the transaction: a difference rolls everything back.
  const problems: string[] = [];
  for (const t of catalogue.tables) {
    const want = input.sums.get(t.name)!;
    const got = await tableSum(trx, t);
    if (got.rows !== want.rows) problems.push(`${t.name}: ${rowsOf(want.rows)} in the embedded database, ${fmt(got.rows)} in PostgreSQL`);
    else if (got.sum !== want.sum) problems.push(`${t.name}: the same number of rows (${fmt(got.rows)}), but their contents differ`);
  }
  const tallies = await readTallies(trx, input.plugins);
  for (const want of input.tallies) {
    const got = tallies.find((x) => x.plugin === want.plugin)?.figures ?? {};
    for (const key of new Set([...Object.keys(want.figures), ...Object.keys(got)])) {
      if (want.figures[key] !== got[key]) problems.push(`${want.plugin}: ${key} is ${want.figures[key]} in the embedded database, ${got[key]} in PostgreSQL`);
    }
  }
  const audit = await createAudit(trx, createClock()).verify();
  if (JSON.stringify(audit) !== JSON.stringify(input.audit)) {
    problems.push(`audit log: ${describeChain(input.audit)} in the embedded database, ${describeChain(audit)} in PostgreSQL`);
  }
  if (problems.length) throw new MoveError('mismatch', `The copy differs from the embedded database, so it was rolled back (PostgreSQL is as empty as before):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  progress('Every table has the same rows and contents on both sides; the tallies agree; the audit log\'s chain is the same.');
  return { schema, migrations, tables, sequences: catalogue.sequences.length, tallies, audit };
}

const describeChain = (a: MoveReport['audit']) => (a.ok ? `the chain holds over ${a.rows} rows` : `the chain breaks at row ${a.broken_at}`);

/** The source must have run exactly this version's migrations: else the schemas differ. */
async function checkSourceMigrations(db: DB, sets: MigrationSet[]) {
  const found = (await sql<{ t: string | null }>`SELECT to_regclass('kernel_migrations')::text AS t`.execute(db)).rows[0]?.t;
  if (!found) throw new MoveError('refused', 'The embedded database holds no site (no kernel_migrations table): start the site once, or check DATA_DIR.');
  const applied = new Set((await db.selectFrom('kernel_migrations').select(['owner', 'name']).execute()).map((r) => `${r.owner}/${r.name}`));
  const expected = sets.flatMap((s) => s.migrations.map((m) => `${s.owner}/${m.name}`));
  const missing = expected.filter((m) => !applied.has(m));
  if (missing.length) {
    throw new MoveError('refused', `The embedded database has not run ${missing.length} migration(s) of this version (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): start the site once with this version and stop it, then run this again.`);
  }
  const known = new Set(expected);
  const unknown = [...applied].filter((m) => !known.has(m));
  if (unknown.length) {
    throw new MoveError('refused', `The embedded database ran migrations this version does not have (${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}): run the move with the version of the code that made it.`);
  }
}

/**
 * Refuses a target that already holds a site (kernel_migrations) or any table in its schema: rows
 * would mix with the copy, and tables of something else would not be the schema the migrations make.
 */
async function checkEmpty(trx: DB, schema: string) {
  const tables = (await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`.execute(trx)).rows.map((r) => r.name);
  if (tables.includes('kernel_migrations')) {
    throw new MoveError('refused', `The target already holds a site (schema "${schema}" has a kernel_migrations table): give an empty database (CREATE DATABASE …).`);
  }
  if (!tables.length) return;
  const withRows = [];
  for (const t of tables) if (await hasRows(trx, t)) withRows.push(t);
  const list = (names: string[]) => `${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`;
  throw new MoveError('refused', `The target is not empty: schema "${schema}" has ${tables.length} table(s) (${list(tables)})${
    withRows.length ? `, with rows in ${list(withRows)}` : ', all empty'}. Give an empty database (CREATE DATABASE …).`);
}

const hasRows = async (db: DB, table: string) =>
  (await sql<{ some: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.id(table)}) AS some`.execute(db)).rows[0].some;

async function readTallies(db: DB, plugins: ServerPlugin[]): Promise<MoveReport['tallies']> {
  const out: MoveReport['tallies'] = [];
  for (const p of plugins) if (p.tallies) out.push({ plugin: p.id, figures: await p.tallies(db) });
  return out;
}

/**
 * Each sequence where the source left it (ids used and rolled back stay used), and never below the
 * highest value in the column it numbers: the next insert on PostgreSQL gets a fresh id.
 */
async function copySequences(source: DB, trx: DB, schema: string, catalogue: Catalogue) {
  for (const s of catalogue.sequences) {
    const at = (await sql<{ last: string; called: boolean }>`SELECT last_value::text AS last, is_called AS called FROM ${sql.id(s.name)}`.execute(source)).rows[0];
    let last = BigInt(at.last);
    let called = at.called;
    if (s.owner) {
      const max = (await sql<{ max: string | null }>`SELECT max(${sql.id(s.owner.column)})::text AS max FROM ${sql.id(s.owner.table)}`.execute(trx)).rows[0].max;
      if (max !== null && (BigInt(max) > last || (BigInt(max) === last && !called))) {
        last = BigInt(max);
        called = true;
      }
    }
    await sql`SELECT setval(format('%I.%I', ${schema}::text, ${s.name}::text)::regclass, ${last.toString()}::int8, ${called})`.execute(trx);
  }
}
