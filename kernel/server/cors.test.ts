import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';
import { normaliseOrigin, originAllowed } from './cors.ts';

let t: TestApp;
const PARTNER = 'https://partner.example';
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await t.kernel.sites.update('localhost', { widget_origins: [PARTNER, 'http://127.0.0.1:8080'] });
});
afterAll(async () => { await t?.close(); });

const preflight = (origin: string, url = '/api/signup-check.php') => t.app.inject({
  method: 'OPTIONS', url,
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-request-type' },
});

describe('CORS for the widgets', () => {
  it('answers an allowed origin with its own origin and credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { origin: PARTNER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers.vary)).toContain('Origin');
    // A state-changing call with the client header goes through (and its refusals carry CORS too).
    const post = await t.call({ method: 'POST', url: '/api/signup-check.php', headers: { origin: 'http://127.0.0.1:8080' }, payload: { gender: 'female' } });
    expect(post.statusCode).toBe(200);
    expect(post.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    const refused = await t.app.inject({ method: 'POST', url: '/api/signup-check.php', headers: { origin: PARTNER, 'content-type': 'application/json' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('client_header_required');
    expect(refused.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it('gives other origins, and other sites\' partners, no CORS headers', async () => {
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'null', 'not a url', `${PARTNER}:8443`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    // Allowed on localhost only, not on de.localhost.
    const other = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { origin: PARTNER, host: 'de.localhost' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // No Origin header (same-origin navigation, server to server): nothing added.
    expect((await t.app.inject({ method: 'GET', url: '/api/settings.php' })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights: 204 with methods and headers for an allowed origin, 403 without CORS headers otherwise', async () => {
    const ok = await preflight(PARTNER);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    expect(ok.headers['access-control-allow-methods']).toContain('POST');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('x-request-type');
    expect(Number(ok.headers['access-control-max-age'])).toBeGreaterThan(0);
    // Any API path, also one without an OPTIONS route of its own.
    expect((await preflight(PARTNER, '/api/signup.php')).statusCode).toBe(204);

    const bad = await preflight('https://evil.example');
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error).toBe('origin_not_allowed');
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    expect(bad.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('follows a change of the setting', async () => {
    await t.kernel.sites.update('localhost', { widget_origins: [] });
    expect((await preflight(PARTNER)).statusCode).toBe(403);
    await t.kernel.sites.update('localhost', { widget_origins: [PARTNER] });
    expect((await preflight(PARTNER)).statusCode).toBe(204);
  });

  it('normalises origins and ignores malformed settings', () => {
    expect(normaliseOrigin('https://Partner.Example:443')).toBe('https://partner.example');
    expect(normaliseOrigin('javascript:alert(1)')).toBeNull();
    expect(normaliseOrigin('https://user:pw@partner.example')).toBeNull();
    expect(originAllowed(['https://partner.example/'], 'https://partner.example')).toBe(true);
    expect(originAllowed('https://partner.example', 'https://partner.example')).toBe(false);
    expect(originAllowed([42, null], 'https://partner.example')).toBe(false);
  });
});
