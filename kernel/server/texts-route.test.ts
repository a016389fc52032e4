import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

// GET /api/texts.php: the namespaces the browser loads after the boot block, one per request.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false }); });
afterAll(() => t?.close());

describe('texts for the browser', () => {
  it('answers one namespace in one language, cacheable and revalidated by ETag', async () => {
    const res = await t.call({ method: 'GET', url: '/api/texts.php?lang=de&ns=chat' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(typeof res.json().nav).toBe('string');
    const again = await t.call({ method: 'GET', url: '/api/texts.php?lang=de&ns=chat', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const kernel = await t.call({ method: 'GET', url: '/api/texts.php?lang=nb&ns=kernel' });
    expect(kernel.statusCode).toBe(200);
  });

  it('refuses unknown languages and names, and says when a namespace has no texts', async () => {
    expect((await t.call({ method: 'GET', url: '/api/texts.php?lang=xx&ns=chat' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/texts.php?lang=en&ns=../../etc' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/texts.php?lang=en&ns=nothing-here' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/texts.php?lang=en' })).statusCode).toBe(400);
  });
});
