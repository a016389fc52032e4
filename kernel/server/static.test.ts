import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'static/js/index.abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  t = await createTestApp({ profiles: 0, distDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static app serving', () => {
  it('serves hashed bundles as immutable JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page path with index.html (history-mode routing), revalidated', async () => {
    for (const url of ['/', '/members', '/members/12', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('id="root"');
    }
    expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/members']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('does not hide missing bundles and API paths behind index.html', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/static/js/gone.js' });
    expect(js.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/gone.php' })).json().error).toBe('not_found');
  });
});
