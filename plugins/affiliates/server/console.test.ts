import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createTestApp, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import type { Poster, ResolvedAddress } from '../../../kernel/server/outbound.ts';
import { serverPlugins } from '../../server.ts';
import { affiliatesRef, createAffiliatesPlugin } from '../server.ts';
import type { FigureRow, NetworkView, PostbackView, SourceRow } from '../contract.ts';
import { SIGNATURE_HEADER, verifyPostback } from './postbacks.ts';

// The console's affiliates section: roles on every endpoint (a visitor and a member get 404, an
// operator reads the figures but not the networks), networks in the database (the secret shown
// once, masked after, URL templates under the outbound rules, every change audited with its
// before and after and never the secret), the figures on a small made-up data set, and a failed
// postback sent again.

const DNS = new Map<string, ResolvedAddress[]>([
  ['public.example', [{ address: '93.184.215.14', family: 4 }]],
  ['net.example', [{ address: '93.184.215.15', family: 4 }]],
  ['intranet.example', [{ address: '10.0.0.5', family: 4 }]],
]);
interface Sent { url: string; method: string; headers: Record<string, string>; body: string }
const sent: Sent[] = [];
/** The network's answer (by path); 200 unless set. */
let answer: (url: URL) => number = () => 200;
const poster: Poster = async (target, request) => {
  sent.push({ url: target.url.href, method: request.method, headers: request.headers, body: request.body.toString('utf8') });
  return answer(target.url);
};

let t: TestApp;
let admin: { cookie: string; userId: number };
let operator: { cookie: string; userId: number };
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({
    profiles: 0,
    plugins: serverPlugins.map((p) => (p.id === 'affiliates' ? createAffiliatesPlugin({ resolve: async (host) => DNS.get(host) ?? [], post: poster }) : p)),
  });
  admin = await staffLogin(t, 'admin');
  operator = await staffLogin(t, 'operator');
  member = await addMember(t);
});
afterAll(async () => { await t?.close(); });
beforeEach(() => { sent.length = 0; answer = () => 200; });

const SECRET = 'console-secret-0123456789abcdef';
const run = () => t.kernel.jobs.runDue({ periodic: 'none' });
const audits = (action: string) => t.kernel.db.selectFrom('kernel_audit').selectAll().where('action', '=', action).orderBy('id').execute();
const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
let visitorN = 0;
async function visit(body: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: '/api/visit.php', payload: { visitor: `console-visitor-${++visitorN}-${crypto.randomBytes(4).toString('hex')}`, ...body }, remoteAddress: `198.51.100.${(visitorN % 250) + 1}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { source: string }).source;
}
async function createNetwork(body: Record<string, unknown>, cookie = admin.cookie) {
  return t.call({ method: 'POST', url: '/api/operator/affiliates/networks', cookie, payload: { method: 'GET', events: ['visit', 'signup'], active: true, ...body } });
}

describe('affiliates console: who may call what', () => {
  const period = 'from=2026-01-01&to=2026-01-31';
  // [method, url, body, the level it needs]
  const endpoints: [string, string, Record<string, unknown> | undefined, 'operator' | 'admin'][] = [
    ['GET', '/api/operator/affiliates/networks', undefined, 'admin'],
    ['POST', '/api/operator/affiliates/networks', { name: 'roles-net', postback_url: 'https://net.example/pb?c={click_id}', method: 'GET', events: ['signup'], active: true }, 'admin'],
    ['PUT', '/api/operator/affiliates/networks', { id: 1, active: true }, 'admin'],
    ['GET', `/api/operator/affiliates/figures?${period}`, undefined, 'operator'],
    ['GET', `/api/operator/affiliates/figures.csv?${period}`, undefined, 'operator'],
    ['GET', `/api/operator/affiliates/postbacks?${period}`, undefined, 'operator'],
    ['POST', '/api/operator/affiliates/postbacks/retry', { id: 1 }, 'admin'],
    ['GET', '/api/operator/affiliates/domains', undefined, 'operator'],
  ];

  it('covers every console endpoint of the contract', () => {
    const served = [...new Set(t.routes.filter((r) => r.url.startsWith('/api/operator/affiliates/') && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))].sort();
    expect(served).toEqual([...new Set(endpoints.map(([m, u]) => `${m} ${u.split('?')[0]}`))].sort());
  });

  it('answers 404 to visitors and members, 403 to an operator on admin endpoints, and serves staff of the right level', async () => {
    const ids = await t.kernel.db.selectFrom('affiliate_networks').select('id').execute();
    expect(ids).toEqual([]);
    for (const [method, url, payload, level] of endpoints) {
      const call = (cookie?: string) => t.call({ method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });
      const label = `${method} ${url}`;
      expect((await call()).statusCode, `visitor ${label}`).toBe(404);
      expect((await call(member.cookie)).statusCode, `member ${label}`).toBe(404);
      const asOperator = await call(operator.cookie);
      if (level === 'admin') expect(asOperator.statusCode, `operator ${label}`).toBe(403);
      else expect(asOperator.statusCode, `operator ${label}: ${asOperator.body}`).toBe(200);
      const asAdmin = await call(admin.cookie);
      // The network made by the POST above is id 1: the PUT finds it; postback 1 is no failed one (409).
      const expected = url.endsWith('/retry') ? [404, 409] : [200];
      expect(expected, `admin ${label}: ${asAdmin.body}`).toContain(asAdmin.statusCode);
    }
    // An operator's refused attempt changed nothing and left no audit row.
    expect(await audits('affiliates.network-create')).toHaveLength(1);
  });
});

describe('affiliates console: networks', () => {
  it('makes a network with a secret shown once, masked afterwards, audited without the secret', async () => {
    const res = await createNetwork({ name: 'acme', postback_url: 'https://public.example/pb?cid={click_id}&e={event}' });
    expect(res.statusCode, res.body).toBe(200);
    const { network, secret } = res.json() as { network: NetworkView; secret: string };
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(network).toMatchObject({ name: 'acme', domain: null, method: 'GET', events: ['visit', 'signup'], active: true, origin: 'console', secret_hint: `…${secret.slice(-4)}` });
    const list = await t.call({ method: 'GET', url: '/api/operator/affiliates/networks', cookie: admin.cookie });
    expect(list.body).not.toContain(secret);
    expect((list.json() as { networks: NetworkView[] }).networks.find((n) => n.name === 'acme')).toEqual(network);

    const [entry] = (await audits('affiliates.network-create')).filter((a) => a.target === `affiliate-network:${network.id}`);
    expect(entry).toMatchObject({ actor_id: admin.userId, actor_role: 'admin' });
    expect(json(entry.before)).toBeNull();
    expect(json(entry.after)).toMatchObject({ name: 'acme', postback_url: 'https://public.example/pb?cid={click_id}&e={event}', secret_sha256: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(JSON.stringify(entry)).not.toContain(secret);

    // The same name for every domain again: refused, nothing audited.
    expect((await createNetwork({ name: 'acme', postback_url: 'https://public.example/other' })).statusCode).toBe(409);
    // For one domain it is another row (it wins there).
    const de = await createNetwork({ name: 'acme', domain: 'de.localhost', postback_url: 'https://public.example/de', secret: SECRET });
    expect(de.statusCode, de.body).toBe(200);
    expect(de.json()).toMatchObject({ secret: SECRET, network: { domain: 'de.localhost' } });
    expect((await createNetwork({ name: 'acme2', domain: 'nowhere.example', postback_url: 'https://public.example/x' })).json()).toMatchObject({ params: { field: 'domain' } });
  });

  it('refuses URL templates the sender would refuse, naming the field', async () => {
    const bad = [
      'http://public.example/pb?c={click_id}', // not https
      'https://{sub1}.public.example/pb', // a macro in the host
      'https://user:pw@public.example/pb', // credentials
      'https://10.1.2.3/pb', // private
      'https://169.254.169.254/latest/meta-data', // cloud metadata
      'https://[fd00::1]/pb', // unique-local
      'https://127.0.0.1/pb', // loopback (no test allowance here)
      'https://localhost/pb',
      'https://router.internal/pb', // an internal name
      'https://intranet.example/pb', // resolves to a private address
      'ftp://public.example/pb',
    ];
    for (const postback_url of bad) {
      const res = await createNetwork({ name: `bad-${crypto.randomBytes(3).toString('hex')}`, postback_url });
      expect(res.statusCode, postback_url).toBe(400);
      expect(res.json(), postback_url).toMatchObject({ params: { field: 'postback_url' } });
    }
    expect(await t.kernel.db.selectFrom('affiliate_networks').select('name').where('name', 'like', 'bad-%').execute()).toEqual([]);
  });

  it('edits a network: a new secret shown once, before and after in the audit log (fingerprints only)', async () => {
    const made = (await createNetwork({ name: 'editme', postback_url: 'https://public.example/a', secret: SECRET })).json() as { network: NetworkView };
    const id = made.network.id;
    const put = (payload: Record<string, unknown>, cookie = admin.cookie) => t.call({ method: 'PUT', url: '/api/operator/affiliates/networks', cookie, payload: { id, ...payload } });
    const edited = await put({ postback_url: 'https://public.example/b?e={event}', events: ['purchase'], method: 'POST' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ secret: null, network: { postback_url: 'https://public.example/b?e={event}', events: ['purchase'], method: 'POST', secret_hint: `…${SECRET.slice(-4)}` } });
    const renewed = (await put({ new_secret: true })).json() as { network: NetworkView; secret: string };
    expect(renewed.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.network.secret_hint).toBe(`…${renewed.secret.slice(-4)}`);
    expect((await put({ postback_url: 'https://10.0.0.1/x' })).statusCode).toBe(400);
    expect((await put({ active: false }, operator.cookie)).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: '/api/operator/affiliates/networks', cookie: admin.cookie, payload: { id: 999_999, active: false } })).statusCode).toBe(404);

    const rows = (await audits('affiliates.network-update')).filter((a) => a.target === `affiliate-network:${id}`);
    expect(rows).toHaveLength(2);
    expect(json<Record<string, unknown>>(rows[0].before)).toMatchObject({ postback_url: 'https://public.example/a', method: 'GET', events: ['visit', 'signup'] });
    expect(json<Record<string, unknown>>(rows[0].after)).toMatchObject({ postback_url: 'https://public.example/b?e={event}', method: 'POST', events: ['purchase'] });
    const [b, a] = [json<{ secret_sha256: string }>(rows[1].before), json<{ secret_sha256: string }>(rows[1].after)];
    expect(b.secret_sha256).not.toBe(a.secret_sha256);
    expect(JSON.stringify(rows)).not.toContain(renewed.secret);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it('sends postbacks with the database network (signed with its secret); switched off, none is sent', async () => {
    const made = (await createNetwork({ name: 'dbnet', postback_url: 'https://public.example/pb?cid={click_id}&e={event}', secret: SECRET, events: ['visit'] })).json() as { network: NetworkView };
    // The setting names the same network elsewhere: the database wins.
    await t.kernel.sites.update('localhost', { affiliate_networks: { dbnet: { postback_url: 'https://net.example/setting', secret: 'setting-secret-0123456789' } } });
    await visit({ network: 'dbnet', ref: 'r1', click_id: 'CID-1' });
    await run();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://public.example/pb?cid=CID-1&e=visit');
    expect(verifyPostback(SECRET, sent[0].headers[SIGNATURE_HEADER.toLowerCase()], 'GET', sent[0].url, '')).toBe(true);

    await t.call({ method: 'PUT', url: '/api/operator/affiliates/networks', cookie: admin.cookie, payload: { id: made.network.id, active: false } });
    const source = await visit({ network: 'dbnet', ref: 'r2' });
    await run();
    expect(sent).toHaveLength(1);
    const pb = await t.kernel.db.selectFrom('affiliate_postbacks as p').innerJoin('affiliate_events as e', 'e.id', 'p.event_id').select('p.status').where('e.source_id', '=', source).executeTakeFirstOrThrow();
    expect(pb.status).toBe('skipped');
    await t.kernel.sites.update('localhost', { affiliate_networks: {} });
  });

  it('imports the networks of the setting once (config ones stay as seeds), leaving console edits alone', async () => {
    const networks = t.kernel.services.get(affiliatesRef).networks;
    await t.kernel.sites.update('default', { affiliate_networks: { cfgnet: { postback_url: 'https://net.example/cfg', secret: SECRET, events: ['signup'] } } });
    await t.kernel.sites.update('nl.localhost', { affiliate_networks: { cfgnet: { postback_url: 'https://net.example/cfg-nl', secret: SECRET } } });
    expect(await networks.importSettings(t.kernel.sites)).toBe(2);
    expect(await networks.importSettings(t.kernel.sites)).toBe(0);
    const rows = (await networks.list()).filter((n) => n.name === 'cfgnet');
    expect(rows.map((r) => [r.domain, r.postback_url, r.origin])).toEqual([['', 'https://net.example/cfg', 'config'], ['nl.localhost', 'https://net.example/cfg-nl', 'config']]);
    expect(await networks.find('cfgnet', 'nl.localhost')).toMatchObject({ postback_url: 'https://net.example/cfg-nl' });
    expect(await networks.find('cfgnet', 'de.localhost')).toMatchObject({ postback_url: 'https://net.example/cfg', events: ['signup'] });
    expect(await networks.find('unknown', 'de.localhost')).toBeUndefined();
    await t.kernel.sites.update('default', { affiliate_networks: {} });
    await t.kernel.sites.update('nl.localhost', { affiliate_networks: {} });
  });
});

describe('affiliates console: figures', () => {
  // A made-up data set in January 2025 (before anything the other tests make), on bbw.localhost.
  const DOMAIN = 'bbw.localhost';
  beforeAll(async () => {
    const db = t.kernel.db;
    let n = 0;
    const source = async (day: string, network: string | null, ref: string | null, bounced?: boolean) => {
      const id = `figsrc${String(++n).padStart(16, '0')}`;
      const at = new Date(`${day}T10:00:00Z`);
      await db.insertInto('affiliate_sources').values({ id, domain: DOMAIN, visitor: `fig-${n}`, day, network, ref, sub1: null, sub2: null, sub3: null, click_id: `c${n}`, click_id_generated: false, lander: null, niche: null, country: 'GB', bounce_logging: bounced !== undefined, created_at: at }).execute();
      if (bounced !== undefined) await db.insertInto('affiliate_bounces').values({ source_id: id, time_on_page_ms: bounced ? 2000 : 30_000, interacted: !bounced, bounced, created_at: at }).execute();
      return id;
    };
    const event = async (src: string, kind: 'visit' | 'signup' | 'activation' | 'first_purchase' | 'purchase', at: string, status: 'delivered' | 'failed' | 'pending' | null, money?: [number, string]) => {
      const e = await db.insertInto('affiliate_events').values({ key: `fig:${++n}`, payout_id: crypto.randomUUID(), source_id: src, kind, domain: DOMAIN, user_id: null, payment_id: null, amount: money?.[0] ?? null, currency: money?.[1] ?? null, created_at: new Date(at) }).returning('id').executeTakeFirstOrThrow();
      if (status) await db.insertInto('affiliate_postbacks').values({ event_id: e.id, domain: DOMAIN, network: 'fignet', status, created_at: new Date(at) }).execute();
    };
    // fignet/a: three visits on the 10th (one bounced, one stayed, one without logging), one on the 11th.
    const a1 = await source('2025-01-10', 'fignet', 'a', true);
    const a2 = await source('2025-01-10', 'fignet', 'a', false);
    const a3 = await source('2025-01-10', 'fignet', 'a');
    const a4 = await source('2025-01-11', 'fignet', 'a', true);
    for (const s of [a1, a2, a3]) await event(s, 'visit', '2025-01-10T10:00:00Z', 'delivered');
    await event(a4, 'visit', '2025-01-11T10:00:00Z', 'failed');
    // a2 signs up the same day, activates and buys on the 11th (first purchase and two purchases, EUR and GBP), just before midnight UTC.
    await event(a2, 'signup', '2025-01-10T10:05:00Z', 'delivered');
    await event(a2, 'activation', '2025-01-11T09:00:00Z', 'failed');
    await event(a2, 'first_purchase', '2025-01-11T23:59:59Z', 'pending', [2499, 'EUR']);
    await event(a2, 'purchase', '2025-01-11T23:59:59Z', 'delivered', [2499, 'EUR']);
    await event(a2, 'purchase', '2025-01-11T23:00:00Z', 'delivered', [999, 'GBP']);
    // The next UTC day: a purchase of a3's member (1 cent more than nothing).
    await event(a3, 'signup', '2025-01-12T00:00:00Z', null);
    await event(a3, 'purchase', '2025-01-12T00:00:01Z', 'delivered', [1, 'EUR']);
    // No network, no ref (a visitor with a sub-id only), and another domain that must not count.
    const plain = await source('2025-01-10', null, null);
    await event(plain, 'visit', '2025-01-10T12:00:00Z', null);
    await db.insertInto('affiliate_sources').values({ id: 'figsrcother000000000001', domain: 'gay.localhost', visitor: 'fig-other', day: '2025-01-10', network: 'fignet', ref: 'a', sub1: null, sub2: null, sub3: null, click_id: 'x', click_id_generated: true, lander: null, niche: null, country: null, created_at: new Date('2025-01-10T10:00:00Z') }).execute();
    await event('figsrcother000000000001', 'visit', '2025-01-10T10:00:00Z', 'delivered');
  });

  const get = async (q: string, cookie = operator.cookie) => {
    const res = await t.call({ method: 'GET', url: `/api/operator/affiliates/figures?${q}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { days: FigureRow[]; sources: SourceRow[] };
  };
  const z = { visits: 0, bounces: 0, signups: 0, activations: 0, first_purchases: 0, purchases: 0, revenue: {}, postbacks_sent: 0, postbacks_failed: 0, postbacks_pending: 0 };

  it('counts per source and UTC day: visits, bounces, signups, activations, first purchases, revenue per currency, postbacks', async () => {
    const { days, sources } = await get(`from=2025-01-01&to=2025-01-31&domain=${DOMAIN}`);
    expect(days).toEqual([
      { ...z, day: '2025-01-12', network: 'fignet', ref: 'a', signups: 1, purchases: 1, revenue: { EUR: 1 }, postbacks_sent: 1 },
      { ...z, day: '2025-01-11', network: 'fignet', ref: 'a', visits: 1, bounces: 1, activations: 1, first_purchases: 1, purchases: 2, revenue: { EUR: 2499, GBP: 999 }, postbacks_sent: 2, postbacks_failed: 2, postbacks_pending: 1 },
      { ...z, day: '2025-01-10', network: '', ref: '', visits: 1 },
      { ...z, day: '2025-01-10', network: 'fignet', ref: 'a', visits: 3, bounces: 1, signups: 1, postbacks_sent: 4 },
    ]);
    expect(sources).toEqual([
      { ...z, network: 'fignet', ref: 'a', first_day: '2025-01-10', last_day: '2025-01-12', visits: 4, bounces: 2, signups: 2, activations: 1, first_purchases: 1, purchases: 3, revenue: { EUR: 2500, GBP: 999 }, postbacks_sent: 7, postbacks_failed: 2, postbacks_pending: 1 },
      { ...z, network: '', ref: '', first_day: '2025-01-10', last_day: '2025-01-10', visits: 1 },
    ]);
  });

  it('filters by period, network and ref (or their absence), and across domains', async () => {
    expect((await get(`from=2025-01-11&to=2025-01-11&domain=${DOMAIN}`)).days.map((d) => d.day)).toEqual(['2025-01-11']);
    expect((await get(`from=2025-01-01&to=2025-01-31&domain=${DOMAIN}&no_network=true&no_ref=true`)).sources).toEqual([{ ...z, network: '', ref: '', first_day: '2025-01-10', last_day: '2025-01-10', visits: 1 }]);
    expect((await get(`from=2025-01-01&to=2025-01-31&network=fignet&ref=a`)).sources[0]).toMatchObject({ visits: 5, postbacks_sent: 8 });
    expect((await get(`from=2025-01-01&to=2025-01-31&network=fignet&ref=b`)).days).toEqual([]);
    expect((await get(`from=2025-01-01&to=2025-01-31&domain=${DOMAIN}&network=fignet&no_ref=true`)).days).toEqual([]);
    for (const q of ['from=2025-02-01&to=2025-01-01', 'from=2025-01-01&to=2025-01-31&ref=', 'from=2024-01-01&to=2025-12-31', 'from=2025-1-1&to=2025-01-02']) {
      expect((await t.call({ method: 'GET', url: `/api/operator/affiliates/figures?${q}`, cookie: operator.cookie })).statusCode, q).toBe(400);
    }
  });

  it('exports the rows per source and day as CSV, revenue exact per currency', async () => {
    const res = await t.call({ method: 'GET', url: `/api/operator/affiliates/figures.csv?from=2025-01-01&to=2025-01-31&domain=${DOMAIN}`, cookie: operator.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="affiliates-2025-01-01-2025-01-31.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'day,network,ref,visits,bounces,signups,activations,first_purchases,purchases,revenue_EUR,revenue_GBP,postbacks_sent,postbacks_failed,postbacks_pending',
      '2025-01-12,fignet,a,0,0,1,0,0,1,0.01,0.00,1,0,0',
      '2025-01-11,fignet,a,1,1,0,1,1,2,24.99,9.99,2,2,1',
      '2025-01-10,,,1,0,0,0,0,0,0.00,0.00,0,0,0',
      '2025-01-10,fignet,a,3,1,1,0,0,0,0.00,0.00,4,0,0',
      '',
    ]);
    // Opened as a link (a download, no client header): the same file.
    const link = await t.app.inject({ method: 'GET', url: `/api/operator/affiliates/figures.csv?from=2025-01-01&to=2025-01-31&domain=${DOMAIN}`, headers: { cookie: operator.cookie } });
    expect(link.body).toBe(res.body);
  });

  it('lists a source\'s failed postbacks with their last attempt', async () => {
    const res = await t.call({ method: 'GET', url: `/api/operator/affiliates/postbacks?from=2025-01-01&to=2025-01-31&network=fignet&ref=a&domain=${DOMAIN}`, cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { postbacks } = res.json() as { postbacks: PostbackView[] };
    expect(postbacks.map((p) => [p.day, p.event, p.status])).toEqual([['2025-01-11', 'activation', 'failed'], ['2025-01-11', 'visit', 'failed']]);
  });
});

describe('affiliates console: retrying a failed postback', () => {
  it('sends a failed postback again (admin only, audited), the same payout id; a delivered one is not sent again', async () => {
    await createNetwork({ name: 'retrynet', postback_url: 'https://public.example/retry?tx={payout_id}', secret: SECRET, events: ['visit'] });
    answer = () => 404; // final at once
    const source = await visit({ network: 'retrynet', ref: 'rr' });
    await run();
    expect(sent).toHaveLength(1);
    const pb = await t.kernel.db.selectFrom('affiliate_postbacks as p').innerJoin('affiliate_events as e', 'e.id', 'p.event_id').select(['p.id', 'p.status', 'e.payout_id', 'e.created_at']).where('e.source_id', '=', source).executeTakeFirstOrThrow();
    expect(pb.status).toBe('failed');
    const id = Number(pb.id);
    const day = new Date(pb.created_at).toISOString().slice(0, 10);

    const listed = await t.call({ method: 'GET', url: `/api/operator/affiliates/postbacks?from=${day}&to=${day}&network=retrynet`, cookie: operator.cookie });
    expect((listed.json() as { postbacks: PostbackView[] }).postbacks).toEqual([expect.objectContaining({ id, event: 'visit', status: 'failed', attempts: 1, last_outcome: 'http_error', last_http_status: 404, ref: 'rr' })]);
    const figs = await t.call({ method: 'GET', url: `/api/operator/affiliates/figures?from=${day}&to=${day}&network=retrynet`, cookie: operator.cookie });
    expect((figs.json() as { sources: SourceRow[] }).sources[0]).toMatchObject({ visits: 1, postbacks_failed: 1, postbacks_sent: 0 });

    const retry = (cookie: string) => t.call({ method: 'POST', url: '/api/operator/affiliates/postbacks/retry', cookie, payload: { id } });
    expect((await retry(operator.cookie)).statusCode).toBe(403);
    expect((await retry(member.cookie)).statusCode).toBe(404);
    answer = () => 200;
    const res = await retry(admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ postback: { id, status: 'pending', attempts: 1 } });
    await run();
    expect(sent).toHaveLength(2);
    expect(sent[1].url).toBe(`https://public.example/retry?tx=${pb.payout_id}`);
    expect(sent[1].headers['idempotency-key']).toBe(pb.payout_id);
    const after = await t.kernel.db.selectFrom('affiliate_postbacks').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'delivered', attempts: 2 });
    const figsAfter = await t.call({ method: 'GET', url: `/api/operator/affiliates/figures?from=${day}&to=${day}&network=retrynet`, cookie: operator.cookie });
    expect((figsAfter.json() as { sources: SourceRow[] }).sources[0]).toMatchObject({ postbacks_failed: 0, postbacks_sent: 1 });

    const entries = (await audits('affiliates.postback-retry')).filter((a) => a.target === `affiliate-postback:${id}`);
    expect(entries).toHaveLength(1);
    expect(json(entries[0].before)).toMatchObject({ status: 'failed' });
    expect(json(entries[0].after)).toMatchObject({ status: 'pending' });

    // Delivered: not again; unknown: 404.
    expect((await retry(admin.cookie)).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: '/api/operator/affiliates/postbacks/retry', cookie: admin.cookie, payload: { id: 987_654 } })).statusCode).toBe(404);
    await run();
    expect(sent).toHaveLength(2);
  });

  it('lists the domains with their origins for the embed snippets', async () => {
    const res = await t.call({ method: 'GET', url: '/api/operator/affiliates/domains', cookie: operator.cookie });
    const { domains } = res.json() as { domains: { domain: string; origin: string }[] };
    expect(domains.find((d) => d.domain === 'de.localhost')?.origin).toMatch(/^http:\/\/de\.localhost(:\d+)?$/);
  });
});
