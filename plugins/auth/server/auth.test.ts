import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { MAX_LOGIN_FAILURES } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const login = (email: string, password: string, cookie?: string) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password }, cookie });

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

  it('logs out: the session no longer works', async () => {
    const cookie = sessionCookie(await login('demo@example.com', 'flirt-demo-2026'));
    const out = await t.call({ method: 'GET', url: '/api/logout.php', cookie });
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

  it('fails a wrong password, then blocks the account after repeated failures', async () => {
    const email = 'someone-unknown@example.com';
    for (let i = 1; i < MAX_LOGIN_FAILURES; i++) {
      const res = await login(email, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'login_failed', message: 'Login failed, please try again.' });
    }
    const blocked = await login(email, 'wrong-again');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'account_blocked', params: { minutes: 15 } });
    expect(blocked.json().message).toBe('Too many incorrect attempts, account blocked for 15 min.');
    // Even the right password waits until the block ends (here for an unknown address, so still blocked).
    expect((await login(email, 'anything')).statusCode).toBe(429);
  });

  it('does not block the demo member because someone else failed', async () => {
    const ok = await login('demo@example.com', 'flirt-demo-2026');
    expect(ok.statusCode).toBe(200);
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
