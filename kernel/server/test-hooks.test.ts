import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, creditsOf, type TestApp } from './testing.ts';
import { isLoopbackAddress, isLoopbackHost, readConfig } from './config.ts';

/** Test hooks move the clock and hand out credits: only for a test run on this very machine. */
describe('test hooks: configuration', () => {
  it('are on only with TEST_HOOKS=1, outside production, listening on a loopback host', () => {
    expect(readConfig({}).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1' }).testHooks).toBe(false); // HOST defaults to 0.0.0.0
    expect(readConfig({ TEST_HOOKS: '1', HOST: '0.0.0.0' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '::' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '192.168.1.5' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '127.0.0.1' }).testHooks).toBe(true);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '::1' }).testHooks).toBe(true);
    expect(readConfig({ TEST_HOOKS: '1', HOST: 'localhost' }).testHooks).toBe(true);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '127.0.0.1', NODE_ENV: 'production' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: 'yes', HOST: '127.0.0.1' }).testHooks).toBe(false);
  });

  it('tells loopback hosts and addresses apart', () => {
    for (const h of ['127.0.0.1', '::1', 'localhost', '[::1]', 'LOCALHOST']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '', 'example.com', '10.0.0.1', 'localhost.example.com']) expect(isLoopbackHost(h), h).toBe(false);
    for (const a of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '10.0.0.1', '203.0.113.5', '::ffff:10.0.0.1', 'fe80::1', '::']) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

async function appWith(env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await createTestApp({ profiles: 0 });
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  }
}

describe('test hooks: requests', () => {
  let on: TestApp;
  let wide: TestApp;
  beforeAll(async () => {
    on = await appWith({ TEST_HOOKS: '1', HOST: '127.0.0.1' });
    wide = await appWith({ TEST_HOOKS: '1', HOST: '0.0.0.0' });
  });
  afterAll(async () => { await on?.close(); await wide?.close(); });

  const clock = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/api/test/clock', payload: { advance_ms: 0 }, remoteAddress, headers });
  const credits = (t: TestApp, remoteAddress: string) =>
    t.call({ method: 'POST', url: '/api/test/credits', payload: { email: 'demo@example.com', credits: 500 }, remoteAddress });

  it('answer a request from a loopback address', async () => {
    expect((await clock(on, '127.0.0.1')).statusCode).toBe(200);
    expect((await clock(on, '::1')).statusCode).toBe(200);
    expect((await credits(on, '127.0.0.1')).json()).toEqual({ found: true });
  });

  it('answer 404 to a request from any other address, or one relayed by a proxy', async () => {
    for (const addr of ['203.0.113.5', '10.0.0.2', '::ffff:192.168.0.3']) {
      const res = await clock(on, addr);
      expect(res.statusCode, addr).toBe(404);
      expect(res.json().error).toBe('not_found');
      expect((await credits(on, addr)).statusCode, addr).toBe(404);
    }
    expect((await clock(on, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
    const row = await on.kernel.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    expect((await creditsOf(on, row.id)).credits).toBe(500);
  });

  it('do not exist when the server listens on every interface', async () => {
    expect(wide.kernel.config.testHooks).toBe(false);
    expect((await clock(wide, '127.0.0.1')).statusCode).toBe(404);
    expect((await credits(wide, '127.0.0.1')).statusCode).toBe(404);
  });
});
