import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { HANDOFF_TTL_MS } from './handoff.ts';

let t: TestApp;
const PARTNER = 'https://partner.example';
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await t.kernel.sites.update('localhost', { widget_origins: [PARTNER] });
});
afterAll(async () => { await t?.close(); });

let ip = 0;
const widgetSignup = async (over: Record<string, unknown> = {}) => {
  const email = `widget${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await t.app.inject({
    method: 'POST', url: '/api/signup.php', remoteAddress: `203.0.113.${++ip}`,
    headers: { origin: PARTNER, 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: {
      gender: 'male', looking_for: ['female'], date_of_birth: '1988-06-01', country: 'GB', region: 'devon', city: 'Exeter',
      name: 'Widgeteer', email, password: 'long-enough-1', language: 'de', handoff: true,
      tracking: { network: 'adnet', ref: 'r-1', sub1: 'spring' }, ...over,
    },
  });
  return { res, email };
};
/** The hand-off link's path and query (its origin is the site's canonical_url). */
const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };

describe('signup from the widget and the hand-off link', () => {
  it('answers with a hand-off link on the canonical origin instead of a session cookie, and stores the tracking data', async () => {
    const { res, email } = await widgetSignup();
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const body = res.json();
    expect(body.user).toMatchObject({ email, status: 'not_confirmed', language: 'de' });
    // From the site's canonical_url, never from the Host header.
    expect(body.handoff_url).toMatch(/^http:\/\/localhost:3000\/api\/signup-handoff\.php\?token=[A-Za-z0-9_-]{40,}$/);
    const tracking = await t.kernel.db.selectFrom('signup_tracking').selectAll().where('user_id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(tracking).toMatchObject({ network: 'adnet', ref: 'r-1', sub1: 'spring', sub2: null, domain: 'localhost' });
    // The activation mail went out as for any signup.
    expect((await t.mails(email)).length).toBe(1);
    // A host header of someone else's choosing does not change the link.
    const spoofed = await t.app.inject({
      method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.200',
      headers: { host: 'evil.example', 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: { gender: 'male', looking_for: ['female'], date_of_birth: '1988-06-01', country: 'GB', region: 'devon', name: 'Spoofy', email: 'spoofy@example.com', password: 'long-enough-1', handoff: true },
    });
    expect(spoofed.json().handoff_url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('logs the member in once: the link sets the session and redirects to the suggestions, a second use is refused', async () => {
    const { res } = await widgetSignup();
    const { user, handoff_url } = res.json();
    const first = await t.app.inject({ method: 'GET', url: pathOf(handoff_url) });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('http://localhost:3000/signup-matches?api_signup_complete=1');
    const cookie = sessionCookie(first);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.id).toBe(user.id);

    const again = await t.app.inject({ method: 'GET', url: pathOf(handoff_url) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('http://localhost:3000/login?login_link=failed');
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('expires after 60 seconds (test clock)', async () => {
    const fresh = (await widgetSignup()).res.json().handoff_url;
    const stale = (await widgetSignup()).res.json().handoff_url;
    t.kernel.clock.advance(HANDOFF_TTL_MS - 1_000);
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh) })).statusCode).toBe(303);
    t.kernel.clock.advance(2_000);
    const late = await t.app.inject({ method: 'GET', url: pathOf(stale) });
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe('http://localhost:3000/login?login_link=failed');
  });

  it('sends unknown tokens to the login page, answers malformed ones with a clear 400, never a session', async () => {
    for (const url of ['/api/signup-handoff.php?token=nonsense', '/api/signup-handoff.php?token=' + 'A'.repeat(43)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe('http://localhost:3000/login?login_link=failed');
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    for (const url of ['/api/signup-handoff.php', '/api/signup-handoff.php?token=' + 'x'.repeat(500), '/api/signup-handoff.php?token=a&token=b']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe('invalid_input');
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('works only on the site it was made for', async () => {
    const { handoff_url } = (await widgetSignup()).res.json();
    const other = await t.app.inject({ method: 'GET', url: pathOf(handoff_url), headers: { host: 'de.localhost' } });
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toBe('http://de.localhost:3000/login?login_link=failed');
    expect(other.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('keeps the in-site signup as it was: a session cookie, no hand-off link', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.201',
      headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: { gender: 'female', looking_for: ['male'], date_of_birth: '1990-04-12', country: 'GB', region: 'devon', name: 'Insite', email: 'insite@example.com', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().handoff_url).toBeUndefined();
    expect(sessionCookie(res)).toMatch(/^sid=/);
  });
});
