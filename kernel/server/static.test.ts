import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from './testing.ts';
import { patternRegExp, pickEncoding, pickKeys } from './shell.ts';
import { readTexts } from './text-files.ts';
import type { BootData, RouteChunks } from '../contract/boot.ts';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-dist-'));
const bundle = 'console.log("a hashed bundle");'.repeat(40);
const routeChunks: RouteChunks = {
  routes: [
    { name: 'login', path: '/login', access: 'visitor', guestsOnly: true, plugin: 'auth', serves: 'login', files: ['/static/js/async/login.js'], texts: { visitor: ['kernel', 'auth', 'members', 'pages'], member: ['kernel', 'auth', 'chat', 'members', 'pages'] } },
    { name: 'index', path: '/', access: 'visitor', guestsOnly: true, plugin: 'home', files: ['/static/css/async/home.css', '/static/js/async/home.js'] },
    { name: 'members', path: '/members', access: 'visitor', plugin: 'members', serves: 'members-home', files: ['/static/js/async/members.js'] },
    { name: 'members-id', path: '/members/:id', access: 'visitor', plugin: 'members', files: ['/static/js/async/profile.js'] },
    { name: 'chats', path: '/chats', access: 'member', plugin: 'chat', files: ['/static/js/async/chats.js'], texts: {
      visitor: ['kernel', 'chat', 'auth', 'members', 'pages'], member: ['kernel', 'chat', 'auth', 'members', 'pages'],
      // Of the legal pages' texts, the footer links' labels alone.
      labels: { visitor: { pages: ['nav.terms', 'nav.privacy'] }, member: { pages: ['nav.terms', 'nav.privacy'] } },
    } },
    // A lander (lander layout: no navigation), with the texts the build decided (kernel/web/texts.ts).
    { name: 'lp', path: '/lp', access: 'visitor', plugin: 'home', files: ['/static/js/async/lp.js'], texts: { visitor: ['kernel', 'home', 'pages'], member: ['kernel', 'home', 'pages'] } },
  ],
};
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script defer src="/static/js/index.abc123.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'static/js/index.abc123.js'), bundle);
  // What the build writes next to every text file (scripts/rsbuild-speed.ts).
  fs.writeFileSync(path.join(dist, 'static/js/index.abc123.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(dist, 'static/js/index.abc123.js.gz'), zlib.gzipSync(bundle));
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  fs.writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify(routeChunks));
  t = await createTestApp({ profiles: 0, distDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The inline boot block of a served page. */
function bootOf(html: string): BootData {
  const m = /<script type="application\/json" id="boot">([^]*?)<\/script>/.exec(html);
  if (!m) throw new Error(`no boot block in ${html.slice(0, 300)}`);
  expect(m[1]).not.toContain('<');
  return JSON.parse(m[1]) as BootData;
}
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]+)">/g)].map((m) => m[1]);

describe('static app serving', () => {
  it('serves hashed bundles as immutable JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(bundle);
  });

  it('serves the precompressed .br / .gz copy the client accepts, with Vary: Accept-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // The compressed copies themselves are no addresses of their own.
    expect((await t.app.inject({ method: 'GET', url: '/static/js/index.abc123.js.br' })).statusCode).toBe(404);
  });

  it('answers every page path with the shell (history-mode routing), never kept by shared caches', async () => {
    for (const url of ['/', '/members', '/members/12', '/no/such/page?x=1', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control'], url).toBe('no-cache, private');
      expect(res.headers.vary, url).toMatch(/Cookie/);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      bootOf(res.body);
    }
    expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
  });

  it('does not hide missing bundles and API paths behind index.html', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/static/js/gone.js' });
    expect(js.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/gone.php' })).json().error).toBe('not_found');
  });
});

describe('the shell carries what the first paint needs', () => {
  it('holds the settings of the Host\'s site (as settings.php answers them) and that language\'s texts', async () => {
    for (const host of ['localhost', 'de.localhost']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
      const boot = bootOf(res.body);
      const api = await t.call({ method: 'GET', url: '/api/settings.php', headers: { host } });
      expect(boot.settings, host).toEqual(api.json().settings);
      expect(boot.settings.domain).toBe(host);
      const locale = host === 'de.localhost' ? 'de' : 'en';
      expect(boot.locale).toBe(locale);
      expect(boot.texts.kernel).toEqual(readTexts(locale).kernel);
    }
    // The visitor's language cookie wins, as in the browser.
    const nl = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'de.localhost', cookie: 'i18n_redirected=nl' } });
    expect(bootOf(nl.body).locale).toBe('nl');
  });

  it('carries only the labels of a namespace whose labels alone the layout shows, and says so', async () => {
    const m = await addMember(t, { name: 'Labels' });
    const boot = bootOf((await t.app.inject({ method: 'GET', url: '/chats', headers: { cookie: m.cookie } })).body);
    const pages = readTexts('en').pages as { nav: Record<string, string> };
    expect(boot.texts.pages).toEqual({ nav: { terms: pages.nav.terms, privacy: pages.nav.privacy } });
    expect(boot.partialTexts).toEqual(['pages']);
    expect(boot.texts.chat).toEqual(readTexts('en').chat);
  });

  it('holds the logged-in member as user.php answers, and null for a visitor', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/members' });
    expect(bootOf(visitor.body).data.user).toBeNull();

    const m = await addMember(t, { name: 'Bootie' });
    const page = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    const user = bootOf(page.body).data.user as { id: number; name?: string };
    const api = await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie });
    // The very same JSON (fields and their order): the browser's first poll then changes nothing.
    expect(JSON.stringify(user)).toBe(JSON.stringify(api.json().user));
    expect(user.id).toBe(m.id);
    // A session that is no longer valid is a visitor.
    const stale = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'sid=not-a-session' } });
    expect(bootOf(stale.body).data.user).toBeNull();
  });

  it('preloads the page chunks of the address, following the access rules', async () => {
    const visitor = async (url: string) => preloads((await t.app.inject({ method: 'GET', url })).body);
    expect(await visitor('/')).toEqual(['/static/css/async/home.css', '/static/js/async/home.js']);
    expect(await visitor('/members')).toEqual(['/static/js/async/members.js']);
    expect(await visitor('/members/42?x=1')).toEqual(['/static/js/async/profile.js']);
    expect(await visitor('/chats')).toEqual(['/static/js/async/login.js']); // members only: the login page
    expect(await visitor('/no/such/page')).toEqual([]);

    const m = await addMember(t);
    const member = async (url: string) => preloads((await t.app.inject({ method: 'GET', url, headers: { cookie: m.cookie } })).body);
    expect(await member('/')).toEqual(['/static/js/async/members.js']); // the landing page sends members to the search
    expect(await member('/chats')).toEqual(['/static/js/async/chats.js']);
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<link rel="preload" as="script" href="/static/js/async/home.js">');
  });

  it('carries the texts of the page only: no chat namespace on a lander, chat\'s on /chats', async () => {
    const textsOf = async (url: string, cookie?: string) => bootOf((await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body).texts;
    const lander = await textsOf('/lp');
    expect(Object.keys(lander).sort()).toEqual(['home', 'kernel', 'pages']);
    expect(lander.home).toEqual(readTexts('en').home);

    const m = await addMember(t);
    expect(Object.keys(await textsOf('/chats', m.cookie)).sort()).toEqual(['auth', 'chat', 'kernel', 'members', 'pages']);
    expect(Object.keys(await textsOf('/lp', m.cookie)).sort()).toEqual(['home', 'kernel', 'pages']);
    // A visitor there gets the login page, and its texts for a visitor (no chat in the navigation).
    expect(Object.keys(await textsOf('/chats')).sort()).toEqual(['auth', 'kernel', 'members', 'pages']);
    // An address no route takes: the kernel's (the browser loads what its error page shows).
    expect(Object.keys(await textsOf('/no/such/page'))).toEqual(['kernel']);
    // In the visitor's language.
    const de = await bootOf((await t.app.inject({ method: 'GET', url: '/lp', headers: { cookie: 'i18n_redirected=de' } })).body);
    expect(de.texts.home).toEqual(readTexts('de').home);
  });

  it('goes out compressed', async () => {
    for (const [accept, decode] of [['br', zlib.brotliDecompressSync], ['gzip, deflate', zlib.gunzipSync]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/members', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(accept.split(',')[0]);
      const html = decode(res.rawPayload).toString();
      expect(bootOf(html).settings.domain).toBe('localhost');
      expect(res.rawPayload.length).toBeLessThan(html.length / 2);
    }
  });
});

describe('compressed API answers', () => {
  it('compresses JSON above 1 KiB per Accept-Encoding and leaves small answers alone', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/settings.php' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.call({ method: 'GET', url: '/api/settings.php', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.call({ method: 'GET', url: '/api/settings.php', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.call({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(small.json()).length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('helpers', () => {
  it('matches navigo patterns', () => {
    expect(patternRegExp('/').test('/')).toBe(true);
    expect(patternRegExp('/members/:id').test('/members/12')).toBe(true);
    expect(patternRegExp('/members/:id').test('/members/12/chat')).toBe(false);
    expect(patternRegExp('/members/:id/landing2/:slug?').test('/members/3/landing2')).toBe(true);
    expect(patternRegExp('/members/:id/landing2/:slug?').test('/members/3/landing2/x')).toBe(true);
    expect(patternRegExp('/pages/return-policy').test('/pages/return-policy/')).toBe(true);
  });
  it('picks keys of a namespace, with their plural forms', () => {
    const tree = { nav: { terms: 'Terms', privacy: 'Privacy', cookies: 'Cookies' }, items_one: 'x', items_other: 'y', itemsLong: 'z', terms: { title: 'T' } };
    expect(pickKeys(tree, ['nav.terms', 'nav.privacy', 'items', 'nav.missing', 'gone.away'])).toEqual({ nav: { terms: 'Terms', privacy: 'Privacy' }, items_one: 'x', items_other: 'y' });
  });
  it('picks the encoding the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
