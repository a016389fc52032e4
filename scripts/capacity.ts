// Measured inputs of the capacity model in deploy/README.md: per main route and per chat message,
// the server's CPU time, PostgreSQL's CPU time (its backends serving this database), Redis's CPU
// time and the SQL statements the app issued; and the memory one open WebSocket holds.
//
//   node --expose-gc --import tsx scripts/capacity.ts
//
// One real app in this process on PostgreSQL and Redis (TEST_DATABASE_URL, REDIS_URL; a database and
// key prefix of its own, removed at the end) with its photos in a local s3rver bucket
// (CAPACITY_STORAGE=local: on the local disk); CAPACITY_PROFILES members made by SQL for the search
// (default 10,000), 300 members with sessions and premium, their sockets open. The load comes from a
// separate process (scripts/capacity-load.ts, kept-alive connections, 8 at a time), so this process's
// CPU time is the server's alone. Each figure is the CPU time during the run minus what the idle
// server spent in the same time, divided by the requests. CAPACITY_REQUESTS per route (default 2000).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { sql, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { Redis } from 'ioredis';
import { readConfig } from '../kernel/server/config.ts';
import { openDatabase } from '../kernel/server/db.ts';
import { buildApp } from '../kernel/server/app.ts';
import { serverPlugins } from '../plugins/server.ts';
import { seedBulkMembers } from '../plugins/members/server/seed/bulk.ts';
import { authRef } from '../plugins/auth/server.ts';
import { membersRef } from '../plugins/members/server.ts';
import { creditsRef } from '../plugins/credits/server.ts';
import { siteSettings } from '../kernel/contract/api.ts';
import { currentUser, login } from '../plugins/auth/contract.ts';
import { memberSearch } from '../plugins/members/contract.ts';
import { getChat, listChats, sendMessage } from '../plugins/chat/contract.ts';
import { listLikes } from '../plugins/likes/contract.ts';
import sharp from 'sharp';
import { startTestS3 } from '../kernel/server/s3-testing.ts';
import { atCleanup, cleanupAll, cleanupOnSignals } from './cluster/cleanup.ts';
import { cleanRedisPrefixAtEnd, createDatabase, ensurePostgresAndRedis, REDIS_URL } from './cluster/services.ts';

const REQUESTS = Number(process.env.CAPACITY_REQUESTS ?? 2000);
const PROFILES = Number(process.env.CAPACITY_PROFILES ?? 10_000);
const MEMBERS = 300;
const SOCKETS = Number(process.env.CAPACITY_SOCKETS ?? 2000);
const CONCURRENCY = 8;
const TICK_MS = 1000 / 100; // /proc CPU times are in clock ticks (USER_HZ, 100 on Linux)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = (globalThis as { gc?: () => void }).gc;

/** CPU ms of a process from /proc (0 when gone). */
function procCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
  }
}

async function main() {
  cleanupOnSignals();
  if (!gc) throw new Error('run with node --expose-gc (see the first lines of this file)');
  const tag = crypto.randomBytes(3).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `flirt-capacity-${tag}-`));
  atCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  await ensurePostgresAndRedis();
  const dbName = `flirt_capacity_${tag}`;
  const url = await createDatabase(dbName);
  const prefix = `flirt-capacity-${tag}:`;
  cleanRedisPrefixAtEnd(prefix);

  // Every SQL statement the app issues passes this plugin (queries built with Kysely and sql`` alike).
  let statements = 0;
  const counting: KyselyPlugin = { transformQuery: (a) => { statements++; return a.node; }, transformResult: async (a) => a.result };
  const database = await openDatabase({ url });
  // Photos in a bucket, as in a cluster (s3rver, a process of its own: its CPU is not the app's).
  // CAPACITY_STORAGE=local: on the local disk instead (one machine's way).
  const s3 = process.env.CAPACITY_STORAGE === 'local' ? null : await startTestS3(`flirt-capacity-${tag}`);
  if (s3) atCleanup('stop s3rver', () => s3.close());
  const config = {
    ...readConfig({ ...process.env, ...s3?.env, DATABASE_URL: url, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dir, HOST: '127.0.0.1', TRUST_PROXY: '1', LOG_LEVEL: 'warn', SEED_DEMO: '0' }),
    distDir: path.join(dir, 'no-build'),
  };
  const { app, kernel } = await buildApp({ config, database: { ...database, db: database.db.withPlugin(counting) }, plugins: serverPlugins });
  atCleanup('close the app', async () => { await kernel.jobs.stop(); await app.close(); await database.close(); });
  console.log(`# capacity figures, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  let t = Date.now();
  await seedBulkMembers(kernel, PROFILES);
  await sql`ANALYZE`.execute(database.db);
  console.log(`${PROFILES} members for the search made by SQL in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  // Members with sessions (premium, credits), and a few with a password for the login figure.
  t = Date.now();
  const auth = kernel.services.get(authRef);
  const members = kernel.services.get(membersRef);
  const credits = kernel.services.get(creditsRef);
  const people: { id: number; email: string; cookie: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = `cap${i}-${tag}@example.com`;
    const id = await auth.createAccount({ email, password: i < 40 ? 'capacity-pass-1' : null, status: 'active', language: null });
    await members.createProfile(id, {
      name: `Cap${i}`, gender: i % 2 ? 'male' : 'female', sexuality: 'hetero', birthdate: `19${80 + (i % 20)}-05-0${1 + (i % 9)}`,
      country: 'GB', region: 'bristol', city: 'Bristol', status: 'active',
    });
    await credits.grant(id, 1_000_000, 'capacity');
    await credits.markPaid(id);
    people.push({ id, email, cookie: `sid=${await kernel.sessions.create(id)}` });
  }
  console.log(`${MEMBERS} members with sessions in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  kernel.jobs.start(1000);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // The load process.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(new URL(import.meta.url).pathname), 'capacity-load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  atCleanup('stop the load process', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
  const answers = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ask = async <T>(cmd: object): Promise<T> => {
    child.stdin!.write(`${JSON.stringify(cmd)}\n`);
    const next = await answers.next();
    if (next.done) throw new Error('the load process ended');
    return JSON.parse(next.value) as T;
  };

  // PostgreSQL backends serving this database, and the Redis server.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  atCleanup('close the admin connection', () => admin.end());
  const adminPid = (await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const pgCpu = async () => {
    const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [dbName, adminPid]);
    return new Map(rows.map((r) => [r.pid, procCpuMs(r.pid)]));
  };
  const redis = new Redis(REDIS_URL);
  atCleanup('close the Redis connection', () => { redis.disconnect(); });
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);

  const client = { 'x-request-type': 'client', accept: 'application/json' };
  const json = { ...client, 'content-type': 'application/json' };

  // What the idle server spends (job polling, timers), to take off each figure.
  const idleCpu = async (ms: number) => {
    const c0 = process.cpuUsage();
    await sleep(ms);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / ms;
  };
  // The recipients' sockets are open while messages are sent (delivery is part of a message's cost).
  const opened = await ask<{ opened: number }>({ kind: 'sockets', port, cookies: people.map((p) => p.cookie) });
  await sleep(1000);
  const idlePerMs = await idleCpu(3000);

  interface Row { name: string; n: number; perSecond: number; app: number; db: number; redis: number; statements: number; statuses: Record<string, number> }
  const rows: Row[] = [];
  const measure = async (name: string, requests: { method: string; path: string; headers: Record<string, string>; body?: string }[], total = REQUESTS, settleMs = 300) => {
    // A warm-up run first (caches as in a running site), then the measured one.
    await ask({ kind: 'http', port, requests, total: Math.min(total, 200), concurrency: CONCURRENCY });
    const c0 = process.cpuUsage();
    const s0 = statements;
    const p0 = await pgCpu();
    const r0 = procCpuMs(redisPid);
    const started = Date.now();
    const res = await ask<{ ms: number; statuses: Record<string, number> }>({ kind: 'http', port, requests, total, concurrency: CONCURRENCY });
    await sleep(settleMs);
    const elapsed = Date.now() - started;
    const c = process.cpuUsage(c0);
    const p1 = await pgCpu();
    let db = 0;
    for (const [pid, ms] of p1) db += ms - (p0.get(pid) ?? 0);
    const appMs = (c.user + c.system) / 1000 - idlePerMs * elapsed;
    rows.push({
      name, n: total, perSecond: total / (res.ms / 1000), app: appMs / total, db: db / total, redis: (procCpuMs(redisPid) - r0) / total,
      statements: (statements - s0) / total, statuses: res.statuses,
    });
    const r = rows.at(-1)!;
    console.log(`${name.padEnd(44)} ${String(Math.round(r.perSecond)).padStart(6)}/s  app ${r.app.toFixed(2).padStart(6)} ms  PostgreSQL ${r.db.toFixed(2).padStart(5)} ms  Redis ${r.redis.toFixed(3)} ms  SQL ${r.statements.toFixed(1).padStart(4)}  ${JSON.stringify(r.statuses)}`);
  };

  // Conversations: each member writes to the next one (a ring), three messages each.
  const ring = (i: number) => people[(i + 1) % people.length];
  let key = 0;
  const sends = (n: number, tagOf: string) => Array.from({ length: n }, (_, k) => {
    const from = people[k % people.length];
    return { method: 'POST', path: sendMessage.path, headers: { ...json, cookie: from.cookie }, body: JSON.stringify({ to: ring(k % people.length).id, kind: 'text', text: `capacity ${tagOf} ${k}`, key: `cap${tag}${tagOf}${key++}x` }) };
  });
  await ask({ kind: 'http', port, requests: sends(people.length * 3, 'w'), total: people.length * 3, concurrency: CONCURRENCY });
  // Their notice jobs run 2 s later: done before anything is measured.
  await sleep(4000);
  const convs = await database.db.selectFrom('chat_conversations').select(['id', 'user_low']).execute();
  const convOf = new Map(convs.map((c) => [Number(c.user_low), Number(c.id)]));

  console.log(`\n${opened.opened} sockets open; ${REQUESTS} requests per line, ${CONCURRENCY} at a time; CPU per request (idle ${(idlePerMs * 1000).toFixed(1)} ms/s taken off)`);
  await measure('GET /api/settings.php (visitor)', [{ method: 'GET', path: siteSettings.path, headers: client }]);
  await measure('GET /api/user.php (member)', people.map((p) => ({ method: 'GET', path: currentUser.path, headers: { ...client, cookie: p.cookie } })));
  const searches = ['', '?gender=female', '?country=DE', '?country=GB&gender=female&min_age=25&max_age=40', '?gender=male&min_age=30&max_age=45&page=2', '?country=GB&page=3'];
  await measure('GET /api/members.php (search, 6 filter sets)', people.map((p, i) => ({ method: 'GET', path: `${memberSearch.path}${searches[i % searches.length]}`, headers: { ...client, cookie: p.cookie } })));
  await measure('GET /api/chats.php (conversation list)', people.map((p) => ({ method: 'GET', path: listChats.path, headers: { ...client, cookie: p.cookie } })));
  // A photo as search results show them: a 320 px JPEG thumbnail through its signed /media/ link.
  const thumb = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#c86' } }).jpeg({ quality: 80 }).toBuffer();
  await kernel.storage.put(`capacity/${tag}/thumb.jpg`, thumb);
  const media = new URL(kernel.storage.url(`capacity/${tag}/thumb.jpg`), 'http://x');
  await measure(`GET /media/… (a ${(thumb.length / 1024).toFixed(0)} KB photo from ${s3 ? 'the bucket' : 'local disk'})`, [{ method: 'GET', path: media.pathname + media.search, headers: {} }]);
  await measure('GET /api/likes.php (likes list)', people.map((p) => ({ method: 'GET', path: listLikes.path, headers: { ...client, cookie: p.cookie } })));
  await measure('GET /api/chat.php?id= (a conversation)', people.filter((p) => convOf.has(p.id)).map((p) => ({ method: 'GET', path: `${getChat.path}?id=${convOf.get(p.id)}`, headers: { ...client, cookie: p.cookie } })));
  // A message: the send, the credits, the store, the publish through Redis, the recipient's socket, the notice job 2 s later.
  await measure('POST /api/messages.php (a chat message)', sends(REQUESTS, 'm'), REQUESTS, 3500);
  const logins = Array.from({ length: 200 }, (_, i) => ({
    method: 'POST', path: login.path, body: JSON.stringify({ email: people[i % 40].email, password: 'capacity-pass-1' }),
    headers: { ...json, 'x-forwarded-for': `203.0.113.${(i % 200) + 1}` },
  }));
  await measure('POST /api/user.php (login: argon2id)', logins, 200);

  // Memory per open socket: this process before and after SOCKETS more (the other side is elsewhere).
  const cookies = Array.from({ length: SOCKETS }, (_, i) => people[i % people.length].cookie);
  for (let i = 0; i < 3; i++) { gc!(); await sleep(100); }
  const m0 = process.memoryUsage();
  const more = await ask<{ opened: number }>({ kind: 'sockets', port, cookies });
  await sleep(2000);
  for (let i = 0; i < 3; i++) { gc!(); await sleep(100); }
  const m1 = process.memoryUsage();
  // RSS moves with what the allocator keeps or returns; the JS heap and the buffers outside it are the socket's own.
  const kb = (a: number, b: number) => ((b - a) / 1024 / more.opened).toFixed(1);
  console.log(`\nmemory per open socket (${more.opened} more, server side): JS heap ${kb(m0.heapUsed, m1.heapUsed)} KB + buffers ${kb(m0.external, m1.external)} KB (RSS ${kb(m0.rss, m1.rss)} KB); process RSS ${(m1.rss / 1048576).toFixed(0)} MB with ${opened.opened + more.opened} sockets`);
  const pgBackends = (await pgCpu()).size;
  console.log(`PostgreSQL connections of this instance: ${pgBackends} (pool of 10 and one LISTEN)`);
  await ask({ kind: 'close' });
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await cleanupAll();
}
process.exit(code);
