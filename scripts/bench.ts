// `npm run bench`: the API under load and member search at scale, through the real app.
//
// 1. Load: autocannon (in a worker thread) against the app listening on 127.0.0.1, and in the same
//    run against a bare fastify route on another port, so the figures are ratios to what this
//    machine serves at all: GET /api/settings.php, GET /api/user.php (logged in) and member search
//    (BENCH_VIEWERS logged-in members, default 200, each drawing from their own mix of filter sets
//    and pages, see searchMix; printed with the search cache's hit rate).
// 2. Search at scale: BENCH_PROFILES members (default 100,000) made by SQL, then p50/p95 per filter
//    set of the search page and the match finder (deep pages included), and the EXPLAIN ANALYZE of
//    the slowest one.
//
// Engines: PGlite (a data directory in the temp folder); with TEST_DATABASE_URL also PostgreSQL (a
// schema of its own, dropped afterwards). BENCH_ENGINES=pglite|postgres picks one.
// Other knobs: BENCH_LOAD_PROFILES (members during the load test, default 5,000: the demo size),
// BENCH_SECONDS (per load run, default 5), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS (per filter
// set, default 60), LOG_LEVEL (default warn; per-request logging is off at info too).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { readConfig } from '../kernel/server/config.ts';
import { openDatabase, type Database } from '../kernel/server/db.ts';
import { buildApp } from '../kernel/server/app.ts';
import { runSeeds } from '../kernel/server/seed.ts';
import { serverPlugins } from '../plugins/server.ts';
import { seedBulkMembers } from '../plugins/members/server/seed/bulk.ts';
import { searchQueries } from '../plugins/members/server/queries.ts';
import type { MembersQuery } from '../plugins/members/contract.ts';
import { searchCacheRef } from '../plugins/members/server/search-cache.ts';
import type { Kernel } from '../kernel/server/plugin.ts';

const env = process.env;
const PROFILES = Number(env.BENCH_PROFILES ?? 100_000);
const LOAD_PROFILES = Math.min(PROFILES, Number(env.BENCH_LOAD_PROFILES ?? 5000));
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 60);
const engines = (env.BENCH_ENGINES ?? (env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',').map((e) => e.trim());
const require = createRequire(import.meta.url);

/** The search page's filter sets (SearchForm: gender, country, region, ages; pages) and the match finder's. */
const FILTER_SETS: [string, string][] = [
  ['everyone', ''],
  ['women', 'gender=female'],
  ['country', 'country=DE'],
  ['country+gender+ages', 'country=GB&gender=female&min_age=25&max_age=40'],
  ['country+region', 'country=PL&countryregion=mazowieckie'],
  ['region+gender+ages', 'country=NL&countryregion=utrecht&gender=male&min_age=30&max_age=50'],
  ['ages only, narrow', 'min_age=70&max_age=72'],
  ['rare: FI men of 80', 'country=FI&gender=male&min_age=80&max_age=80'],
  ['similar (relaxed)', 'country=NL&countryregion=utrecht&gender=male&min_age=30&max_age=35&similar=true'],
  ['page 50', 'page=50'],
  ['country+gender p50', 'country=DE&gender=female&page=50'],
  ['women 25-45 p100', 'gender=female&min_age=25&max_age=45&page=100'],
  ['match finder', 'country=GB&gender=female&min_age=25&max_age=45&interests=travelling,coffee,hiking,music,cooking'],
  ['match finder p11', 'gender=female&min_age=25&max_age=45&interests=travelling,coffee,hiking&page=11'],
];
/** The search page's common filter sets, as members pick them now and then during the load test. */
const LOAD_SEARCHES = ['', '?gender=female', '?country=DE', '?country=GB&gender=female&min_age=25&max_age=40',
  '?country=PL&countryregion=mazowieckie', '?gender=male&min_age=30&max_age=45&page=2', '?country=GB&page=3', '?min_age=40&max_age=60'];
/** Distinct logged-in members searching during the load test. */
const VIEWERS = Number(env.BENCH_VIEWERS ?? 200);

/**
 * What VIEWERS members (mixed genders, orientations, countries, ages; sessions made directly) ask
 * the search for, 20 draws each: the landing page with no filters 6, their own search (the gender
 * they look for, their country) 6, that with an age range around theirs 2, its pages 2–5 2, two
 * other filter sets of the search page, and two deep pages (6 and beyond, fewer the deeper). Requests
 * are drawn at random.
 */
async function searchMix(database: Database, kernel: Kernel): Promise<MixEntry[]> {
  const { rows } = await sql<{ id: number; gender: string; sexuality: string; country: string; age: number }>`
    SELECT p.user_id AS id, p.gender, p.sexuality, p.country, date_part('year', age(p.birthdate))::int AS age
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.status = 'active' AND NOT p.invisible AND u.email LIKE 'bulk-%'
    ORDER BY hashint4(p.user_id) LIMIT ${VIEWERS}`.execute(database.db);
  const mix: MixEntry[] = [];
  for (const v of rows) {
    const id = Number(v.id);
    const cookie = `sid=${await kernel.sessions.create(id)}`;
    const seeks = v.sexuality === 'hetero' ? (v.gender === 'male' ? 'female' : 'male') : v.sexuality === 'bi' ? null : v.gender;
    const own = [seeks ? `gender=${seeks}` : '', `country=${v.country}`].filter(Boolean).join('&');
    const lo = Math.max(18, Math.floor((v.age - 5) / 5) * 5);
    const add = (qs: string, n = 1) => { for (let i = 0; i < n; i++) mix.push({ path: `/api/members.php${qs ? `?${qs}` : ''}`, cookie }); };
    add('', 6);
    add(own, 6);
    add(`${own}&min_age=${lo}&max_age=${lo + 15}`, 2);
    add(`${own}&page=2`);
    add(`${own}&page=${3 + (id % 3)}`);
    add(LOAD_SEARCHES[id % LOAD_SEARCHES.length].slice(1));
    add(LOAD_SEARCHES[(id + 3) % LOAD_SEARCHES.length].slice(1));
    // Deep pages thin out with depth as on a real site: 6 + an exponential of mean 10 pages (about
    // 1 in 80 of them past page 50, beyond the cached ids).
    const deep = (k: number) => 6 + Math.floor(-Math.log(1 - (((Math.imul(id, 2654435761) ^ k) >>> 0) % 997) / 997) * 10);
    add(`page=${deep(0)}`);
    add(`${seeks ? `gender=${seeks}&` : ''}page=${deep(0x5bd1)}`);
  }
  return mix;
}

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (n: number, d = 1) => n.toFixed(d);
const log = (s = '') => console.log(s);

interface CannonResult { rps: number; p50: number; p99: number; non2xx: number; errors: number }

/** One request of a mix: path and session cookie. */
interface MixEntry { path: string; cookie: string }

/**
 * autocannon in a worker thread, so the load generator does not share the server's event loop.
 * `mix`: each request is drawn at random from these (every connection independently, so the
 * connections do not walk one sequence in step and repeat each other's requests).
 */
function cannon(opts: Record<string, unknown>, mix?: MixEntry[]): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`
      const { parentPort, workerData } = require('node:worker_threads');
      const autocannon = require(workerData.mod);
      const mix = workerData.mix;
      if (mix) workerData.opts.requests = [{ method: 'GET', setupRequest: (req) => {
        const e = mix[Math.floor(Math.random() * mix.length)];
        return { ...req, path: e.path, headers: { ...req.headers, cookie: e.cookie } };
      } }];
      // Inside a worker thread autocannon hands back raw histograms: aggregate them here.
      autocannon(workerData.opts).then((raw) => autocannon.aggregateResult([raw], workerData.opts)).then(
        (r) => parentPort.postMessage({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }),
        (e) => parentPort.postMessage({ error: String(e) }));
    `, { eval: true, workerData: { mod: require.resolve('autocannon'), opts, mix } });
    worker.once('message', (m) => { void worker.terminate(); if (m.error) reject(new Error(m.error)); else resolve(m); });
    worker.once('error', reject);
  });
}

async function load(name: string, url: string, extra: Record<string, unknown>, bare?: number,
  opts: { mix?: MixEntry[]; afterWarmUp?: () => void; note?: () => string } = {}) {
  await cannon({ url, connections: CONNECTIONS, duration: 1, ...extra }, opts.mix); // warm-up (JIT, caches)
  opts.afterWarmUp?.();
  const r = await cannon({ url, connections: CONNECTIONS, duration: SECONDS, ...extra }, opts.mix);
  const bad = r.non2xx || r.errors ? `  !! ${r.non2xx} non-2xx, ${r.errors} errors` : '';
  log(`  ${name.padEnd(34)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50, 0).padStart(3)} ms  p99 ${fmt(r.p99, 0).padStart(4)} ms${bare ? `  ${fmt(r.rps / bare, 2)}× bare` : ''}${opts.note?.() ?? ''}${bad}`);
  return r.rps;
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}

async function openEngine(engine: string): Promise<{ database: Database; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-bench-'));
  if (engine === 'postgres') {
    if (!env.TEST_DATABASE_URL) throw new Error('postgres needs TEST_DATABASE_URL');
    const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ url: env.TEST_DATABASE_URL, schema });
    return {
      database, dataDir,
      drop: async () => {
        await database.db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => {});
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  return { database, dataDir, drop: async () => { await database.close(); fs.rmSync(dataDir, { recursive: true, force: true }); } };
}

async function bench(engine: string, bareUrl: string) {
  log(`\n=== ${engine} ===`);
  const started = Date.now();
  const { database, dataDir, drop } = await openEngine(engine);
  const config = { ...readConfig({ ...env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' }) };
  const { app, kernel } = await buildApp({ config, database, plugins: serverPlugins });
  // After the bulk insert: statistics, and on PostgreSQL the vacuum its autovacuum would otherwise
  // start in the middle of the load test (a one-off of the fresh tables that took the two cores
  // from settings.php and user.php in earlier runs).
  const settle = async () => {
    if (database.engine === 'postgres') await sql`VACUUM (ANALYZE) users, profiles`.execute(database.db);
    await sql`ANALYZE`.execute(database.db);
  };
  try {
    await runSeeds(kernel, serverPlugins, { demo: true, profiles: 0 }); // the demo member (one portrait)
    let t = Date.now();
    await seedBulkMembers(kernel, LOAD_PROFILES);
    await settle();
    log(`${LOAD_PROFILES} members by SQL + ANALYZE in ${fmt((Date.now() - t) / 1000)} s (setup ${fmt((t - started) / 1000)} s)`);
    const base = await listen(app);
    const login = await fetch(`${base}/api/user.php`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-request-type': 'client' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'flirt-demo-2026' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie.startsWith('sid=')) throw new Error(`login failed: ${login.status}`);

    if (!env.BENCH_SKIP_LOAD) {
    log(`\nLoad (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, ${LOAD_PROFILES} members):`);
    const bare = await load('bare fastify route', `${bareUrl}/`, {});
    await load('GET /api/settings.php', `${base}/api/settings.php`, {}, bare);
    await load('GET /api/user.php (logged in)', `${base}/api/user.php`, { headers: { cookie } }, bare);
    const mix = await searchMix(database, kernel);
    const stats = kernel.services.get(searchCacheRef).stats;
    let before = { ...stats };
    await load(`GET /api/members.php (${VIEWERS} members)`, `${base}/api/members.php`, {}, bare, {
      mix, afterWarmUp: () => { before = { ...stats }; },
      note: () => {
        const d = (k: keyof typeof stats) => stats[k] - before[k];
        const all = d('hits') + d('misses');
        return `  cache hits ${fmt((100 * d('hits')) / Math.max(1, all), 1)} % of ${all} (loads: ${d('lists')} lists, ${d('summaries')} summaries, ${d('viewers')} viewers; ${d('sql')} all SQL)`;
      },
    });
    }

    t = Date.now();
    await seedBulkMembers(kernel, PROFILES - LOAD_PROFILES, LOAD_PROFILES + 1);
    await settle();
    log(`\n+${PROFILES - LOAD_PROFILES} members by SQL + ANALYZE in ${fmt((Date.now() - t) / 1000)} s`);
    // The queries themselves: with the search cache (search-cache.ts) on, repeats would come from memory.
    kernel.services.get(searchCacheRef).enabled = false;
    log(`Search at ${PROFILES.toLocaleString('en')} members (${ROUNDS} runs per filter set, through the app, search cache off):`);
    const viewerId = Number((await database.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id);
    const results: { name: string; qs: string; p50: number; p95: number }[] = [];
    for (const [name, qs] of FILTER_SETS) {
      const call = () => app.inject({ method: 'GET', url: `/api/members.php?${qs}`, headers: { cookie } });
      const first = await call();
      if (first.statusCode !== 200) throw new Error(`${qs}: ${first.statusCode} ${first.body}`);
      for (let i = 0; i < 4; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        await call();
        times.push(performance.now() - s);
      }
      const body = first.json() as { total: number; total_capped?: boolean; profiles: unknown[] };
      const r = { name, qs, p50: pct(times, 0.5), p95: pct(times, 0.95) };
      results.push(r);
      log(`  ${name.padEnd(22)} p50 ${fmt(r.p50, 2).padStart(6)} ms  p95 ${fmt(r.p95, 2).padStart(6)} ms   total ${String(body.total) + (body.total_capped ? '+' : '')}, ${body.profiles.length} shown`);
    }
    const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    log(`  worst p95: ${fmt(worst.p95, 2)} ms (${worst.name})`);
    const q = Object.fromEntries(new URLSearchParams(worst.qs)) as Record<string, string>;
    const mq: MembersQuery = { ...q, min_age: q.min_age ? Number(q.min_age) : undefined, max_age: q.max_age ? Number(q.max_age) : undefined,
      page: q.page ? Number(q.page) : undefined, similar: q.similar === 'true' } as MembersQuery;
    const queries = searchQueries(viewerId, mq);
    if (queries) {
      for (const [label, query] of [['page', queries.page], ['capped count (run only when the page is full and the estimate under 3,000)', queries.count]] as const) {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${query}`.execute(database.db);
        log(`\nEXPLAIN ANALYZE of the slowest set's ${label} query (${worst.qs || 'no filters'}):`);
        for (const row of rows) log(`  ${row['QUERY PLAN']}`);
      }
    }
    return { engine, worst };
  } finally {
    await app.close();
    await drop();
    log(`(${engine} done in ${fmt((Date.now() - started) / 1000)} s)`);
  }
}

if (engines.length > 1) {
  // One process per engine: the first engine's heap (PGlite's WASM memory, caches) must not weigh
  // on the second one's figures.
  log(`npm run bench: ${os.cpus().length} cores, Node ${process.version}, engines ${engines.join(', ')} (one process each)`);
  for (const engine of engines) {
    const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...env, BENCH_ENGINES: engine } });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
} else {
  const bareApp = Fastify({ logger: false });
  bareApp.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await listen(bareApp);
  log(`npm run bench: ${os.cpus().length} cores, Node ${process.version}, engine ${engines[0]}`);
  try {
    await bench(engines[0], bareUrl);
  } finally {
    await bareApp.close();
  }
}
