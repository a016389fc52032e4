import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { authRef } from '../../auth/server.ts';
import { paymentsRef } from '../../payments/server.ts';
import { isTestProvider } from '../../payments/server/providers/index.ts';
import type { TestProvider } from '../../payments/server/providers/test.ts';
import { buyWithTestProvider } from '../../payments/server/testing.ts';
import { readTrafficCookie, TRAFFIC_COOKIE } from '../contract.ts';

// Attribution: visits with tracking parameters (once per visitor and day), the 30-day cookie, the
// signups and search gates reading it, and the events a source earns. Postbacks: postbacks.test.ts.

let t: TestApp;
let psp: TestProvider;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  const provider = t.kernel.services.get(paymentsRef).provider;
  if (!isTestProvider(provider)) throw new Error('tests run with the test provider');
  psp = provider;
});
afterAll(async () => { await t?.close(); });

const DAY = 86_400_000;
let ip = 0;
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;
const visitorId = () => `v${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 24);

interface Res { statusCode: number; body: string; json(): unknown; cookies: { name: string; value: string; maxAge?: number; path?: string; sameSite?: string; httpOnly?: boolean }[] }
const visit = async (body: Record<string, unknown>, opts: { host?: string; lang?: string } = {}) => t.app.inject({
  method: 'POST', url: '/api/visit.php', payload: body, remoteAddress: nextIp(),
  headers: { 'x-request-type': 'client', 'content-type': 'application/json', host: opts.host ?? 'localhost', 'accept-language': opts.lang ?? 'de-AT,de;q=0.9' },
}) as unknown as Res;
/** The attribution cookie as the next request sends it. */
const trafficCookie = (res: Res) => {
  const c = res.cookies.find((x) => x.name === TRAFFIC_COOKIE);
  if (!c) throw new Error('no attribution cookie');
  return `${TRAFFIC_COOKIE}=${c.value}`;
};
const cookieValue = (res: Res) => decodeURIComponent(res.cookies.find((x) => x.name === TRAFFIC_COOKIE)!.value);

const signupBody = (over: Record<string, unknown> = {}) => ({
  gender: 'male', looking_for: ['female'], date_of_birth: '1990-04-12', country: 'GB', region: 'bristol', city: 'Bristol',
  name: 'Affi', email: `affi${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'long-enough-1', language: 'en', ...over,
});
const signUp = (body: Record<string, unknown>, opts: { cookie?: string; host?: string } = {}) => t.app.inject({
  method: 'POST', url: '/api/signup.php', payload: body, remoteAddress: nextIp(),
  headers: { 'x-request-type': 'client', 'content-type': 'application/json', host: opts.host ?? 'localhost', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
});

const sourceRow = (id: string) => t.kernel.db.selectFrom('affiliate_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (source: string) => t.kernel.db.selectFrom('affiliate_events').selectAll().where('source_id', '=', source).orderBy('id').execute();
const attributionOf = (userId: number) => t.kernel.db.selectFrom('affiliate_attributions').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('affiliates: visits', () => {
  it('records a visit with its tracking data and sets the first-party attribution cookie for 30 days', async () => {
    const res = await visit({ network: 'n1', ref: 'r1', sub1: 's1', sub2: 'two', click_id: 'abc:123', lander: 'gallery', niche: 6, visitor: visitorId() });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { source: string; recorded: boolean; bounce: boolean };
    expect(answer).toMatchObject({ recorded: true, bounce: false });
    const cookie = res.cookies.find((c) => c.name === TRAFFIC_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/', maxAge: 30 * 86_400, sameSite: 'Lax' });
    expect(cookie.httpOnly).toBeFalsy();
    // The signup plugin's browser half reads the same cookie: its five keys, plus the source.
    expect(JSON.parse(cookieValue(res))).toEqual({ network: 'n1', ref: 'r1', sub1: 's1', sub2: 'two', src: answer.source });
    expect(readTrafficCookie(cookieValue(res))).toEqual({ tracking: { network: 'n1', ref: 'r1', sub1: 's1', sub2: 'two' }, source: answer.source });
    expect(await sourceRow(answer.source)).toMatchObject({
      domain: 'localhost', network: 'n1', ref: 'r1', sub1: 's1', sub2: 'two', sub3: null, click_id: 'abc:123', click_id_generated: false,
      lander: 'gallery', niche: 6, country: 'AT', bounce_logging: false,
    });
    expect((await eventsOf(answer.source)).map((e) => e.kind)).toEqual(['visit']);
  });

  it('makes a click id when the network sends none, and takes the niche of the domain off a lander', async () => {
    const res = await visit({ network: 'n1', ref: 'r2', visitor: visitorId() }, { host: 'she.localhost', lang: 'en-GB' });
    const { source } = res.json() as { source: string };
    const row = await sourceRow(source);
    expect(row).toMatchObject({ domain: 'she.localhost', click_id_generated: true, lander: null, niche: 2, country: 'GB' });
    expect(row.click_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a visit without tracking parameters', async () => {
    expect((await visit({ lander: 'gallery', visitor: visitorId() })).statusCode).toBe(400);
    expect((await visit({ network: '   ', visitor: visitorId() })).statusCode).toBe(400);
  });

  it('records at most one visit per visitor and day (the same source and cookie all day), a new one the next day', async () => {
    const visitor = visitorId();
    const first = (await visit({ network: 'n1', ref: 'day', visitor })).json() as { source: string; recorded: boolean };
    expect(first.recorded).toBe(true);
    // Again, even with other parameters: the day's source stands (the cookie says so too).
    const again = await visit({ network: 'n2', ref: 'other', visitor, lb: true });
    expect(again.json()).toMatchObject({ source: first.source, recorded: false, bounce: true });
    expect(JSON.parse(cookieValue(again))).toMatchObject({ network: 'n1', ref: 'day', src: first.source });
    // Parallel duplicates too.
    const burst = await Promise.all([1, 2, 3].map(() => visit({ network: 'n1', ref: 'day', visitor })));
    expect(burst.map((r) => (r.json() as { source: string }).source)).toEqual([first.source, first.source, first.source]);
    expect((await eventsOf(first.source)).filter((e) => e.kind === 'visit')).toHaveLength(1);
    // Another visitor the same day is another visit.
    expect((await visit({ network: 'n1', ref: 'day', visitor: visitorId() })).json()).toMatchObject({ recorded: true });
    // The next (UTC) day is a new visit.
    t.kernel.clock.advance(DAY);
    const tomorrow = (await visit({ network: 'n1', ref: 'day', visitor })).json() as { source: string; recorded: boolean };
    expect(tomorrow.recorded).toBe(true);
    expect(tomorrow.source).not.toBe(first.source);
    const count = await t.kernel.db.selectFrom('affiliate_sources').select((eb) => eb.fn.countAll().as('n')).where('visitor', '=', visitor).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('without a visitor id from the page, counts the address and browser as the visitor', async () => {
    const body = { network: 'n1', ref: 'noid' };
    const a = await t.app.inject({ method: 'POST', url: '/api/visit.php', payload: body, remoteAddress: '203.0.113.9', headers: { 'x-request-type': 'client', 'content-type': 'application/json', 'user-agent': 'UA-1' } });
    const b = await t.app.inject({ method: 'POST', url: '/api/visit.php', payload: body, remoteAddress: '203.0.113.9', headers: { 'x-request-type': 'client', 'content-type': 'application/json', 'user-agent': 'UA-1' } });
    expect(a.json()).toMatchObject({ recorded: true });
    expect(b.json()).toMatchObject({ recorded: false, source: (a.json() as { source: string }).source });
  });

  it('logs how a visit with lb ended (time on page, interaction within 10 s), once, and only for such visits', async () => {
    const visitor = visitorId();
    const { source, bounce } = (await visit({ network: 'n1', ref: 'lb', lb: true, visitor })).json() as { source: string; bounce: boolean };
    expect(bounce).toBe(true);
    const report = (body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/visit-bounce.php', payload: body, remoteAddress: nextIp() });
    expect((await report({ source, time_on_page_ms: 4200, interacted: false })).json()).toEqual({ logged: true });
    expect((await report({ source, time_on_page_ms: 60_000, interacted: true })).json()).toEqual({ logged: false });
    expect(await t.kernel.db.selectFrom('affiliate_bounces').selectAll().where('source_id', '=', source).executeTakeFirstOrThrow())
      .toMatchObject({ time_on_page_ms: 4200, interacted: false, bounced: true });

    // Found by the visitor id when the page left before the visit's answer came.
    const other = visitorId();
    const second = (await visit({ network: 'n1', ref: 'lb2', lb: true, visitor: other })).json() as { source: string };
    expect((await report({ visitor: other, time_on_page_ms: 15_000, interacted: false })).json()).toEqual({ logged: true });
    expect(await t.kernel.db.selectFrom('affiliate_bounces').selectAll().where('source_id', '=', second.source).executeTakeFirstOrThrow())
      .toMatchObject({ time_on_page_ms: 15_000, bounced: false });

    // Without lb nothing is logged.
    const plain = (await visit({ network: 'n1', ref: 'nolb', visitor: visitorId() })).json() as { source: string; bounce: boolean };
    expect(plain.bounce).toBe(false);
    expect((await report({ source: plain.source, time_on_page_ms: 1000, interacted: false })).json()).toEqual({ logged: false });
    expect((await report({ source: 'x', time_on_page_ms: 1000, interacted: false })).statusCode).toBe(400);
  });
});

describe('affiliates: attribution of signups (30-day cookie)', () => {
  it('attributes a signup 29 days after the visit to that visit', async () => {
    const res = await visit({ network: 'n1', ref: 'late', sub3: 'x', click_id: 'CLK-29', visitor: visitorId() });
    const { source } = res.json() as { source: string };
    t.kernel.clock.advance(29 * DAY);
    // The in-site form sends the cookie's tracking data in the body, and the cookie itself.
    const body = signupBody({ tracking: { network: 'n1', ref: 'late', sub3: 'x' } });
    const made = await signUp(body, { cookie: trafficCookie(res) });
    expect(made.statusCode, made.body).toBe(200);
    const userId = (made.json() as { user: { id: number } }).user.id;
    expect(await attributionOf(userId)).toMatchObject({ source_id: source });
    expect((await eventsOf(source)).map((e) => [e.kind, e.user_id])).toEqual([['visit', null], ['signup', userId]]);
    // The signup plugin still keeps its own copy of the tracking data, and the cookie is spent.
    expect(await t.kernel.db.selectFrom('signup_tracking').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ network: 'n1', ref: 'late', sub3: 'x' });
    expect(made.cookies.find((c) => c.name === TRAFFIC_COOKIE)?.value ?? '').toBe('');
  });

  it('does not attribute a signup more than 30 days after the visit (the cookie would be gone; the server checks too)', async () => {
    const res = await visit({ network: 'n1', ref: 'expired', visitor: visitorId() });
    const { source } = res.json() as { source: string };
    t.kernel.clock.advance(30 * DAY + 60_000);
    const made = await signUp(signupBody({ tracking: { network: 'n1', ref: 'expired' } }), { cookie: trafficCookie(res) });
    expect(made.statusCode, made.body).toBe(200);
    const userId = (made.json() as { user: { id: number } }).user.id;
    expect(await attributionOf(userId)).toBeUndefined();
    expect((await eventsOf(source)).map((e) => e.kind)).toEqual(['visit']);
  });

  it('attributes a widget signup (tracking data in the request, no cookie) to a source made at signup', async () => {
    const made = await signUp(signupBody({ tracking: { network: 'wnet', ref: 'w1', sub1: 'spring' } }));
    expect(made.statusCode, made.body).toBe(200);
    const userId = (made.json() as { user: { id: number } }).user.id;
    const a = await attributionOf(userId);
    const source = await sourceRow(a!.source_id);
    expect(source).toMatchObject({ visitor: `signup:${userId}`, network: 'wnet', ref: 'w1', sub1: 'spring', click_id_generated: true, country: 'GB' });
    expect((await eventsOf(source.id)).map((e) => e.kind)).toEqual(['signup']);
  });

  it('attributes nothing to a signup without a traffic source', async () => {
    const made = await signUp(signupBody());
    expect(made.statusCode).toBe(200);
    expect(await attributionOf((made.json() as { user: { id: number } }).user.id)).toBeUndefined();
  });
});

describe('affiliates: the gates reading the cookie', () => {
  const check = (cookie?: string) => t.app.inject({
    method: 'POST', url: '/api/signup-check.php', payload: { name: 'Gated' }, remoteAddress: nextIp(),
    headers: { 'x-request-type': 'client', 'content-type': 'application/json', host: 'partners.localhost', ...(cookie ? { cookie } : {}) },
  });
  it("signups: 'with_trafficsource' lets in visitors whose cookie names a traffic source, nobody else", async () => {
    expect((await check()).statusCode).toBe(403);
    expect((await check(`${TRAFFIC_COOKIE}=not-json`)).statusCode).toBe(403);
    expect((await check(`${TRAFFIC_COOKIE}=${encodeURIComponent('{"other":"x"}')}`)).statusCode).toBe(403);
    const res = await visit({ network: 'n1', ref: 'gate', visitor: visitorId() }, { host: 'partners.localhost' });
    expect((await check(trafficCookie(res))).statusCode).toBe(200);
    // A full signup through the gate, attributed.
    const made = await signUp(signupBody(), { cookie: trafficCookie(res), host: 'partners.localhost' });
    expect(made.statusCode, made.body).toBe(200);
    expect(await attributionOf((made.json() as { user: { id: number } }).user.id)).toMatchObject({ source_id: (res.json() as { source: string }).source });
    // The cookie the signup plugin's browser half writes by itself (before the visit's answer) counts too.
    expect((await check(`${TRAFFIC_COOKIE}=${encodeURIComponent('{"network":"n1"}')}`)).statusCode).toBe(200);
  });

  it('logged_out_search_trafficsource: a visitor from a traffic source may search where others may not', async () => {
    const search = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/members.php', headers: { 'x-request-type': 'client', host: 'partners.localhost', ...(cookie ? { cookie } : {}) } });
    expect((await search()).statusCode).toBe(403);
    expect((await search(`${TRAFFIC_COOKIE}=garbage`)).statusCode).toBe(403);
    const res = await visit({ network: 'n1', ref: 'search', visitor: visitorId() }, { host: 'partners.localhost' });
    expect((await search(trafficCookie(res))).statusCode).toBe(200);
  });
});

describe('affiliates: events of an attributed member', () => {
  const buy = (cookie: string, packageId = 1) => buyWithTestProvider(t, psp, cookie, packageId);

  it('records activation, the first purchase and every purchase with amount and currency, each once; an erased member leaves them without the person', async () => {
    const res = await visit({ network: 'n1', ref: 'buyer', visitor: visitorId() });
    const { source } = res.json() as { source: string };
    const body = signupBody();
    const made = await signUp(body, { cookie: trafficCookie(res) });
    const userId = (made.json() as { user: { id: number } }).user.id;
    const cookie = sessionCookie(made);

    const [mail] = await t.mails(body.email);
    const link = new URL(linkIn(mail, '/api/activate.php'));
    expect((await t.call({ method: 'GET', url: link.pathname + link.search })).headers.location).toBe('/activate/done');
    // Emitted again (it is not, but a handler must not count twice): still one.
    const site = await t.kernel.sites.resolve('localhost');
    await t.kernel.db.transaction().execute((trx) => t.kernel.events.emit('account:activated', { userId, domain: 'localhost' }, trx, site));

    const first = await buy(cookie, 1);
    const second = await buy(cookie, 2);
    const events = await eventsOf(source);
    expect(events.map((e) => [e.kind, e.payment_id, e.amount, e.currency])).toEqual([
      ['visit', null, null, null],
      ['signup', null, null, null],
      ['activation', null, null, null],
      ['first_purchase', first.id, first.amount, first.currency],
      ['purchase', first.id, first.amount, first.currency],
      ['purchase', second.id, second.amount, second.currency],
    ]);
    expect(new Set(events.map((e) => e.payout_id)).size).toBe(events.length);

    await t.kernel.services.get(authRef).erase(userId);
    const after = await eventsOf(source);
    expect(after).toHaveLength(events.length);
    expect(after.every((e) => e.user_id === null)).toBe(true);
    expect(await attributionOf(userId)).toBeUndefined();
  });

  it('does nothing for members who came from no traffic source', async () => {
    const made = await signUp(signupBody());
    const userId = (made.json() as { user: { id: number } }).user.id;
    const site = await t.kernel.sites.resolve('localhost');
    await t.kernel.db.transaction().execute((trx) => t.kernel.events.emit('payments:paid', {
      userId, paymentId: 999_999, domain: 'localhost', amount: 999, currency: 'EUR', method: 'creditcard', first: true,
    }, trx, site));
    expect(await t.kernel.db.selectFrom('affiliate_events').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });
});
