import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from './testing.ts';
import type { RouteChunks } from '../contract/boot.ts';

// The shell and the server-rendered entry pages (kernel/web/ssr.tsx, built to <dist>/server/ssr.js):
// here a stand-in bundle that writes what it was asked for, so the rules are checked without a build.
let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-ssr-'));
const routeChunks: RouteChunks = {
  routes: [
    { name: 'index', path: '/', access: 'visitor', guestsOnly: true, plugin: 'home', ssr: true, files: [] },
    { name: 'login', path: '/login', access: 'visitor', guestsOnly: true, plugin: 'auth', serves: 'login', files: [] },
    { name: 'members', path: '/members', access: 'visitor', plugin: 'members', serves: 'members-home', ssr: true, files: [] },
    { name: 'chats', path: '/chats', access: 'member', plugin: 'chat', files: [] },
  ],
  parts: { 'bonuses:banner:time-bonus': ['/static/css/async/banner.css', '/static/js/async/banner.js'] },
};
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script defer src="/static/js/lib.js"></script><script defer src="/static/js/index.js"></script><link href="/static/css/styles.css" rel="stylesheet"></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify(routeChunks));
  // Counts its renders; shows the address, the language and whether a user came with the boot block.
  fs.writeFileSync(path.join(dist, 'server', 'ssr.js'), `let n = 0;
// A member's page holds the bonus banner, whose texts are not among the page's own: it reads them.
exports.renderPage = async (url, boot, readTexts) => {
  const member = Boolean(boot.data.user);
  const banner = member ? ' ' + readTexts('bonuses').banner.title : '';
  return {
    html: '<main data-render="' + (++n) + '">' + url + ' ' + boot.locale + ' user=' + (member ? boot.data.user.id : 'none') + banner + '</main>',
    parts: ['kernel:footer', 'x:page:"<y>"', ...(member ? ['bonuses:banner:time-bonus'] : [])],
    texts: member ? ['bonuses'] : [],
    // The Intl objects the render made (a member's page here shows prices).
    intl: member ? [['collator', 'en'], ['number', 'en', { style: 'currency', currency: 'GBP' }]] : [],
  };
};`);
  t = await createTestApp({ profiles: 0, distDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';

describe('server-rendered entry pages', () => {
  it('renders an ssr page for visitors into #root, and keeps it for the next visitor', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(rootOf(first.body)).toBe('<main data-render="1">/ en user=none</main>');
    const again = await t.app.inject({ method: 'GET', url: '/' });
    expect(rootOf(again.body)).toBe('<main data-render="1">/ en user=none</main>');
    // Another language is another page.
    const de = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'i18n_redirected=de' } });
    expect(rootOf(de.body)).toBe('<main data-render="2">/ de user=none</main>');
  });

  it('names the lazy parts the page holds on #root, escaped (the browser loads them before hydrating)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<div id="root" data-parts="kernel:footer x:page:&quot;&lt;y&gt;&quot;">');
  });

  it('renders a member\'s page for them alone, each time: never kept, never given to anyone else', async () => {
    const m = await addMember(t);
    const mine = async () => rootOf((await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } })).body);
    const first = await mine();
    expect(first).toMatch(new RegExp(`^<main data-render="\\d+">/members en user=${m.id} .*bonus.*</main>$`));
    const second = await mine();
    expect(second).toContain(`user=${m.id}`);
    expect(second).not.toBe(first); // rendered again
    // A visitor at the same address gets a page without anyone in it.
    expect(rootOf((await t.app.inject({ method: 'GET', url: '/members' })).body)).toContain('user=none');
    // A member at "/" (a page for guests) is sent on by the browser: nothing is rendered there.
    expect(rootOf((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: m.cookie } })).body)).toBe('');
    expect(rootOf((await t.app.inject({ method: 'GET', url: '/' })).body)).toContain('user=none');
  });

  it("brings the styles and texts of the parts the render showed (a banner's), for the first paint and for hydrating", async () => {
    const m = await addMember(t);
    const page = (await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } })).body;
    expect(page).toContain('<link rel="stylesheet" href="/static/css/async/banner.css">');
    // Its code comes after the first screen has painted (late-scripts.ts), the banner's chunk with it.
    expect(page).not.toContain('<script defer');
    expect(page).toContain('<script data-scripts="/static/js/lib.js /static/js/index.js" data-chunks="/static/js/async/banner.js">');
    expect(page).not.toContain('as="script"');
    const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="boot">([^]*?)<\/script>/.exec(html)![1]) as { texts: Record<string, { banner?: { title?: string } }>; intl?: unknown };
    const boot = bootOf(page);
    expect(boot.texts.bonuses?.banner?.title).toMatch(/bonus/);
    // The Intl objects its render made: the browser makes them before hydrating (boot.tsx).
    expect(boot.intl).toEqual([['collator', 'en'], ['number', 'en', { style: 'currency', currency: 'GBP' }]]);
    // A visitor's page has no banner, nor its styles; its render made no Intl object.
    const visitor = (await t.app.inject({ method: 'GET', url: '/members' })).body;
    expect(visitor).not.toContain('banner.css');
    expect(bootOf(visitor).intl).toBeUndefined();
  });

  it('renders only the pages marked ssr', async () => {
    const login = (await t.app.inject({ method: 'GET', url: '/login' })).body;
    expect(rootOf(login)).toBe('');
    // A page the browser renders needs its code at once: its scripts stay as they are.
    expect(login).toContain('<script defer src="/static/js/index.js"></script>');
    expect(login).not.toContain('data-scripts');
    const m = await addMember(t);
    expect(rootOf((await t.app.inject({ method: 'GET', url: '/chats', headers: { cookie: m.cookie } })).body)).toBe('');
  });

  it('does not serve the server bundle as a file', async () => {
    // Not a file: the path falls to the page shell (the browser router's 404), never the bundle.
    const res = await t.app.inject({ method: 'GET', url: '/server/ssr.js' });
    expect(res.headers['content-type']).not.toMatch(/javascript/);
    expect(res.body).not.toMatch(/renderToString|createElement/);
  });
});
