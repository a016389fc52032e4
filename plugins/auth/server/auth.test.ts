import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { addressKey } from './throttle.ts';
import { LOGIN_DELAY_AFTER, LOGIN_DELAY_MAX_SECONDS, LOGIN_LINK_AFTER_FAILURES, LOGIN_LINK_MAIL_EVERY_MINUTES, LOGIN_LINK_MINUTES } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const login = (email: string, password: string, cookie?: string) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password }, cookie });
const loginFrom = (ip: string, email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password }, remoteAddress: ip });
const loginLinkMails = async (email: string) => (await t.mails(email)).filter((m) => m.text.includes('/api/login-link.php'));
const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };

describe('auth', () => {
  it('logs the demo member in with a secure session cookie and returns the user object', async () => {
    const res = await login('Demo@Example.com ', 'flirt-demo-2026');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(30 * 86400);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const { user } = res.json();
    expect(user).toMatchObject({ email: 'demo@example.com', status: 'active', paid_user: false, credits: 10, notifications_disabled: [] });
    expect(user).toHaveProperty('signup_date');
    expect(user).toHaveProperty('fictional_icon');
    expect(user.profile).toMatchObject({ name: 'Alex', country: 'GB', status: 'active' });
    expect(user.profile.main_image.filename).toMatch(/^\/media\/.+-full\.jpg\?e=\d+&s=/);
    expect(user).not.toHaveProperty('password_hash');
  });

  it('answers GET user.php with the user, or 403 authentication_required when logged out', async () => {
    const anon = await t.call({ method: 'GET', url: '/api/user.php' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().error).toBe('authentication_required');
    const cookie = sessionCookie(await login('demo@example.com', 'flirt-demo-2026'));
    const me = await t.call({ method: 'GET', url: '/api/user.php', cookie });
    expect(me.json().user.email).toBe('demo@example.com');
  });

  it('stores only a hash of the session token and rotates it at login', async () => {
    const first = sessionCookie(await login('demo@example.com', 'flirt-demo-2026'));
    const token = first.slice(4);
    const stored = await t.kernel.db.selectFrom('kernel_sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    const second = sessionCookie(await login('demo@example.com', 'flirt-demo-2026', first));
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: first })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: second })).statusCode).toBe(200);
  });

  it('saves the language and refuses unknown ones', async () => {
    const cookie = sessionCookie(await login('demo@example.com', 'flirt-demo-2026'));
    const ok = await t.call({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' }, cookie });
    expect(ok.json().user.language).toBe('de');
    const bad = await t.call({ method: 'PUT', url: '/api/user.php', payload: { language: 'xx' }, cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    const anon = await t.call({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' } });
    expect(anon.statusCode).toBe(403);
  });

  it('logs out with a POST carrying the client header only: a GET or another site\'s POST leaves the session alone', async () => {
    const cookie = sessionCookie(await login('demo@example.com', 'flirt-demo-2026'));
    const get = await t.call({ method: 'GET', url: '/api/logout.php', cookie });
    expect([404, 405]).toContain(get.statusCode);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/logout.php', payload: {}, headers: { cookie, 'content-type': 'application/json' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('client_header_required');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).statusCode).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/logout.php', payload: {}, cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).statusCode).toBe(403);
  });

  it('answers bad login input with 400s that name the problem', async () => {
    for (const payload of [{ email: 'a@b.c' }, { password: 'x' }, { email: 5, password: 'x' }, { email: 'x'.repeat(300), password: 'x' }, { email: 'a@b.c', password: '' }]) {
      const res = await t.call({ method: 'POST', url: '/api/user.php', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(res.json().message).toMatch(/^body\/(email|password) /);
    }
  });

  it('fails a wrong password, then delays the failing address longer with each further failure', async () => {
    const email = 'someone-unknown@example.com';
    const ip = '192.0.2.10';
    for (let i = 1; i < LOGIN_DELAY_AFTER; i++) {
      const res = await loginFrom(ip, email, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'login_failed', message: 'Login failed, please try again.' });
    }
    const seen: number[] = [];
    for (let n = LOGIN_DELAY_AFTER; n <= 11; n++) {
      const res = await loginFrom(ip, email, `wrong-${n}`);
      expect(res.statusCode).toBe(429);
      const wait = Math.min(LOGIN_DELAY_MAX_SECONDS, 2 ** n);
      const minutes = Math.ceil(wait / 60);
      expect(res.json()).toEqual({ error: 'account_blocked', message: `Too many incorrect attempts, account blocked for ${minutes} min.`, params: { minutes, seconds: wait } });
      expect(res.headers['retry-after']).toBe(String(wait));
      seen.push(wait);
      // Another address trying the same (here unknown) account waits for the account's failures too.
      if (n === LOGIN_DELAY_AFTER) expect((await loginFrom('192.0.2.11', email, 'x')).json()).toMatchObject({ error: 'account_blocked', params: { seconds: 32 } });
      // While it waits, the address gets no answer about any password.
      t.kernel.clock.advance((wait - 2) * 1000);
      const early = await loginFrom(ip, email, 'anything');
      expect(early.statusCode).toBe(429);
      expect(early.json().params.seconds).toBeLessThanOrEqual(2);
      t.kernel.clock.advance(3000);
    }
    expect(seen).toEqual([32, 64, 128, 256, 512, 900, 900]);
    // A day later the failures no longer count.
    t.kernel.clock.advance(24 * 3600_000);
    expect((await loginFrom(ip, email, 'again')).statusCode).toBe(401);
  });

  it('does not block the demo member because someone else failed', async () => {
    const ok = await login('demo@example.com', 'flirt-demo-2026');
    expect(ok.statusCode).toBe(200);
  });
});

describe('login protection without a lockout', () => {
  /** Wrong passwords from `ip` until `count` failures are recorded, waiting out each delay but the last. */
  const failFrom = async (ip: string, email: string, count: number) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await loginFrom(ip, email, `guess-${i}`);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ error: 'account_blocked', params: { minutes: expect.any(Number) } });
        if (i < count - 1) t.kernel.clock.advance((res.json().params.seconds + 1) * 1000);
      }
    }
    return codes;
  };

  it('an attacker failing 10 times elsewhere does not lock the owner out; the owner is mailed one login link', async () => {
    const m = await addMember(t);
    const owner = '198.51.100.7';
    const attacker = '203.0.113.66';
    expect((await loginFrom(owner, m.email, m.password)).statusCode).toBe(200); // a usual address of the owner
    const codes = await failFrom(attacker, m.email, LOGIN_LINK_AFTER_FAILURES);
    expect(codes.slice(0, LOGIN_DELAY_AFTER - 1).every((c) => c === 401)).toBe(true);
    expect(codes.slice(LOGIN_DELAY_AFTER - 1).every((c) => c === 429)).toBe(true);
    // The failing address waits, even with the right password.
    const attackerNow = await loginFrom(attacker, m.email, m.password);
    expect(attackerNow.statusCode).toBe(429);
    expect(attackerNow.json()).toMatchObject({ error: 'account_blocked', params: { minutes: 15 } });
    expect(attackerNow.json().message).toBe('Too many incorrect attempts, account blocked for 15 min.');
    // The owner, from their usual address, logs in at once.
    const ownerLogin = await loginFrom(owner, m.email, m.password);
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.json().user.email).toBe(m.email);
    // An address that never logged in waits out the account's delay, then the right password works.
    const fresh = await loginFrom('192.0.2.50', m.email, m.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error).toBe('account_blocked');

    // The owner got exactly one login link, in their language, valid for LOGIN_LINK_MINUTES.
    const mails = await loginLinkMails(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your login link for FlirtHaven');
    expect(mails[0].text).toContain(`valid for ${LOGIN_LINK_MINUTES} minutes`);
    const link = pathOf(linkIn(mails[0], '/api/login-link.php'));
    const used = await t.call({ method: 'GET', url: link, remoteAddress: '192.0.2.50' });
    expect(used.statusCode).toBe(302);
    expect(used.headers.location).toBe('/members');
    const me = await t.call({ method: 'GET', url: '/api/user.php', cookie: sessionCookie(used) });
    expect(me.json().user.email).toBe(m.email);
    // Single use.
    const again = await t.call({ method: 'GET', url: link });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/login?login_link=failed');
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // The address that used the link is now a usual one: the account's delay no longer applies to it.
    expect((await loginFrom('192.0.2.50', m.email, m.password)).statusCode).toBe(200);
  });

  it('mails at most one login link per account per 15 minutes, and the link expires', async () => {
    const m = await addMember(t);
    const owner = '198.51.100.8';
    expect((await loginFrom(owner, m.email, m.password)).statusCode).toBe(200);
    await failFrom('203.0.113.77', m.email, LOGIN_LINK_AFTER_FAILURES);
    expect(await loginLinkMails(m.email)).toHaveLength(1);
    // Many more failures at once (addresses all over the world, written straight into the table)…
    const now = t.kernel.clock.now();
    await t.kernel.db.insertInto('auth_login_failures')
      .values(Array.from({ length: LOGIN_LINK_AFTER_FAILURES }, (_, i) => ({ email: m.email, ip: `100.64.0.${i + 1}`, at: now }))).execute();
    // …and one from the owner's own address (never delayed by the others): still no second mail.
    expect((await loginFrom(owner, m.email, 'typo')).statusCode).toBe(401);
    expect(await loginLinkMails(m.email)).toHaveLength(1);
    t.kernel.clock.advance(LOGIN_LINK_MAIL_EVERY_MINUTES * 60_000 + 1000);
    expect((await loginFrom(owner, m.email, 'typo-2')).statusCode).toBe(401);
    const mails = await loginLinkMails(m.email);
    expect(mails).toHaveLength(2);
    // The first link has expired by now (LOGIN_LINK_MINUTES); the second works until then.
    t.kernel.clock.advance((LOGIN_LINK_MINUTES - LOGIN_LINK_MAIL_EVERY_MINUTES) * 60_000);
    const first = await t.call({ method: 'GET', url: pathOf(linkIn(mails[0], '/api/login-link.php')) });
    expect(first.headers.location).toBe('/login?login_link=failed');
    const second = await t.call({ method: 'GET', url: pathOf(linkIn(mails[1], '/api/login-link.php')) });
    expect(second.headers.location).toBe('/members');
    t.kernel.clock.advance(LOGIN_LINK_MINUTES * 60_000);
    // A made-up token is refused the same way.
    expect((await t.call({ method: 'GET', url: '/api/login-link.php?token=nonsense' })).headers.location).toBe('/login?login_link=failed');
  });

  it('counts an IPv6 address by its /64 (one subscriber holds them all), an IPv4-mapped one as IPv4', async () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001:0002::7')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(addressKey('192.0.2.9')).toBe('192.0.2.9');
    const m = await addMember(t);
    expect((await loginFrom('2001:db8:77:1::5', m.email, m.password)).statusCode).toBe(200);
    await failFrom('2001:db8:1:2::1', m.email, LOGIN_DELAY_AFTER - 1);
    // The next address of the same /64 fails the 5th time and waits, and so does its neighbour.
    expect((await loginFrom('2001:db8:1:2::2', m.email, 'guess')).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:1:2:ffff::9', m.email, m.password)).statusCode).toBe(429);
    // The owner's usual network, with tomorrow's privacy address: not delayed.
    expect((await loginFrom('2001:db8:77:1:9a3f::e1', m.email, m.password)).statusCode).toBe(200);
  });

  // Only the PostgreSQL run has a second instance (PGlite is one process); registered there only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('several instances agree on the delay (it lives in the database)', async () => {
    const m = await addMember(t);
    const second = await createTestApp({ join: t });
    try {
      await failFrom('203.0.113.88', m.email, LOGIN_DELAY_AFTER - 1);
      expect((await loginFrom('203.0.113.88', m.email, 'last-guess')).statusCode).toBe(429);
      const other = await second.call({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password: m.password }, remoteAddress: '203.0.113.88' });
      expect(other.statusCode).toBe(429);
      expect(other.json().error).toBe('account_blocked');
    } finally {
      await second.close();
    }
  });
});

describe('login rate limit', () => {
  it('limits login requests per address (shared through Redis when configured)', async () => {
    const from = (i: number) => t.app.inject({
      method: 'POST', url: '/api/user.php', remoteAddress: '203.0.113.7',
      headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: { email: `nobody${i}@example.com`, password: 'x' },
    });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await from(i)).statusCode);
    const last = await from(99);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: 'rate_limited' });
    expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
    if (process.env.REDIS_URL) {
      // The counter lives in Redis, where every instance sees it.
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.REDIS_URL);
      const keys = await redis.keys(`${t.kernel.config.redisPrefix}rl:*203.0.113.7`);
      await redis.quit();
      expect(keys).toHaveLength(1);
    }
    // Other addresses are not affected.
    expect((await login('demo@example.com', 'flirt-demo-2026')).statusCode).toBe(200);
  });
});
