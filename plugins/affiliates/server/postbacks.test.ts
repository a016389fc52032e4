import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, metricValue, type TestApp } from '../../../kernel/server/testing.ts';
import { dbJobs, retryDelayMs } from '../../../kernel/server/jobs.ts';
import { httpsPoster, type ResolvedAddress } from '../../../kernel/server/outbound.ts';
import { serverPlugins } from '../../server.ts';
import { selfSignedCertificate } from '../../payments/server/providers/https-stub.ts';
import { affiliatesRef, createAffiliatesPlugin } from '../server.ts';
import { AFFILIATE_EVENTS, TRAFFIC_COOKIE, type AffiliateEvent } from '../contract.ts';
import affiliatesPlugin from '../plugin.ts';
import { expandTemplate, formatAmount, POSTBACK_JOB, RETRY_WINDOW_MS, SIGNATURE_HEADER, templateProblem, verifyPostback } from './postbacks.ts';

// Postbacks: one per event, exactly once (retries, duplicate jobs, parallel runners), retried with
// back-off for 24 h and then given up, signed (checked by a local HTTPS receiver with a self-signed
// certificate), under the outbound rules (no http, no internal addresses, no redirects), every
// attempt kept. The receiver is on 127.0.0.1: the app runs with TEST_HOOKS (the outbound test
// allowance for loopback targets) and trusts the receiver's certificate through the test hook.

interface Hit { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }
let receiver: https.Server;
let origin = '';
let cert = '';
const hits: Hit[] = [];
/** The receiver's answer per request (status, delay); 200 at once unless set. */
let answer: (hit: Hit) => { status: number; delayMs?: number } = () => ({ status: 200 });

let t: TestApp;
/** The product's plugins, affiliates with the test's DNS and a short time-out. */
const affiliatesPlugins = () => serverPlugins.map((p) => (p.id === 'affiliates' ? createAffiliatesPlugin({ resolve: async (host) => DNS.get(host) ?? [], post: httpsPoster({ timeoutMs: 400 }) }) : p));
const DNS = new Map<string, ResolvedAddress[]>([['intranet.example', [{ address: '10.0.0.5', family: 4 }]], ['public.example', [{ address: '93.184.215.14', family: 4 }]]]);

beforeAll(async () => {
  const pair = selfSignedCertificate();
  cert = pair.cert;
  receiver = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit: Hit = { method: req.method ?? '', url: `${origin}${req.url}`, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const { status, delayMs } = answer(hit);
      const reply = () => status >= 300 && status < 400 ? res.writeHead(status, { location: `${origin}/elsewhere` }).end() : res.writeHead(status).end('ok');
      if (delayMs) setTimeout(reply, delayMs); else reply();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ profiles: 0, env: { TEST_HOOKS: '1', HOST: '127.0.0.1' }, plugins: affiliatesPlugins() });
  expect((await t.call({ method: 'POST', url: '/api/test/affiliates-receiver', payload: { ca: cert } })).statusCode).toBe(200);
  await t.kernel.sites.update('localhost', {
    affiliate_networks: {
      n1: { postback_url: `${origin}/pb/n1?cid={click_id}&ev={event}&amt={amount}&cur={currency}&tx={payout_id}&r={ref}&s1={sub1}&s2={sub2}&s3={sub3}&x={other}`, secret: SECRET },
      n2: { postback_url: `${origin}/pb/n2?cid={click_id}&ev={event}`, secret: SECRET2, method: 'POST' },
      nretry: { postback_url: `${origin}/pb/retry?tx={payout_id}`, secret: SECRET },
      nslow: { postback_url: `${origin}/pb/slow?tx={payout_id}`, secret: SECRET },
      ndown: { postback_url: 'https://127.0.0.1:1/pb', secret: SECRET },
      nfinal: { postback_url: `${origin}/pb/final?tx={payout_id}`, secret: SECRET },
      nback: { postback_url: `${origin}/pb/back?tx={payout_id}`, secret: SECRET },
      npar: { postback_url: `${origin}/pb/par?tx={payout_id}`, secret: SECRET },
      nintra: { postback_url: 'https://intranet.example/pb?cid={click_id}', secret: SECRET },
      nhttp: { postback_url: 'http://public.example/pb?cid={click_id}', secret: SECRET },
      nsignup: { postback_url: `${origin}/pb/signup-only?ev={event}`, secret: SECRET, events: ['signup'] },
    },
  });
});
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver ? receiver.close(resolve) : resolve(undefined));
});
beforeEach(() => { hits.length = 0; answer = () => ({ status: 200 }); });

const SECRET = 'n1-secret-0123456789abcdef';
const SECRET2 = 'n2-secret-fedcba9876543210';
let ip = 0;
const visitorId = () => crypto.randomBytes(12).toString('base64url');
async function visit(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/visit.php', payload: { visitor: visitorId(), ...body }, remoteAddress: `198.51.100.${(++ip % 250) + 1}`,
    headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === TRAFFIC_COOKIE)!;
  return { source: (res.json() as { source: string }).source, cookie: `${TRAFFIC_COOKIE}=${cookie.value}` };
}
const run = () => t.kernel.jobs.runDue({ periodic: 'none' });
const postbackOf = (source: string, kind: AffiliateEvent) => t.kernel.db.selectFrom('affiliate_postbacks as p').innerJoin('affiliate_events as e', 'e.id', 'p.event_id')
  .select(['p.id', 'p.status', 'p.attempts', 'p.network', 'e.payout_id', 'e.created_at']).where('e.source_id', '=', source).where('e.kind', '=', kind).executeTakeFirst();
const attemptsOf = (postbackId: number) => t.kernel.db.selectFrom('affiliate_postback_attempts').selectAll().where('postback_id', '=', postbackId).orderBy('attempt').execute();
const jobsOf = async (postbackId: number) => (await t.kernel.db.selectFrom('kernel_jobs').selectAll().where('kind', '=', POSTBACK_JOB).execute())
  .filter((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload).postback === postbackId);
const query = (hit: Hit) => new URL(hit.url).searchParams;

describe('affiliates: postback templates and signatures', () => {
  it('fills macros URL-encoded, leaves other braces, formats amounts, and refuses macros in the host', () => {
    const values = { click_id: 'a+b c&d', ref: 'r/1', sub1: '', sub2: 'ü', sub3: '', event: 'purchase' as const, amount: '24.99', currency: 'EUR', payout_id: 'p-1' };
    expect(expandTemplate('https://x.example/p?c={click_id}&r={ref}&s={sub2}&e={event}&a={amount}&k={keep}', values))
      .toBe('https://x.example/p?c=a%2Bb%20c%26d&r=r%2F1&s=%C3%BC&e=purchase&a=24.99&k={keep}');
    expect(formatAmount(2499, 'EUR')).toBe('24.99');
    expect(formatAmount(1000, 'JPY')).toBe('1000');
    expect(formatAmount(null, null)).toBe('');
    expect(templateProblem('https://{sub1}.evil.example/x')).toBe('has a macro in its host part');
    expect(templateProblem('https://net.example/{sub1}')).toBeNull();
  });

  it('lists in the setting\'s schema the same events as the contract', () => {
    const schema = affiliatesPlugin.settings.affiliate_networks.schema as unknown as { patternProperties: Record<string, { properties: { events: { items: { enum: string[] } } } }> };
    expect(Object.values(schema.patternProperties)[0].properties.events.items.enum).toEqual([...AFFILIATE_EVENTS]);
  });

  it('refuses a network configuration that does not fit (macro in the host, not http(s), short secret)', async () => {
    const bad = [
      { postback_url: 'https://{sub1}.evil.example/pb', secret: SECRET },
      { postback_url: 'ftp://net.example/pb', secret: SECRET },
      { postback_url: 'https://net.example/pb', secret: 'short' },
      { postback_url: 'https://net.example/pb', secret: SECRET, method: 'PUT' },
      { postback_url: 'https://net.example/pb', secret: SECRET, events: ['visit', 'visit'] },
    ];
    for (const n of bad) await expect(t.kernel.sites.update('de.localhost', { affiliate_networks: { x: n as never } }), JSON.stringify(n)).rejects.toThrow(/affiliates/);
    await expect(t.kernel.sites.update('de.localhost', { affiliate_networks: { 'bad name!': { postback_url: 'https://net.example/pb', secret: SECRET } } })).rejects.toThrow();
  });

  it('never sends the networks (secrets) to browsers', async () => {
    const settings = (await t.call({ method: 'GET', url: '/api/settings.php' })).body;
    expect(settings).not.toContain('affiliate_networks');
    expect(settings).not.toContain(SECRET);
  });
});

describe('affiliates: delivering postbacks', () => {
  it('sends a signed GET with the macros filled, once, and keeps the attempt', async () => {
    const { source } = await visit({ network: 'n1', ref: 'r/1', sub1: 's1', sub3: 'three', click_id: 'a+b:c@d' });
    const pb = (await postbackOf(source, 'visit'))!;
    expect(pb).toMatchObject({ status: 'pending', network: 'n1' });
    expect(hits).toEqual([]); // queued in the visit's transaction, sent by the job queue
    await run();
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit.method).toBe('GET');
    expect(hit.url).toContain('cid=a%2Bb%3Ac%40d');
    expect(Object.fromEntries(query(hit))).toEqual({
      cid: 'a+b:c@d', ev: 'visit', amt: '', cur: '', tx: pb.payout_id, r: 'r/1', s1: 's1', s2: '', s3: 'three', x: '{other}',
    });
    expect(hit.headers['idempotency-key']).toBe(pb.payout_id);
    expect(hit.headers['x-postback-event']).toBe('visit');
    // The receiver checks the signature: HMAC-SHA256 over "<t>.<METHOD>.<URL>.<body>" with the network's secret.
    const header = String(hit.headers[SIGNATURE_HEADER.toLowerCase()]);
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
    expect(v1).toBe(crypto.createHmac('sha256', SECRET).update(`${ts}.GET.${hit.url}.`).digest('hex'));
    expect(verifyPostback(SECRET, header, 'GET', hit.url, '')).toBe(true);
    expect(verifyPostback('another-secret-0123456789', header, 'GET', hit.url, '')).toBe(false);
    expect(verifyPostback(SECRET, header, 'GET', hit.url.replace('ev=visit', 'ev=signup'), '')).toBe(false);
    expect(Number(ts)).toBeCloseTo(t.kernel.clock.now().getTime() / 1000, -1);

    expect(await postbackOf(source, 'visit')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await attemptsOf(pb.id)).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', http_status: 200, error: null, started_at: expect.any(Date), finished_at: expect.any(Date) })]);
    // Nothing more, however often the queue runs.
    t.kernel.clock.advance(3600_000);
    await run();
    expect(hits).toHaveLength(1);
  });

  it('signs a POST with its JSON body; a signup, a first purchase and each purchase of the member are told once each', async () => {
    const { source, cookie } = await visit({ network: 'n2', ref: 'buyer', click_id: 'CLICK-2' });
    const made = await t.app.inject({
      method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.77',
      headers: { 'x-request-type': 'client', 'content-type': 'application/json', cookie },
      payload: { gender: 'male', looking_for: ['female'], date_of_birth: '1990-04-12', country: 'GB', region: 'bristol', city: 'Bristol', name: 'Poster', email: `poster${visitorId()}@example.com`.toLowerCase(), password: 'long-enough-1', language: 'en' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const userId = (made.json() as { user: { id: number } }).user.id;
    const site = await t.kernel.sites.resolve('localhost');
    const paid = (paymentId: number, first: boolean) => t.kernel.db.transaction().execute((trx) => t.kernel.events.emit('payments:paid', {
      userId, paymentId, domain: 'localhost', amount: 2499, currency: 'EUR', method: 'ideal', first,
    }, trx, site));
    await paid(900_001, true);
    await paid(900_001, true); // told twice by mistake: still once
    await paid(900_002, false);
    await run();
    const events = hits.map((h) => h.headers['x-postback-event']);
    expect(events.sort()).toEqual(['first_purchase', 'purchase', 'purchase', 'signup', 'visit']);
    for (const hit of hits) {
      expect(hit.method).toBe('POST');
      expect(hit.headers['content-type']).toBe('application/json');
      expect(verifyPostback(SECRET2, String(hit.headers[SIGNATURE_HEADER.toLowerCase()]), 'POST', hit.url, hit.body)).toBe(true);
      expect(verifyPostback(SECRET2, String(hit.headers[SIGNATURE_HEADER.toLowerCase()]), 'POST', hit.url, hit.body.replace('CLICK-2', 'CLICK-3'))).toBe(false);
    }
    const bodies = hits.map((h) => JSON.parse(h.body) as Record<string, unknown>);
    const purchase = bodies.find((b) => b.event === 'first_purchase')!;
    expect(purchase).toMatchObject({ click_id: 'CLICK-2', network: 'n2', ref: 'buyer', amount: '24.99', amount_minor: 2499, currency: 'EUR' });
    expect(purchase.payout_id).toBe(hits.find((h) => h.headers['x-postback-event'] === 'first_purchase')!.headers['idempotency-key']);
    expect(new Set(bodies.map((b) => b.payout_id)).size).toBe(5);
    expect(await postbackOf(source, 'signup')).toMatchObject({ status: 'delivered' });
  });

  it('sends only the events a network asks for, and nothing for a network without a postback (skipped, no attempt)', async () => {
    const { source } = await visit({ network: 'nsignup', ref: 'x' });
    const other = await visit({ network: 'not-configured', ref: 'x' });
    await run();
    expect(hits).toEqual([]);
    for (const s of [source, other.source]) {
      const pb = (await postbackOf(s, 'visit'))!;
      expect(pb.status).toBe('skipped');
      expect(await attemptsOf(pb.id)).toEqual([]);
    }
    expect(await t.kernel.db.selectFrom('affiliate_events').select('kind').where('source_id', '=', other.source).execute()).toEqual([{ kind: 'visit' }]);
  });
});

describe('affiliates: retries', () => {
  it('tries again after a 5xx (30 s later), delivering exactly once with the same payout id', async () => {
    let calls = 0;
    answer = () => ({ status: ++calls === 1 ? 500 : 200 });
    const counted = async () => [
      await metricValue(t, 'affiliates_postbacks_total', { result: 'retrying', outcome: 'http_error' }),
      await metricValue(t, 'affiliates_postbacks_total', { result: 'delivered', outcome: 'delivered' }),
    ];
    const [retrying, delivered] = await counted();
    const { source } = await visit({ network: 'nretry', ref: 'r' });
    const pb = (await postbackOf(source, 'visit'))!;
    await run();
    expect(await counted()).toEqual([retrying + 1, delivered]);
    expect(await postbackOf(source, 'visit')).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await attemptsOf(pb.id)).toEqual([expect.objectContaining({ attempt: 1, outcome: 'http_error', http_status: 500 })]);
    await run(); // not due yet
    expect(hits).toHaveLength(1);
    t.kernel.clock.advance(retryDelayMs(1));
    await run();
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => query(h).get('tx'))).toEqual([pb.payout_id, pb.payout_id]);
    expect(hits[0].headers['idempotency-key']).toBe(hits[1].headers['idempotency-key']);
    expect((await attemptsOf(pb.id)).map((a) => [a.outcome, a.http_status])).toEqual([['http_error', 500], ['delivered', 200]]);
    expect(await postbackOf(source, 'visit')).toMatchObject({ status: 'delivered', attempts: 2 });
    // /metrics: one attempt to retry, one delivered.
    expect(await counted()).toEqual([retrying + 1, delivered + 1]);
    t.kernel.clock.advance(2 * 3600_000);
    await run();
    expect(hits).toHaveLength(2);
  });

  it('tries again after a time-out and a refused connection; gives up at once on 4xx and redirects (never followed)', async () => {
    answer = (hit) => (hit.url.includes('/pb/slow') ? { status: 200, delayMs: 1200 } : { status: 200 });
    const slow = await visit({ network: 'nslow', ref: 'r' });
    const down = await visit({ network: 'ndown', ref: 'r' });
    await run();
    const slowPb = (await postbackOf(slow.source, 'visit'))!;
    const downPb = (await postbackOf(down.source, 'visit'))!;
    expect(slowPb).toMatchObject({ status: 'pending' });
    expect((await attemptsOf(slowPb.id))[0]).toMatchObject({ outcome: 'timeout', http_status: null });
    expect(downPb).toMatchObject({ status: 'pending' });
    expect((await attemptsOf(downPb.id))[0]).toMatchObject({ outcome: 'error', http_status: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await jobsOf(slowPb.id)).toEqual([expect.objectContaining({ done_at: null, failed_at: null, attempts: 1 })]);

    for (const status of [404, 302]) {
      answer = () => ({ status });
      hits.length = 0;
      const v = await visit({ network: 'nfinal', ref: `r${status}` });
      await run();
      const pb = (await postbackOf(v.source, 'visit'))!;
      expect(pb.status).toBe('failed');
      expect((await attemptsOf(pb.id)).map((a) => [a.outcome, a.http_status])).toEqual([[status === 302 ? 'redirect' : 'http_error', status]]);
      expect(hits.map((h) => new URL(h.url).pathname)).toEqual(['/pb/final']); // the Location was never called
      expect((await jobsOf(pb.id))[0].done_at).not.toBeNull();
    }
    // The slow one again (answering in time now) is delivered on its retry.
    answer = () => ({ status: 200 });
    t.kernel.clock.advance(retryDelayMs(1));
    await run();
    expect(await postbackOf(slow.source, 'visit')).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('backs off (30 s, 1, 2, 4 … min, then hourly) for 24 h, then gives up; every attempt kept', async () => {
    answer = () => ({ status: 503 });
    const { source } = await visit({ network: 'nback', ref: 'r' });
    const pb = (await postbackOf(source, 'visit'))!;
    const created = new Date(pb.created_at).getTime();
    for (let i = 0; i < 60; i++) {
      await run();
      const [job] = await jobsOf(pb.id);
      if (job.done_at || job.failed_at) break;
      t.kernel.clock.advance(Math.max(0, new Date(job.run_at).getTime() - t.kernel.clock.now().getTime()));
    }
    const attempts = await attemptsOf(pb.id);
    // The schedule the queue's delays give within 24 h of the event.
    const expected = [0];
    while (expected.at(-1)! + retryDelayMs(expected.length) <= RETRY_WINDOW_MS) expected.push(expected.at(-1)! + retryDelayMs(expected.length));
    expect(attempts.length).toBe(expected.length);
    expect(attempts.length).toBeGreaterThanOrEqual(29);
    // (The clock runs on while the test works: each gap is its delay plus a moment.)
    const starts = attempts.map((a) => new Date(a.started_at).getTime() - created);
    starts.slice(1).forEach((at, i) => {
      const gap = at - starts[i];
      const delay = expected[i + 1] - expected[i];
      expect(gap, `gap after attempt ${i + 1}`).toBeGreaterThanOrEqual(delay);
      expect(gap, `gap after attempt ${i + 1}`).toBeLessThan(delay + 5000);
    });
    expect(starts.at(-1)!).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(attempts.every((a) => a.outcome === 'http_error' && a.http_status === 503)).toBe(true);
    expect(expected.at(-1)!).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(expected.at(-1)! + retryDelayMs(expected.length)).toBeGreaterThan(RETRY_WINDOW_MS);
    expect(await postbackOf(source, 'visit')).toMatchObject({ status: 'failed', attempts: expected.length });
    expect(hits).toHaveLength(expected.length);
    // Given up: nothing more, however long one waits.
    t.kernel.clock.advance(3 * 86_400_000);
    await run();
    expect(hits).toHaveLength(expected.length);
  });

  it('sends once when duplicate jobs and parallel runners (another instance\'s queue) go for the same postback', async () => {
    answer = () => ({ status: 200, delayMs: 250 });
    const { source } = await visit({ network: 'npar', ref: 'r' });
    const pb = (await postbackOf(source, 'visit'))!;
    for (let i = 0; i < 3; i++) await t.kernel.jobs.enqueue(POSTBACK_JOB, { postback: pb.id, domain: 'localhost' });
    const service = t.kernel.services.get(affiliatesRef);
    const other = dbJobs(t.kernel.db, t.kernel.clock, pino({ level: 'silent' }));
    other.handle(POSTBACK_JOB, (p) => service.postbacks.deliver(p.postback));
    await Promise.all([run(), other.runDue({ periodic: 'none' }), service.postbacks.deliver(pb.id), service.postbacks.deliver(pb.id)]);
    expect(hits).toHaveLength(1);
    expect(await attemptsOf(pb.id)).toHaveLength(1);
    expect(await postbackOf(source, 'visit')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect((await jobsOf(pb.id)).every((j) => j.done_at !== null)).toBe(true);

    // After a failure, two runners at the retry: one more request, not two.
    let calls = 0;
    answer = () => ({ status: ++calls === 1 ? 502 : 200, delayMs: 150 });
    hits.length = 0;
    const again = await visit({ network: 'npar', ref: 'r2' });
    const pb2 = (await postbackOf(again.source, 'visit'))!;
    await run();
    t.kernel.clock.advance(retryDelayMs(1));
    await Promise.all([run(), other.runDue({ periodic: 'none' })]);
    expect(hits).toHaveLength(2);
    expect((await attemptsOf(pb2.id)).map((a) => a.outcome)).toEqual(['http_error', 'delivered']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('sends once when two instances run their queues at the same time (PostgreSQL)', async () => {
    const second = await createTestApp({ join: t, env: { TEST_HOOKS: '1', HOST: '127.0.0.1' }, plugins: affiliatesPlugins() });
    try {
      expect((await second.call({ method: 'POST', url: '/api/test/affiliates-receiver', payload: { ca: cert } })).statusCode).toBe(200);
      answer = () => ({ status: 200, delayMs: 200 });
      const sources = await Promise.all([1, 2, 3, 4].map((i) => visit({ network: 'npar', ref: `two-${i}` })));
      const ids = await Promise.all(sources.map(async ({ source }) => (await postbackOf(source, 'visit'))!.id));
      for (const id of ids) await second.kernel.jobs.enqueue(POSTBACK_JOB, { postback: id, domain: 'localhost' });
      const payouts = new Set((await t.kernel.db.selectFrom('affiliate_postbacks as p').innerJoin('affiliate_events as e', 'e.id', 'p.event_id')
        .select('e.payout_id').where('p.id', 'in', ids).execute()).map((r) => r.payout_id));
      await Promise.all([run(), second.kernel.jobs.runDue({ periodic: 'none' }), run(), second.kernel.jobs.runDue({ periodic: 'none' })]);
      // Only these four (a retry left by an earlier test may come due in the same runs): each once.
      const ours = hits.filter((h) => payouts.has(query(h).get('tx') ?? ''));
      expect(ours).toHaveLength(4);
      expect(new Set(ours.map((h) => query(h).get('tx'))).size).toBe(4);
      for (const id of ids) expect(await attemptsOf(id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('marks an attempt whose runner died as interrupted and tries again after its lease', async () => {
    const { source } = await visit({ network: 'nretry', ref: 'crash' });
    const pb = (await postbackOf(source, 'visit'))!;
    // A runner took it and died mid-request (its lease still runs).
    const now = t.kernel.clock.now();
    await t.kernel.db.updateTable('affiliate_postbacks').set({ status: 'sending', attempts: 1, lease_until: new Date(now.getTime() + 120_000) }).where('id', '=', pb.id).execute();
    await t.kernel.db.insertInto('affiliate_postback_attempts').values({ postback_id: pb.id, attempt: 1, started_at: now, outcome: 'sending' }).execute();
    const service = t.kernel.services.get(affiliatesRef);
    await service.postbacks.deliver(pb.id);
    expect(hits).toEqual([]);
    t.kernel.clock.advance(121_000);
    await service.postbacks.deliver(pb.id);
    expect(hits).toHaveLength(1);
    expect((await attemptsOf(pb.id)).map((a) => a.outcome)).toEqual(['interrupted', 'delivered']);
  });
});

describe('affiliates: the outbound rules for postbacks', () => {
  it('refuses a network whose host resolves to a private address, and plain http, sending nothing', async () => {
    for (const network of ['nintra', 'nhttp']) {
      const { source } = await visit({ network, ref: 'r' });
      await run();
      const pb = (await postbackOf(source, 'visit'))!;
      expect(pb.status).toBe('failed');
      const [attempt] = await attemptsOf(pb.id);
      expect(attempt).toMatchObject({ outcome: 'refused', http_status: null });
      expect(attempt.error).toMatch(network === 'nintra' ? /intranet\.example resolves to the refused address 10\.0\.0\.5/ : /must be an https:\/\/ address/);
    }
    expect(hits).toEqual([]);
  });
});
