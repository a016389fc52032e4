import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { HANDOFF_TTL_MS, SWITCH_TTL_MS } from './handoff.ts';
import { addMember } from '../../testing.ts';

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

describe('the hand-off never replaces a session silently (login CSRF)', () => {
  const userOf = async (cookie: string) => (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user?.id;
  const switchTokenOf = (location: string) => new URL(location).searchParams.get('token')!;

  it("a logged-in member opening someone's hand-off link stays themselves and is asked first", async () => {
    const victim = await addMember(t, { name: 'Victima' });
    const { res } = await widgetSignup({ name: 'Attacker' });
    const { user: attacker, handoff_url } = res.json();
    const opened = await t.app.inject({ method: 'GET', url: pathOf(handoff_url), headers: { cookie: victim.cookie } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^http:\/\/localhost:3000\/signup-switch\?token=[A-Za-z0-9_-]{40,}$/);
    // No new session: the victim's browser is still the victim's.
    expect(opened.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await userOf(victim.cookie)).toBe(victim.id);
    const token = switchTokenOf(opened.headers.location as string);
    // The question names both accounts; only the session it was made for may read or use it.
    const info = await t.call({ method: 'GET', url: `/api/signup-switch.php?token=${token}`, cookie: victim.cookie });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ name: 'Attacker', current: 'Victima' });
    const other = await addMember(t);
    expect((await t.call({ method: 'GET', url: `/api/signup-switch.php?token=${token}`, cookie: other.cookie })).statusCode).toBe(404);
    const stolen = await t.call({ method: 'POST', url: '/api/signup-switch.php', cookie: other.cookie, payload: { token } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ error: 'link_invalid' });
    expect(await userOf(other.cookie)).toBe(other.id);
    // Without the client header (a form posted from another site) the switch is refused.
    const forged = await t.app.inject({ method: 'POST', url: '/api/signup-switch.php', headers: { cookie: victim.cookie, 'content-type': 'application/json' }, payload: { token } });
    expect(forged.statusCode).toBe(403);
    expect(await userOf(victim.cookie)).toBe(victim.id);
    // The member says yes: now, and only now, the browser is the new account's; once.
    const yes = await t.call({ method: 'POST', url: '/api/signup-switch.php', cookie: victim.cookie, payload: { token } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ redirect: '/signup-matches?api_signup_complete=1' });
    expect(await userOf(sessionCookie(yes))).toBe(attacker.id);
    expect((await t.call({ method: 'POST', url: '/api/signup-switch.php', cookie: victim.cookie, payload: { token } })).statusCode).toBe(404);
  });

  it('the question waits 10 minutes; the original link stays single-use', async () => {
    const member = await addMember(t);
    const { handoff_url } = (await widgetSignup()).res.json();
    const opened = await t.app.inject({ method: 'GET', url: pathOf(handoff_url), headers: { cookie: member.cookie } });
    const token = switchTokenOf(opened.headers.location as string);
    const again = await t.app.inject({ method: 'GET', url: pathOf(handoff_url), headers: { cookie: member.cookie } });
    expect(again.headers.location).toBe('http://localhost:3000/login?login_link=failed');
    t.kernel.clock.advance(SWITCH_TTL_MS + 1000);
    expect((await t.call({ method: 'POST', url: '/api/signup-switch.php', cookie: member.cookie, payload: { token } })).statusCode).toBe(404);
    expect(await userOf(member.cookie)).toBe(member.id);
  });

  it('a browser logged in as the account the link is for just goes on', async () => {
    const { user, handoff_url } = (await widgetSignup()).res.json();
    const cookie = sessionCookie(await t.app.inject({ method: 'GET', url: pathOf(handoff_url) }));
    // A second link for the same account (say, the widget's completion step followed as well).
    const token = await t.kernel.tokens.issue({ purpose: 'signup-handoff', userId: user.id, ttlMs: HANDOFF_TTL_MS, data: { domain: 'localhost' } });
    const same = await t.app.inject({ method: 'GET', url: `/api/signup-handoff.php?token=${token}`, headers: { cookie } });
    expect(same.statusCode).toBe(303);
    expect(same.headers.location).toBe('http://localhost:3000/signup-matches?api_signup_complete=1');
    expect(same.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await userOf(cookie)).toBe(user.id);
  });
});
