import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DB } from '../db.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { runSeeds } from '../seed.ts';
import { createAudit } from '../console/audit.ts';
import { createClock } from '../clock.ts';
import type { Kernel, ServerPlugin } from '../plugin.ts';
import { sessionCookie } from '../testing.ts';
import { serverPlugins } from '../../../plugins/server.ts';
import { creditsRef } from '../../../plugins/credits/server.ts';
import { moveSummary } from '../../../scripts/db-move.ts';
import { moveDatabase, MoveError, redact } from './move.ts';
import { readCatalogue } from './catalogue.ts';
import { tableSum } from './copy.ts';

// `npm run db:move`: a site started on the embedded database (the demo data, then a member's
// activity: a login, likes, messages, a payment, credits, console audit entries) copied into a fresh
// PostgreSQL database, checked there independently, and served from there.

const DEMO = { email: 'demo@example.com', password: 'flirt-demo-2026' };
const PG = process.env.TEST_DATABASE_URL;

let dir: string;
let pgdata: string;
/** What the source holds, read before the move: rows per table, ledger sums per member. */
let counts: Record<string, number>;
let ledgerSums: { user_id: number; sum: number }[];
let messageTexts: string[];
let demoCookie: string;

async function openSite(database: Database) {
  const config = { ...readConfig({ ...process.env, DATA_DIR: dir, NODE_ENV: 'test' }), logLevel: 'silent', distDir: path.join(dir, 'no-dist') };
  const { app, kernel } = await buildApp({ config, database, plugins: serverPlugins });
  await app.ready();
  const call = ({ cookie, ...opts }: InjectOptions & { cookie?: string }) => app.inject({
    ...opts, headers: { 'x-request-type': 'client', ...(opts.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...opts.headers },
  });
  return { app, kernel, call };
}

async function tableCounts(db: DB) {
  const tables = (await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`.execute(db)).rows;
  const out: Record<string, number> = {};
  for (const { t } of tables) out[t] = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(t)}`.execute(db)).rows[0].n);
  return out;
}

const textsOf = async (db: DB) => (await sql<{ body: string }>`SELECT body FROM chat_messages ORDER BY id`.execute(db)).rows.map((r) => r.body);
const sumsOf = async (db: DB) => (await sql<{ user_id: number; sum: number }>`
  SELECT user_id, sum(amount)::int AS sum FROM credit_ledger GROUP BY user_id ORDER BY user_id`.execute(db)).rows;

async function activity(site: { kernel: Kernel; call: (o: InjectOptions & { cookie?: string }) => Promise<Awaited<ReturnType<FastifyInstance['inject']>>> }) {
  const login = await site.call({ method: 'POST', url: '/api/user.php', payload: DEMO });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = sessionCookie(login);
  const me = (await site.call({ method: 'GET', url: '/api/user.php', cookie })).json().user as { id: number };
  const others = (await sql<{ user_id: number }>`SELECT user_id FROM profiles WHERE user_id <> ${me.id} ORDER BY user_id LIMIT 3`.execute(site.kernel.db)).rows;
  for (const o of others) expect((await site.call({ method: 'POST', url: '/api/likes.php', cookie, payload: { id: o.user_id } })).statusCode).toBe(200);
  // Texts that need escaping in every layer: quotes, backslashes, braces, commas, NULL, new lines, emoji.
  for (const text of ['He said "hi" \\ {a,b} NULL', 'line one\nline two ✓ 😀']) {
    const sent = await site.call({ method: 'POST', url: '/api/messages.php', cookie, payload: { to: others[0].user_id, kind: 'text', text, key: crypto.randomBytes(9).toString('base64url') } });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const paying = await site.call({ method: 'POST', url: '/api/payments.php', cookie, payload: { package_id: 1, method: 'creditcard' } });
  expect(paying.statusCode, paying.body).toBe(200);
  await site.kernel.services.get(creditsRef).grant(me.id, 25, 'test', 'move-test:1');
  for (let i = 0; i < 3; i++) {
    await site.kernel.audit.recordAs(site.kernel.db, { userId: null, email: 'ops@example.com', role: 'admin', ip: '127.0.0.1' }, {
      action: 'sites.update', target: `site:localhost:${i}`,
      before: { n: i, price: 1.5, nested: { z: [1, 2, null], a: 'ü "q"' } }, after: { n: i + 1, at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) },
    });
  }
  return cookie;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-move-'));
  pgdata = path.join(dir, 'pgdata');
  const database = await openDatabase({ dataDir: pgdata });
  try {
    const site = await openSite(database);
    await runSeeds(site.kernel, serverPlugins, { demo: true, profiles: 60 });
    demoCookie = await activity(site);
    counts = await tableCounts(database.db);
    ledgerSums = await sumsOf(database.db);
    messageTexts = await textsOf(database.db);
    await site.app.close();
  } finally {
    await database.close();
  }
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database of its own on the test server (trust auth), dropped by `drop()`. */
async function freshDatabase() {
  const name = `move_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function tablesIn(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ t: string }>('SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1')).rows.map((r) => r.t);
  } finally {
    await c.end();
  }
}

describe('db:move, before anything is written', () => {
  it('refuses while the embedded database is open (a running site)', async () => {
    const open = await openDatabase({ dataDir: pgdata });
    try {
      const err = await moveDatabase({ pgdata, targetUrl: 'postgres://127.0.0.1:1/nowhere', plugins: serverPlugins }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MoveError);
      expect((err as MoveError).kind).toBe('refused');
      expect((err as MoveError).message).toMatch(/is open .*postmaster\.pid.*stop the site/);
    } finally {
      await open.close();
    }
  });

  it('refuses a missing data folder, a URL that is not postgres://, a server it cannot reach, and a database this version has not migrated', async () => {
    const refused = (p: Promise<unknown>) => p.then(() => 'moved', (e: MoveError) => `${e.kind}: ${e.message}`);
    expect(await refused(moveDatabase({ pgdata: path.join(dir, 'nothing'), targetUrl: 'postgres://127.0.0.1:1/x', plugins: serverPlugins }))).toMatch(/^refused: There is no embedded database/);
    expect(await refused(moveDatabase({ pgdata, targetUrl: 'mysql://127.0.0.1/x', plugins: serverPlugins }))).toMatch(/^refused: .* is not a postgres:\/\/ URL/);
    expect(await refused(moveDatabase({ pgdata, targetUrl: 'postgres://127.0.0.1:1/', plugins: serverPlugins }))).toMatch(/^refused: .* names no database/);
    expect(await refused(moveDatabase({ pgdata, targetUrl: 'postgres://127.0.0.1:1/nowhere', plugins: serverPlugins }))).toMatch(/^refused: Cannot connect to postgres:\/\/127\.0\.0\.1:1\/nowhere: /);
    const newer: ServerPlugin = { id: 'zz-move-probe', migrations: [{ name: '001_probe', async up() {} }] };
    expect(await refused(moveDatabase({ pgdata, targetUrl: 'postgres://127.0.0.1:1/x', plugins: [...serverPlugins, newer] })))
      .toMatch(/^refused: The embedded database has not run 1 migration\(s\) of this version \(zz-move-probe\/001_probe\): start the site once/);
  });

  it('sums a table\'s contents whatever the order of its rows and columns, and sees one value changed', async () => {
    const db = await openDatabase({});
    try {
      const sumOf = async (table: string) => tableSum(db.db, (await readCatalogue(db.db)).tables.find((t) => t.name === table)!);
      await sql`CREATE TABLE a (id int, note text, at timestamptz, data jsonb)`.execute(db.db);
      await sql`CREATE TABLE b (data jsonb, at timestamptz, id int, note text)`.execute(db.db);
      await sql`INSERT INTO a VALUES (1, 'x', '2026-01-02T03:04:05.678Z', '{"k": [1, 2]}'), (2, NULL, NULL, 'null')`.execute(db.db);
      await sql`INSERT INTO b (id, note, at, data) VALUES (2, NULL, NULL, 'null'), (1, 'x', '2026-01-02T03:04:05.678Z', '{"k": [1, 2]}')`.execute(db.db);
      expect(await sumOf('a')).toEqual(await sumOf('b'));
      expect((await sumOf('a')).rows).toBe(2);
      await sql`UPDATE b SET data = '{"k": [1, 3]}' WHERE id = 1`.execute(db.db);
      expect((await sumOf('b')).sum).not.toBe((await sumOf('a')).sum);
    } finally {
      await db.close();
    }
  });

  it('hides the password when it names the target', () => {
    expect(redact('postgres://flirt:s3cret@db.example.com:5432/flirt')).toBe('postgres://flirt:<password>@db.example.com:5432/flirt');
    expect(redact('postgres://postgres@127.0.0.1:5432/x')).toBe('postgres://postgres@127.0.0.1:5432/x');
  });
});

describe.skipIf(!PG)('db:move into PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof freshDatabase>>;
  let report: Awaited<ReturnType<typeof moveDatabase>>;
  const lines: string[] = [];

  beforeAll(async () => {
    target = await freshDatabase();
    // Small batches: every table of more than 50 rows goes over in several.
    report = await moveDatabase({ pgdata, targetUrl: target.url, plugins: serverPlugins, batchRows: 50, progress: (l) => lines.push(l) });
  });
  afterAll(async () => { await target?.drop(); });

  it('copies every table: the same rows, ledger sums per member and audit chain, checked independently', async () => {
    expect(counts.users).toBeGreaterThan(60);
    expect(counts.photos).toBeGreaterThan(50);
    expect(counts.kernel_audit).toBe(3);
    for (const t of ['chat_messages', 'likes', 'payments', 'credit_ledger', 'discount_codes', 'kernel_sessions']) expect(counts[t], t).toBeGreaterThan(0);
    expect(Object.fromEntries(report.tables.map((t) => [t.name, t.rows]))).toEqual(counts);
    expect(report.tallies.find((t) => t.plugin === 'credits')?.figures['ledger total']).toBe(ledgerSums.reduce((n, r) => n + r.sum, 0));
    expect(report.audit).toEqual({ ok: true, rows: 3 });
    expect(lines.some((l) => /^ {2}users: \d/.test(l))).toBe(true);

    const copy = await openDatabase({ url: target.url });
    try {
      expect(await tableCounts(copy.db)).toEqual(counts);
      expect(await sumsOf(copy.db)).toEqual(ledgerSums);
      expect(await createAudit(copy.db, createClock()).verify()).toEqual({ ok: true, rows: 3 });
      // The messages' texts came over character for character.
      expect(messageTexts.join('')).toMatch(/"hi" \\ \{a,b\} NULL[\s\S]*\n[\s\S]*😀/);
      expect(await textsOf(copy.db)).toEqual(messageTexts);
      // The append-only trigger is back on.
      await expect(sql`DELETE FROM kernel_audit`.execute(copy.db)).rejects.toThrow(/append-only/);
    } finally {
      await copy.close();
    }
    const summary = moveSummary(report, { dataDir: dir, targetUrl: target.url, storage: { kind: 'local' } });
    expect(summary).toContain(`\n  DATABASE_URL=${target.url}\n`);
    expect(summary).toContain(`Keep DATA_DIR=${dir}`);
    expect(summary).toContain(path.join(dir, 'uploads'));
    expect(summary).toMatch(/credits: ledger entries \d+, ledger total [\d,]+, /);
    const onS3 = moveSummary(report, { dataDir: dir, targetUrl: target.url, storage: { kind: 's3', bucket: 'flirt-photos', region: 'us-east-1', forcePathStyle: false } });
    expect(onS3).toContain('they stay in the bucket "flirt-photos"');
  });

  it('serves the site from the copy: sessions carried over, logins, new rows get fresh ids, the audit chain goes on', async () => {
    const database = await openDatabase({ url: target.url });
    try {
      const site = await openSite(database);
      try {
        // Nothing to seed or migrate: the copy is complete.
        expect(await runSeeds(site.kernel, serverPlugins, { demo: true, profiles: 60 })).toBe(0);
        expect(await database.db.selectFrom('kernel_migrations').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: counts.kernel_migrations });
        const kept = await site.call({ method: 'GET', url: '/api/user.php', cookie: demoCookie });
        expect(kept.statusCode).toBe(200);
        expect(kept.json().user.email).toBe(DEMO.email);
        const login = await site.call({ method: 'POST', url: '/api/user.php', payload: DEMO });
        expect(login.statusCode, login.body).toBe(200);
        const cookie = sessionCookie(login);
        const other = (await sql<{ user_id: number }>`SELECT user_id FROM profiles WHERE user_id <> ${kept.json().user.id as number} ORDER BY user_id LIMIT 1`.execute(database.db)).rows[0];
        const sent = await site.call({ method: 'POST', url: '/api/messages.php', cookie, payload: { to: other.user_id, kind: 'text', text: 'After the move', key: crypto.randomBytes(9).toString('base64url') } });
        expect(sent.statusCode, sent.body).toBe(200);
        await site.kernel.services.get(creditsRef).grant(kept.json().user.id as number, 5, 'test', 'move-test:2');
        await site.kernel.audit.recordAs(database.db, { userId: null, email: 'ops@example.com', role: 'admin', ip: null }, { action: 'sites.update', target: 'site:after' });
        expect(await site.kernel.audit.verify()).toEqual({ ok: true, rows: 4 });
      } finally {
        await site.app.close();
      }
    } finally {
      await database.close();
    }
  });

  it('refuses a target that already holds a site, and leaves it as it was', async () => {
    const before = await tablesIn(target.url);
    const err = await moveDatabase({ pgdata, targetUrl: target.url, plugins: serverPlugins }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MoveError);
    expect((err as MoveError).kind).toBe('refused');
    expect((err as MoveError).message).toMatch(/already holds a site/);
    expect(await tablesIn(target.url)).toEqual(before);
  });

  it('refuses a target with tables of its own (with rows or without)', async () => {
    const other = await freshDatabase();
    try {
      const c = new pg.Client({ connectionString: other.url });
      await c.connect();
      await c.query('CREATE TABLE notes (id int); INSERT INTO notes VALUES (1); CREATE TABLE empty_one (id int)');
      await c.end();
      const err = await moveDatabase({ pgdata, targetUrl: other.url, plugins: serverPlugins }).catch((e: unknown) => e) as MoveError;
      expect(err.kind).toBe('refused');
      expect(err.message).toMatch(/The target is not empty: schema "public" has 2 table\(s\) \(empty_one, notes\), with rows in notes/);
      expect(await tablesIn(other.url)).toEqual(['empty_one', 'notes']);
    } finally {
      await other.drop();
    }
  });

  it('rolls everything back when a check fails: the target stays empty', async () => {
    const other = await freshDatabase();
    try {
      let reads = 0;
      // A tally that reads differently on the two sides, as a ledger changed in transit would.
      const drifting: ServerPlugin = { id: 'zz-move-probe', tallies: async () => ({ 'probe figure': ++reads }) };
      const err = await moveDatabase({ pgdata, targetUrl: other.url, plugins: [...serverPlugins, drifting] }).catch((e: unknown) => e) as MoveError;
      expect(err).toBeInstanceOf(MoveError);
      expect(err.kind).toBe('mismatch');
      expect(err.message).toMatch(/rolled back[\s\S]*zz-move-probe: probe figure is 1 in the embedded database, 2 in PostgreSQL/);
      expect(await tablesIn(other.url)).toEqual([]);
    } finally {
      await other.drop();
    }
  });
});
