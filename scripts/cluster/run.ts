// `npm run test:cluster`: three instances of the product on PostgreSQL, Redis and a shared S3 bucket
// (s3rver), behind Debian's HAProxy with deploy/haproxy.cfg, under a chat load of real members on
// WebSockets. One instance is killed (SIGKILL) in the middle of it, then all three are restarted one
// at a time with SIGTERM (a release) under a steady stream of requests and messages; then settings,
// a logout, rate limits, a payment webhook and due jobs are shown to be honoured once by all
// instances. Prints the figures and exits 1 on any loss or failure (2 when it cannot run at all).
// Everything it starts (processes, database, Redis keys, temp folder) is removed at the end.
// Knobs: CLUSTER_MEMBERS (200), CLUSTER_MESSAGES (2000), CLUSTER_CONCURRENCY (12), CLUSTER_KEEP=1
// (keep the logs folder), TEST_DATABASE_URL, REDIS_URL (the servers to use).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atCleanup, cleanupAll, cleanupOnSignals } from './cleanup.ts';
import { cleanRedisPrefixAtEnd, createDatabase, ensurePostgresAndRedis, freePort, REDIS_URL } from './services.ts';
import { HAProxy, Instance } from './processes.ts';
import { MOLLIE_KEY, startMailServer, startMollie, startPostbackReceiver } from './outside.ts';
import { Member, Traffic, type Context, type Reconnect } from './member.ts';
import { addressOf, connectAll, makeMembers } from './members.ts';
import { Book, delivery, messageLoad, settle, steadyStream, type Delivery } from './load.ts';
import {
  loginFailuresCounted, logoutEverywhere, mailsOnce, paymentWebhook, postbacksOnce, requestLimitShared, settingsChange, visits, type CheckResult,
} from './checks.ts';
import { Database } from './verify.ts';
import { startTestS3 } from '../../kernel/server/s3-testing.ts';

const MEMBERS = Number(process.env.CLUSTER_MEMBERS ?? 200);
const MESSAGES = Number(process.env.CLUSTER_MESSAGES ?? 2000);
const CONCURRENCY = Number(process.env.CLUSTER_CONCURRENCY ?? 12);
/** The instances' graceful stop: the readiness answers 503 this long before sockets and listener close. */
const DRAIN_MS = 5000;
/** A member's socket must be back within this (the issue's bound). */
const RECONNECT_LIMIT_MS = 5000;

const started = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => (xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] : 0);
const within = async <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
};

const problems: string[] = [];
const expect = (ok: boolean, what: string) => { if (!ok) problems.push(what); };

async function main() {
  cleanupOnSignals();
  const tag = crypto.randomBytes(3).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `flirt-cluster-${tag}-`));
  // Registered first, so removed last (the logs are shown before it on a failure).
  atCleanup(`remove ${dir}`, () => {
    if (process.env.CLUSTER_KEEP === '1') console.log(`logs kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  say(`cluster test ${tag}: ${MEMBERS} members, ${MESSAGES} messages, Node ${process.version}, logs in ${dir}`);

  await ensurePostgresAndRedis();
  const databaseUrl = await createDatabase(`flirt_cluster_${tag}`);
  const db = new Database(databaseUrl);
  atCleanup('close the checking connections', () => db.close());
  const redisPrefix = `flirt-cluster-${tag}:`;
  cleanRedisPrefixAtEnd(redisPrefix);
  const s3 = await startTestS3(`flirt-cluster-${tag}`);
  atCleanup('stop s3rver', () => s3.close());
  const mail = await startMailServer();
  const receiver = await startPostbackReceiver();
  const mollie = await startMollie();
  say(`database flirt_cluster_${tag}, Redis prefix ${redisPrefix}, bucket at ${s3.endpoint}, SMTP ${mail.url}`);

  const [p1, p2, p3, hp, sp] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG,
    HOST: '127.0.0.1', DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: redisPrefix,
    DIST_DIR: path.join(dir, 'no-build'), TRUST_PROXY: '1', LOG_LEVEL: 'info',
    SEED_PROFILES: '30', SEED_WAIT: '1', TEST_HOOKS: '1', JOBS_POLL_MS: '250', RATE_LIMIT_FACTOR: '1',
    SMTP_URL: mail.url, SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // Mollie is played by a local HTTPS server with a self-signed certificate, which the Mollie
    // client (it pins its own CA bundle) accepts only this way: in these test processes alone.
    PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: MOLLIE_KEY, MOLLIE_API_ENDPOINT: mollie.endpoint, NODE_TLS_REJECT_UNAUTHORIZED: '0',
    ...s3.env,
  };
  const instances = [p1, p2, p3].map((port, i) => new Instance(`app${i + 1}`, port, { ...base, DATA_DIR: path.join(dir, `app${i + 1}`) }, dir));
  const showLogs = () => {
    for (const p of [...instances, haproxy]) console.error(`\n--- last lines of ${p.logFile}\n${p.tail(25)}`);
  };

  // The first instance migrates and seeds; the others start on the migrated database.
  instances[0].start();
  await instances[0].waitReady(180_000);
  instances[1].start();
  instances[2].start();
  await Promise.all([instances[1].waitReady(180_000), instances[2].waitReady(180_000)]);
  const haproxy = new HAProxy(hp, sp, instances.map((i) => `127.0.0.1:${i.port}`), dir);
  haproxy.start();
  await Promise.all(instances.map((i) => haproxy.waitState(i.name, 'UP')));
  say(`3 instances ready on ${instances.map((i) => i.port).join(', ')}; HAProxy on ${hp} sees them UP`);

  const traffic = new Traffic();
  const reconnects: Reconnect[] = [];
  const ctx: Context = { host: '127.0.0.1', port: hp, traffic, reconnects };
  const book = new Book(tag);
  let members: Member[] = [];
  try {
    members = await makeMembers({ count: MEMBERS, tag, ctx, mail, instances, credits: 100_000 });
    say(`${MEMBERS} members signed up, activated from their mails, given credits (${traffic.of('setup').attempts} requests)`);
    await connectAll(members);
    say(`${members.filter((m) => m.connected).length} sockets open through HAProxy`);

    // ---- 1. Chat load; one instance killed with SIGKILL in the middle of it.
    traffic.phase = 'kill';
    const victim = instances[1];
    let killAt = 0;
    const loadStart = Date.now();
    await messageLoad(book, members, {
      total: MESSAGES, concurrency: CONCURRENCY, phase: 'kill',
      onAck: (n) => {
        if (n === Math.floor(MESSAGES / 2) && !killAt) {
          killAt = Date.now();
          victim.signal('SIGKILL');
          say(`${n} messages acknowledged: ${victim.name} killed with SIGKILL at +${killAt - started} ms`);
        }
      },
    });
    const loadMs = Date.now() - loadStart;
    say(`${book.ofPhase('kill').length} messages sent in ${(loadMs / 1000).toFixed(1)} s (${(book.ofPhase('kill').length / (loadMs / 1000)).toFixed(0)}/s)`);
    const killed = await victim.ended;
    expect(killed.signal === 'SIGKILL', `${victim.name} ended by ${killed.signal ?? killed.code}, not SIGKILL`);
    victim.start();
    await victim.waitReady();
    await haproxy.waitState(victim.name, 'UP');
    say(`${victim.name} restarted and UP again`);
    await settle(book, 'kill', 20_000);
    const connectedAfterKill = await allConnected(members, 15_000);
    const killDelivery = delivery(book, 'kill');
    const killReconnects = reconnects.filter((r) => r.phase === 'kill' && r.closedAt >= killAt);

    // ---- 2. A release: each instance in turn stopped with SIGTERM and started again, under a steady stream.
    traffic.phase = 'roll';
    const stream = steadyStream(book, members, { phase: 'roll', senders: 3, sendEveryMs: 100, readers: 4, readEveryMs: 40 });
    await sleep(2000);
    const roll: { name: string; ended: string; downMs: number; stoppedMs: number; backMs: number }[] = [];
    for (const inst of instances) {
      const t = Date.now();
      inst.signal('SIGTERM');
      await haproxy.waitState(inst.name, 'DOWN', 15_000);
      const downMs = Date.now() - t;
      const ended = await within(inst.ended, 60_000, `${inst.name} stopping after SIGTERM`);
      const stoppedMs = Date.now() - t;
      inst.start();
      await inst.waitReady();
      await haproxy.waitState(inst.name, 'UP');
      roll.push({ name: inst.name, ended: ended.signal ?? `exit ${ended.code}`, downMs, stoppedMs, backMs: Date.now() - t });
      say(`${inst.name}: SIGTERM → HAProxy DOWN after ${downMs} ms, exited (${ended.signal ?? ended.code}) after ${stoppedMs} ms, UP again after ${Date.now() - t} ms`);
      expect(ended.code === 0, `${inst.name} exited with ${ended.signal ?? ended.code} after SIGTERM, not 0`);
      await sleep(1000);
    }
    await sleep(2000);
    await stream.stop();
    await settle(book, 'roll', 20_000);
    const connectedAfterRoll = await allConnected(members, 15_000);
    const rollDelivery = delivery(book, 'roll');
    const rollReconnects = reconnects.filter((r) => r.phase === 'roll');
    say(`roll done: ${book.ofPhase('roll').length} messages and ${stream.reads} reads during it`);

    // ---- 3. Honoured once by all instances.
    traffic.phase = 'checks';
    const checks: CheckResult[] = [];
    const admin = new Member(-1, `admin-${tag}@example.com`, 'cluster-admin-pass-2026', '127.2.0.1', ctx);
    checks.push(await settingsChange(instances, admin, receiver.origin, tag));
    members[3].stop();
    checks.push(await logoutEverywhere(instances, members[3]));
    checks.push(await loginFailuresCounted(instances, members[5]));
    const limited = await requestLimitShared(instances, members.slice(20, 31));
    checks.push(limited);
    checks.push(await paymentWebhook(instances, hp, members[7], mollie, (id) => db.creditsOf(id)));
    const visited = await visits(members.slice(40, 60), tag);
    checks.push(await postbacksOnce(receiver, visited, tag));
    checks.push(await mailsOnce(mail, 'password-reset mails', limited.mailed.map((m) => ({ to: m.email, match: (t) => t.includes('/reset-password/do') }))));
    checks.push(await mailsOnce(mail, 'payment receipt', [{ to: members[7].email, match: (t) => t.includes('This is your receipt') }]));
    checks.push(await mailsOnce(mail, 'activation mails', members.map((m) => ({ to: m.email, match: (t) => t.includes('/api/activate.php') }))));
    for (const c of checks) expect(c.ok, `${c.name}: ${c.detail}`);

    // ---- What the database holds.
    const stored = await db.stored(book.sent);
    const ledger = await db.ledger();

    // ---- Figures.
    const figures = (title: string, d: Delivery, rc: Reconnect[], phase: string) => {
      const waits = rc.map((r) => r.openedAt - r.closedAt);
      const t = traffic.of(phase);
      console.log(`\n${title}`);
      console.log(`  messages sent ${book.ofPhase(phase).length}, acknowledged ${d.acked}, refused after retries ${d.refused.length}`);
      console.log(`  lost ${d.lost.length}, delivered live ${d.live}, by catch-up ${d.caughtUp}; live twice ${d.twice} (a retried send's redelivery; the page keeps one per id)`);
      const codes = [...new Set(rc.map((r) => r.code))].map((c) => `${rc.filter((r) => r.code === c).length} closed with ${c}`).join(', ');
      console.log(`  sockets lost and reopened ${rc.length}${codes ? ` (${codes})` : ''}: reconnect p50 ${pct(waits, 0.5)} ms, p95 ${pct(waits, 0.95)} ms, max ${waits.length ? Math.max(...waits) : 0} ms`);
      console.log(`  HTTP attempts ${t.attempts}, failed ${t.failed} (no answer or 5xx; each retried by the client); sent again on a new connection ${t.resent} (its kept-alive one closed before any answer: a browser sends it again)`);
      return waits;
    };
    console.log('\n================ figures');
    console.log(`members ${MEMBERS} on WebSockets through HAProxy; instances 3; ${(Date.now() - started) / 1000 | 0} s in all`);
    const killWaits = figures(`1. chat load, ${victim.name} killed (SIGKILL) after ${Math.floor(MESSAGES / 2)} acknowledged`, killDelivery, killReconnects, 'kill');
    const rollWaits = figures('2. release: each instance SIGTERM → restart, one at a time', rollDelivery, rollReconnects, 'roll');
    for (const r of roll) console.log(`  ${r.name}: ${r.ended}, out of HAProxy after ${r.downMs} ms, stopped after ${r.stoppedMs} ms, back after ${r.backMs} ms`);
    console.log(`  reads during the roll ${stream.reads}${stream.unexpected.length ? `, unexpected answers: ${stream.unexpected.slice(0, 5).join('; ')}` : ''}`);
    console.log('\n3. honoured once by all instances');
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    console.log('\ndatabase');
    console.log(`  acknowledged messages stored once ${stored.once}, missing ${stored.missing}, stored twice ${stored.twice}; unacknowledged sends stored anyway ${stored.storedUnacked.length}`);
    console.log(`  credits: ${ledger.accounts} accounts, balances ${ledger.balances} = ledger ${ledger.ledgerTotal} over ${ledger.entries} entries; accounts off their ledger ${ledger.unbalanced}`);
    console.log(`  chat: ledger spends ${ledger.chatSpent} credits = stored messages' prices ${ledger.chatCost}; members where they differ ${ledger.chatWrong}`);
    const haproxyErrors = haproxy.failedLogLines();
    console.log(`  HAProxy log: ${haproxyErrors.length} answers with a 5xx status`);

    const allMessages = book.acked().length;
    const lost = killDelivery.lost.length + rollDelivery.lost.length;
    console.log(`\nSUMMARY messages ${allMessages}, lost ${lost}, duplicated ${stored.twice + killDelivery.twice + rollDelivery.twice}, reconnect p95 ${pct([...killWaits, ...rollWaits], 0.95)} ms (after SIGKILL ${pct(killWaits, 0.95)}, in the roll ${pct(rollWaits, 0.95)}), failed requests during the roll ${traffic.of('roll').failed} (during the kill ${traffic.of('kill').failed}, retried)`);

    expect(killDelivery.lost.length === 0, `${killDelivery.lost.length} acknowledged messages lost around the SIGKILL (e.g. ${describe(killDelivery.lost)})`);
    expect(rollDelivery.lost.length === 0, `${rollDelivery.lost.length} acknowledged messages lost in the roll (e.g. ${describe(rollDelivery.lost)})`);
    expect(killDelivery.refused.length === 0, `${killDelivery.refused.length} sends failed after the client's retries around the SIGKILL (${killDelivery.refused.slice(0, 3).map((s) => s.refused).join('; ')})`);
    expect(rollDelivery.refused.length === 0, `${rollDelivery.refused.length} sends failed in the roll (${rollDelivery.refused.slice(0, 3).map((s) => s.refused).join('; ')})`);
    expect(stored.missing === 0 && stored.twice === 0, `stored: ${stored.missing} acknowledged messages missing, ${stored.twice} stored twice`);
    expect(stored.storedUnacked.length === 0, `${stored.storedUnacked.length} messages stored that no sender had acknowledged`);
    expect(killReconnects.length > 0, 'no socket was lost when an instance was killed (were they all on the others?)');
    expect(killWaits.every((w) => w <= RECONNECT_LIMIT_MS) && rollWaits.every((w) => w <= RECONNECT_LIMIT_MS), `a socket took longer than ${RECONNECT_LIMIT_MS} ms to come back`);
    expect(connectedAfterKill && connectedAfterRoll, 'not every member had a socket again after the kill and the roll');
    expect(traffic.of('roll').failed === 0, `${traffic.of('roll').failed} HTTP requests failed during the roll: ${traffic.failures.filter((f) => f.phase === 'roll').slice(0, 5).map((f) => `${f.method} ${f.path} ${f.status} ${f.error ?? ''}`).join('; ')}`);
    expect(stream.unexpected.length === 0, `unexpected answers during the roll: ${stream.unexpected.slice(0, 5).join('; ')}`);
    expect(ledger.unbalanced === 0 && ledger.chatWrong === 0 && ledger.balances === ledger.ledgerTotal, 'the credits ledger does not balance');
  } catch (err) {
    problems.push(`the run stopped: ${(err as Error).stack ?? err}`);
    showLogs();
  } finally {
    for (const m of members) m.stop();
  }
  if (problems.length) {
    console.log(`\nFAILED (${problems.length}):`);
    for (const p of problems) console.log(`  - ${p}`);
  } else {
    console.log('\nPASSED');
  }
}

/** What is known of lost messages: the send's attempts, and whether the recipient's socket was lost (and caught up) meanwhile. */
const describe = (lost: { key: string; from: Member; to: Member; id?: number; at: number; ackAt?: number; tries?: number }[]) =>
  lost.slice(0, 5).map((s) => `id ${s.id} from ${s.from.id} to ${s.to.id} (${addressOf(s.to.n)}), sent at +${s.at - started} ms in ${s.tries} attempt(s), `
    + `acknowledged after ${(s.ackAt ?? 0) - s.at} ms, recipient's socket lost/reopened at ${JSON.stringify(s.to.outages.map((o) => [o.closedAt - started, o.openedAt - started]))}, `
    + `newest ids it has: ${JSON.stringify([...s.to.newest])}`).join('; ');

async function allConnected(members: Member[], ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (members.every((m) => m.connected)) return true;
    await sleep(200);
  }
  return members.every((m) => m.connected);
}

let code = 0;
try {
  await main();
  code = problems.length ? 1 : 0;
} catch (err) {
  console.error(`cannot run the cluster test: ${(err as Error).stack ?? err}`);
  code = 2;
} finally {
  await cleanupAll();
}
process.exit(code);
