import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { DestinationStream } from 'pino';
import { readConfig } from './config.ts';
import { openDatabase, type Database } from './db.ts';
import { buildApp, type RouteSummary } from './app.ts';
import { runSeeds } from './seed.ts';
import type { Kernel, ServerPlugin } from './plugin.ts';
import { serverPlugins } from '../../plugins/server.ts';
import { MAIL_JOB, type MailMessage } from './mail.ts';

export interface TestApp {
  app: FastifyInstance;
  kernel: Kernel;
  database: Database;
  /** Every registered route (method, path, schema). */
  routes: RouteSummary[];
  close(): Promise<void>;
  /** Where this app keeps its data (a second instance joins it). */
  shared: { schema?: string; dataDir: string; redisPrefix: string };
  /** Mails queued so far (newest last), optionally only those to one address. */
  mails(to?: string): Promise<MailMessage[]>;
  /** inject with the client header and JSON content type a browser of ours would send. */
  call(opts: InjectOptions & { cookie?: string }): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
}

/**
 * A fully built app on a fresh database: PGlite in memory, or a fresh schema on the PostgreSQL
 * server named by TEST_DATABASE_URL, so the same suite proves both engines.
 */
export async function createTestApp(opts: {
  plugins?: ServerPlugin[]; profiles?: number; demo?: boolean; distDir?: string; join?: TestApp; env?: Record<string, string>;
  /** Log lines at this level to this stream (silent otherwise). */
  log?: { level: string; stream: DestinationStream };
} = {}): Promise<TestApp> {
  const dataDir = opts.join?.shared.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-test-'));
  const url = process.env.TEST_DATABASE_URL;
  // A second instance (`join`) works on the first one's database schema, files and Redis keys.
  const schema = opts.join ? opts.join.shared.schema : url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (opts.join && !url) throw new Error('a second instance needs TEST_DATABASE_URL (PGlite is one process)');
  const database = await openDatabase(url ? { url, schema } : {});
  const redisPrefix = opts.join?.shared.redisPrefix ?? `test-${crypto.randomBytes(4).toString('hex')}:`;
  const config = { ...readConfig({ ...process.env, ...opts.env, DATA_DIR: dataDir, NODE_ENV: 'test' }), logLevel: opts.log?.level ?? 'silent', redisPrefix, distDir: opts.distDir ?? path.join(dataDir, 'no-dist') };
  const plugins = opts.plugins ?? serverPlugins;
  const { app, kernel, routes } = await buildApp({ config, database, plugins, logStream: opts.log?.stream });
  if (!opts.join) await runSeeds(kernel, plugins, { demo: opts.demo ?? true, profiles: opts.profiles ?? 40 });
  // Instances of one site share the time (machines keep it in step): a second instance starts at the
  // first one's now, however far its tests moved that clock (leases and due jobs compare across them).
  if (opts.join) kernel.clock.advance(opts.join.kernel.clock.now().getTime() - kernel.clock.now().getTime());
  await app.ready();
  return {
    app, kernel, database, routes,
    shared: { schema, dataDir, redisPrefix },
    call: async ({ cookie, headers, ...rest }) => app.inject({
      ...rest,
      headers: { 'x-request-type': 'client', ...(rest.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
    }),
    async mails(to) {
      const rows = await database.db.selectFrom('kernel_jobs').select('payload').where('kind', '=', MAIL_JOB).orderBy('id').execute();
      const all = rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as MailMessage);
      return to ? all.filter((m) => m.to === to.toLowerCase()) : all;
    },
    async close() {
      await app.close();
      if (opts.join) return void await database.close();
      if (url && schema) await database.db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => {});
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** "sid=..." from a response's set-cookie, for the next request. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'sid');
  if (!c) throw new Error('no session cookie in response');
  return `sid=${c.value}`;
}

/** The first link in a mail's text part that contains `part`. */
export function linkIn(mail: { text: string } | undefined, part: string): string {
  const url = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(part));
  if (!url) throw new Error(`no link with ${part} in mail:\n${mail?.text}`);
  return url;
}

// A member for tests, made through the plugins' services: see plugins/testing.ts.
export { addMember, creditsOf, makePremium, staffLogin } from '../../plugins/testing.ts';

/** Collects the events a test socket receives; `next(type)` waits for the first of that type. */
export function socketEvents(ws: WebSocket) {
  const events: Record<string, unknown>[] = [];
  ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
  const next = (type: string, timeout = 2000) => new Promise<Record<string, unknown>>((resolve, reject) => {
    const seen = events.find((e) => e.type === type);
    if (seen) return resolve(seen);
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeout} ms`)), timeout);
    ws.on('message', (raw) => {
      const e = JSON.parse(String(raw));
      if (e.type === type) { clearTimeout(timer); resolve(e); }
    });
  });
  return { events, next };
}

/**
 * A metric's value as GET /metrics shows it (asked from loopback): the sum of its samples whose
 * labels include `labels`, 0 when there is none (a histogram's count is `<name>_count`).
 */
export async function metricValue(t: TestApp, name: string, labels: Record<string, string> = {}): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
  let sum = 0;
  for (const line of res.body.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/**
 * A test app whose dist folder holds only a bare index.html: the HTML the server sends (the boot
 * block, `kernel.bootData`) without a build. `close` also removes the folder.
 */
export async function createShellTestApp(): Promise<TestApp> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const t = await createTestApp({ profiles: 0, distDir: dist });
  return { ...t, close: async () => { await t.close(); fs.rmSync(dist, { recursive: true, force: true }); } };
}

/** The `data` of the boot block in a page's HTML. */
export function bootDataIn(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="boot">([^]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no boot block');
  return (JSON.parse(m[1]) as { data: Record<string, unknown> }).data;
}
