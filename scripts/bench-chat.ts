// `npm run bench:chat`: realtime chat delivery. BENCH_SOCKETS members (default 1000) each hold a real
// WebSocket; we measure memory per connection, fan-out latency of one event to all of them, and the
// full message path (HTTP send → credits → store → publish → recipient's socket) for BENCH_MESSAGES
// sends (default 500). First on PGlite with the in-process hub, then, when TEST_DATABASE_URL and
// REDIS_URL are set, across two instances (sockets on B, sends and publishes on A, via Redis).
// Clients and servers share this process: memory figures include both ends of each socket.
// Every figure stands beside the same measurement of a bare fastify server in the same run
// (bench-chat-reference.ts: a WebSocket route and a POST route that hands the text to the
// recipient's socket, no session, no database), with the ratio: this machine is shared and noisy.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { addMember, createTestApp, type TestApp } from '../kernel/server/testing.ts';
import { authRef } from '../plugins/auth/server.ts';

declare module '../kernel/contract/realtime.ts' {
  interface RealtimeEvents { bench: { sentAt: number } }
}
import { membersRef } from '../plugins/members/server.ts';
import { startReferenceServer } from './bench-chat-reference.ts';

process.env.RATE_LIMIT_FACTOR = '1000'; // the 120 sends/minute limit must not throttle the run
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const { TEST_DATABASE_URL: pgUrl, REDIS_URL: redisUrl } = process.env;

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x: number) => `${x.toFixed(2).padStart(7)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;
const within = <T>(p: Promise<T>, limit: number, what: string) => Promise.race([
  p, sleep(limit).then(() => { throw new Error(`timed out after ${limit} ms: ${what}`); }),
]);
async function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) { gc?.(); await sleep(100); }
  return process.memoryUsage();
}

// What the sockets receive: bench events count towards a round, chat messages are matched by text.
let onBench: ((sentAt: number, at: number) => void) | null = null;
const chatWaiters = new Map<string, (at: number) => void>();
function connect(url: string, cookie?: string) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    ws.on('message', (raw) => {
      const at = performance.now();
      const e = JSON.parse(String(raw)) as { type: string; sentAt?: number; message?: { text: string } };
      if (e.type === 'bench') onBench?.(e.sentAt!, at);
      else if (e.type === 'chat:message') chatWaiters.get(e.message!.text)?.(at);
    });
    ws.once('open', () => resolve(ws));
    ws.on('error', reject);
  });
}

/** Members with profiles and sessions straight through the services (no argon2, no login limits). */
async function makeMembers(t: TestApp, n: number) {
  const auth = t.kernel.services.get(authRef);
  const members = t.kernel.services.get(membersRef);
  const tag = crypto.randomBytes(3).toString('hex');
  const out: { id: number; cookie: string }[] = [];
  for (let i = 0; i < n; i += 50) {
    out.push(...await Promise.all(Array.from({ length: Math.min(50, n - i) }, async (_, k) => {
      const id = await auth.createAccount({ email: `bench${i + k}-${tag}@example.com`, password: null, status: 'active', language: null });
      await members.createProfile(id, {
        name: `Bench${i + k}`, gender: 'female', sexuality: 'hetero', birthdate: '1992-06-01', country: 'GB', region: 'bristol', city: 'Bristol', status: 'active',
      });
      return { id, cookie: `sid=${await t.kernel.sessions.create(id)}` };
    })));
  }
  return out;
}

/** What a scenario measures against: where members connect and send, and how an event is published. */
interface Target {
  members: { id: number; cookie?: string }[];
  socketUrl(member: { id: number }): string;
  sockets(): number;
  publish(ids: number[], event: { type: 'bench'; sentAt: number }): unknown;
  send: { url: string; cookie?: string };
}

interface Figures { rssKb: number; heapKb: number; fanout: number[]; fanoutLast: number[]; sends: Map<number, { latencies: number[]; perSecond: number }> }

/** Sends `n` messages through HTTP, `concurrency` at a time; latency = request start → recipient's socket. */
async function sendMessages(t: Target, n: number, concurrency: number, tag: string) {
  const ids = t.members.map((m) => m.id);
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const text = `bench ${tag} ${i}`;
      const arrived = new Promise<number>((resolve) => chatWaiters.set(text, resolve));
      const start = performance.now();
      const res = await fetch(t.send.url, {
        method: 'POST',
        headers: { ...(t.send.cookie ? { cookie: t.send.cookie } : {}), 'content-type': 'application/json', 'x-request-type': 'client' },
        body: JSON.stringify({ to: ids[Math.floor(Math.random() * ids.length)], kind: 'text', text, key: `bench-${tag}-${i}` }),
      });
      if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      latencies.push(await within(arrived, 10_000, `delivery of "${text}"`) - start);
      chatWaiters.delete(text);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, perSecond: n / ((performance.now() - started) / 1000) };
}

/** Opens a socket per member, measures memory, fan-out and the message path, closes the sockets. */
async function measure(t: Target): Promise<Figures> {
  const before = await memory();
  let started = performance.now();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < t.members.length; i += 100) {
    sockets.push(...await Promise.all(t.members.slice(i, i + 100).map((m) => connect(t.socketUrl(m), m.cookie))));
  }
  const openMs = performance.now() - started;
  await sleep(500); // presence rows written on connect settle
  const after = await memory();
  console.log(`${SOCKETS} sockets open in ${(openMs / 1000).toFixed(2)} s (server sees ${t.sockets()})`);

  // (a) fan-out: one event to every member, ROUNDS times (2 warm-up rounds not counted).
  const ids = t.members.map((m) => m.id);
  const fanout: number[] = [];
  const fanoutLast: number[] = [];
  for (let r = -2; r < ROUNDS; r++) {
    let got = 0;
    const round: number[] = [];
    const done = new Promise<void>((resolve) => {
      onBench = (sentAt, at) => { round.push(at - sentAt); if (++got === SOCKETS) resolve(); };
    });
    await t.publish(ids, { type: 'bench', sentAt: performance.now() });
    await within(done, 10_000, `fan-out round ${r} (${got}/${SOCKETS})`);
    if (r >= 0) { fanout.push(...round); fanoutLast.push(Math.max(...round)); }
    await sleep(20);
  }
  onBench = null;

  // (b) the message path, sequential and with a few requests in flight.
  await sendMessages(t, 10, 1, `warm${crypto.randomBytes(2).toString('hex')}`);
  const sends = new Map<number, { latencies: number[]; perSecond: number }>();
  for (const c of [1, CONCURRENCY]) sends.set(c, await sendMessages(t, MESSAGES, c, `c${c}${crypto.randomBytes(2).toString('hex')}`));

  await Promise.all(sockets.map((ws) => new Promise<void>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    ws.once('close', () => resolve());
    ws.close();
  })));
  const kb = (a: number, b: number) => (b - a) / 1024 / SOCKETS;
  return { rssKb: kb(before.rss, after.rss), heapKb: kb(before.heapUsed, after.heapUsed), fanout, fanoutLast, sends };
}

const ratio = (product: number, bare: number) => `${(product / bare).toFixed(1).padStart(5)}×`;

function report(f: Figures, bare?: Figures) {
  const vs = (p: number, b: number | undefined) => (b === undefined ? '' : ` | bare ${b.toFixed(2)} ms, ${ratio(p, b)}`);
  const heap = bare ? ` | bare heap ${bare.heapKb.toFixed(1)} KB, ${ratio(f.heapKb, bare.heapKb)}` : '';
  console.log(`${'memory per connection'.padEnd(30)} RSS ${f.rssKb.toFixed(1)} KB  heap ${f.heapKb.toFixed(1)} KB  (server + client end)${heap}`);
  const fp50 = pct(f.fanout, 0.5);
  console.log(`${`fan-out to ${SOCKETS} sockets`.padEnd(30)} p50 ${ms(fp50)}  p99 ${ms(pct(f.fanout, 0.99))}  last socket p50 ${ms(pct(f.fanoutLast, 0.5))}  (${ROUNDS} rounds)${vs(fp50, bare && pct(bare.fanout, 0.5))}`);
  for (const [c, { latencies, perSecond }] of f.sends) {
    const p50 = pct(latencies, 0.5);
    const b = bare?.sends.get(c);
    console.log(`${`send → socket (concurrency ${c})`.padEnd(30)} p50 ${ms(p50)}  p99 ${ms(pct(latencies, 0.99))}  ${perSecond.toFixed(0).padStart(5)} msg/s  (${MESSAGES} messages)${vs(p50, b && pct(b.latencies, 0.5))}`);
  }
}

/** The bare server, measured right before each product scenario so both see the same machine. */
async function bareFigures() {
  console.log('\nreference: bare fastify + @fastify/websocket, no session, no database');
  const ref = await startReferenceServer();
  const figures = await measure({
    members: Array.from({ length: SOCKETS }, (_, i) => ({ id: i + 1 })),
    socketUrl: (m) => `ws://127.0.0.1:${ref.port}/socket?id=${m.id}`,
    sockets: ref.sockets,
    publish: (ids, event) => ref.publish(ids, event),
    send: { url: `http://127.0.0.1:${ref.port}/send` },
  });
  await ref.close();
  report(figures);
  return figures;
}

/** One scenario: sockets on `socketsOn`, sends and publishes through `sendVia` (the same app in one process). */
async function scenario(title: string, sendVia: TestApp, socketsOn: TestApp) {
  console.log(`\n## ${title}`);
  const bare = await bareFigures();
  console.log('\nproduct');
  const started = performance.now();
  const members = await makeMembers(sendVia, SOCKETS);
  const sender = await addMember(sendVia, { premium: true, credits: 1_000_000 });
  console.log(`${SOCKETS} members with sessions created in ${((performance.now() - started) / 1000).toFixed(1)} s (${sendVia.database.engine})`);
  const figures = await measure({
    members,
    socketUrl: () => `ws://127.0.0.1:${portOf(socketsOn)}/api/socket`,
    sockets: () => socketsOn.kernel.realtime.localSockets,
    publish: (ids, event) => sendVia.kernel.realtime.publish(ids, event),
    send: { url: `http://127.0.0.1:${portOf(sendVia)}/api/messages.php`, cookie: sender.cookie },
  });
  report(figures, bare);
}

console.log(`# chat delivery benchmark: ${SOCKETS} sockets, ${MESSAGES} messages, Node ${process.version}`);
// One process: PGlite and the in-process hub, whatever the environment says.
delete process.env.TEST_DATABASE_URL;
delete process.env.REDIS_URL;
const single = await createTestApp({ profiles: 0 });
await single.app.listen({ port: 0, host: '127.0.0.1' });
await scenario('one process (PGlite, in-process hub)', single, single);
await single.close();

if (pgUrl && redisUrl) {
  process.env.TEST_DATABASE_URL = pgUrl;
  process.env.REDIS_URL = redisUrl;
  const a = await createTestApp({ profiles: 0 });
  const b = await createTestApp({ join: a });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  await scenario('two instances (PostgreSQL + Redis): sockets on B, sends and publishes on A', a, b);
  await b.close();
  await a.close();
} else {
  console.log('\n## two instances: skipped, needs TEST_DATABASE_URL and REDIS_URL, e.g.');
  console.log('TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:chat');
}
