// Texts load with their plugin: a page gets the kernel's texts, its owner's and those of the labels
// its layout shows (nav items, footer links); everything else arrives with its lazy chunk.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { allWebPlugins } from '../../plugins/index.ts';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { preloaded } from './lazy.ts';
import { fakeApi, testPlugin } from './testing.ts';
import { FOOTER_LAYOUTS, NAV_LAYOUTS, navNamespaces, ownerNamespaces, pageNamespaces, pageTexts, routeTexts } from './texts.ts';
import { readTexts } from '../server/text-files.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { BootData } from '../contract/boot.ts';

const webPlugins = allWebPlugins();

const settings = { name: 'Site', domain_language: 'en-GB', plugins: [], countries: [] } as unknown as SiteSettings;
const pageOf = (title: string) => async () => ({ default: () => <h1>{title}</h1> });

// Real plugin ids, so their real text files load; the parts are the tests' own.
const home = testPlugin({ id: 'home', routes: [
  { name: 'lp', layout: 'lander', page: pageOf('Lander') },
  { name: 'bare', layout: 'empty', page: pageOf('Bare') },
  { name: 'talk', layout: 'chat', page: pageOf('Talk') },
] });
const chat = testPlugin({
  id: 'chat',
  routes: [{ name: 'chats', page: pageOf('Chats') }],
  navItems: [{ id: 'messages', slot: 'top', order: 20, labelKey: 'chat:nav', route: 'chats', when: (ctx) => ctx.loggedIn }],
});
const pages = testPlugin({
  id: 'pages',
  routes: [{ name: 'pages-terms', path: '/pages/terms', page: pageOf('Terms') }],
  footerLinks: [{ id: 'terms', order: 10, labelKey: 'pages:nav.terms', route: 'pages-terms' }],
});
// A plugin that requires another shows its texts too (through its components).
const members = testPlugin({ id: 'members' });
const signup = testPlugin({ id: 'signup', requires: ['members'], routes: [{ name: 'join', layout: 'empty', page: pageOf('Join') }] });
const plugins = [home, chat, pages, members, signup];

/** The namespaces an i18n instance holds for a language. */
const held = (i18n: { store: { data: Record<string, object> } }, lng: string) => Object.keys(i18n.store.data[lng] ?? {}).sort();

async function boot(path: string, boot?: BootData) {
  history.replaceState(null, '', path);
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  const k = await createKernel(plugins, { api: fakeApi({}), bus: new Bus(), settings, boot });
  // As boot.tsx does: the route first, then its page and texts, then the first render.
  k.kernel.router.start();
  await preloaded(3000);
  render(
    <KernelContext.Provider value={{ kernel: k.kernel, registry: k.registry }}>
      <I18nextProvider i18n={k.kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  return k;
}

afterEach(cleanup);

describe('which texts a page needs', () => {
  it('a lander or empty page: the kernel\'s and its own (plus the footer links\' on the lander), never the navigation\'s', () => {
    expect(pageNamespaces(plugins, { plugin: 'home', layout: 'lander' })).toEqual(['kernel', 'home', 'pages']);
    expect(pageNamespaces(plugins, { plugin: 'home', layout: 'empty' })).toEqual(['kernel', 'home']);
  });

  it('a page with the navigation: also the labels of the nav items shown to this visitor or member', () => {
    expect(pageNamespaces(plugins, { plugin: 'pages', layout: 'chat' }, { loggedIn: true })).toEqual(['kernel', 'pages', 'chat']);
    expect(pageNamespaces(plugins, { plugin: 'pages', layout: 'chat' }, { loggedIn: false })).toEqual(['kernel', 'pages']);
    expect(pageNamespaces(plugins, { plugin: 'chat' }, { loggedIn: false })).toEqual(['kernel', 'chat', 'pages']);
    // Without a context (the build, not knowing the domain): every nav item.
    expect(pageNamespaces(plugins, { plugin: 'pages' })).toEqual(['kernel', 'pages', 'chat']);
    // No route (the error page in the default layout): the kernel's and the layout's.
    expect(pageNamespaces(plugins, null, { loggedIn: true })).toEqual(['kernel', 'chat', 'pages']);
  });

  it('of the plugins whose labels alone the layout shows, only those keys; a page\'s own plugin whole', () => {
    expect(pageTexts(plugins, { plugin: 'chat' }, { loggedIn: true })).toEqual({ full: ['kernel', 'chat'], labels: { pages: ['nav.terms'] } });
    expect(pageTexts(plugins, { plugin: 'pages' }, { loggedIn: true })).toEqual({ full: ['kernel', 'pages'], labels: { chat: ['nav'] } });
    expect(pageTexts(plugins, { plugin: 'signup', layout: 'empty' })).toEqual({ full: ['kernel', 'signup', 'members'], labels: {} });
    // The build writes both for every route.
    expect(routeTexts(plugins, { name: 'chats', plugin: 'chat' }).labels).toEqual({ visitor: { pages: ['nav.terms'] }, member: { pages: ['nav.terms'] } });
  });

  it('counts an item whose condition fails as shown at build time, and the account menu only for members', () => {
    const odd = testPlugin({ id: 'odd', navItems: [
      { id: 'x', slot: 'top', order: 1, labelKey: 'odd:nav', when: () => { throw new Error('needs a store'); } },
      { id: 'y', slot: 'account', order: 1, labelKey: 'account:nav.settings' },
    ] });
    expect(navNamespaces([odd], { loggedIn: false })).toEqual(['odd']);
    expect(navNamespaces([odd], { loggedIn: true })).toEqual(['odd', 'account']);
  });

  it('with the real plugins (what the build writes per route): chat\'s texts only where chat shows something', () => {
    const routes = webPlugins.flatMap((p) => (p.pages ?? []).map((r) => ({ name: r.name, plugin: p.id, layout: r.layout, area: r.area })));
    const home = routes.find((r) => r.plugin === 'home' && r.name === 'index')!;
    // The landing page: a visitor sees no chat there, so its texts stay home.
    expect(routeTexts(webPlugins, home).visitor).not.toContain('chat');
    expect(routeTexts(webPlugins, home).member).toContain('chat');
    for (const layout of ['lander', 'empty'] as const) {
      for (const r of routes.filter((x) => x.plugin !== 'chat')) {
        const t = routeTexts(webPlugins, { ...r, layout });
        expect([...t.visitor, ...t.member]).not.toContain('chat');
      }
    }
    for (const r of routes.filter((x) => x.plugin === 'chat')) expect(routeTexts(webPlugins, r).member).toContain('chat');
  });
});

describe('the kernel\'s layouts', () => {
  it('show the navigation and the footer exactly where texts.ts says (NAV_LAYOUTS, FOOTER_LAYOUTS)', async () => {
    for (const [path, layout] of [['/pages/terms', 'default'], ['/talk', 'chat'], ['/lp', 'lander'], ['/bare', 'empty']] as const) {
      const { dispose } = await boot(path);
      await screen.findByRole('heading', { level: 1 });
      expect(!!screen.queryByRole('navigation', { name: 'Main navigation' }), layout).toBe(NAV_LAYOUTS.has(layout));
      // The footer's code loads after the page's (Layouts.tsx): wait for it where it belongs.
      if (FOOTER_LAYOUTS.has(layout)) await screen.findByRole('contentinfo');
      else expect(screen.queryByRole('contentinfo'), layout).toBeNull();
      dispose();
      cleanup();
    }
  });
});

describe('texts load per namespace', () => {
  it('a lander route loads the kernel\'s and its plugin\'s texts (and the footer links\'), not chat\'s; chats loads chat\'s', async () => {
    const { kernel, dispose } = await boot('/lp');
    expect(await screen.findByRole('heading', { name: 'Lander' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Terms and conditions' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['home', 'kernel', 'pages']);

    act(() => kernel.router.go('/chats'));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['chat', 'home', 'kernel', 'pages']);
    dispose();
  });

  it('a nav item that appears on logging in brings its label\'s texts, never showing the raw key', async () => {
    const { kernel, dispose } = await boot('/pages/terms');
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['kernel', 'pages']);
    expect(screen.queryByRole('link', { name: 'Messages' })).toBeNull();

    act(() => kernel.appState.setUserId(7));
    expect(screen.queryByText('chat:nav')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['chat', 'kernel', 'pages']);
    dispose();
  });

  it('a page of a plugin that requires another brings that one\'s texts too', async () => {
    expect(ownerNamespaces(plugins, 'signup')).toEqual(['signup', 'members']);
    expect(pageNamespaces(plugins, { plugin: 'signup', layout: 'empty' })).toEqual(['kernel', 'signup', 'members']);
    const { kernel, dispose } = await boot('/join');
    expect(await screen.findByRole('heading', { name: 'Join' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['kernel', 'members', 'signup']);
    dispose();
  });

  it('an empty-layout route loads the kernel\'s and its plugin\'s texts only', async () => {
    const { kernel, dispose } = await boot('/bare');
    expect(await screen.findByRole('heading', { name: 'Bare' })).toBeTruthy();
    expect(held(kernel.i18n, 'en')).toEqual(['home', 'kernel']);
    dispose();
  });

  it('a language change loads the namespaces held so far in the new language, and only those', async () => {
    const { kernel, dispose } = await boot('/chats');
    act(() => kernel.appState.setUserId(7));
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    await act(() => kernel.setLocale('de'));
    expect(held(kernel.i18n, 'de')).toEqual(held(kernel.i18n, 'en'));
    expect(held(kernel.i18n, 'de')).not.toContain('home');
    expect(await screen.findByRole('link', { name: 'Nachrichten' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AGB' })).toBeTruthy();
    dispose();
  });

  it('does not fetch again what the boot block carries', async () => {
    // A marker proves the namespace stayed the page's, not a fresh download merged into it.
    const texts = { kernel: readTexts('en').kernel, home: { marker: 'From the page' } };
    const { kernel, dispose } = await boot('/bare', { settings, locale: 'en', texts, data: {} });
    expect(await screen.findByRole('heading', { name: 'Bare' })).toBeTruthy();
    expect(kernel.i18n.getResourceBundle('en', 'home')).toEqual({ marker: 'From the page' });
    expect(held(kernel.i18n, 'en')).toEqual(['home', 'kernel']);
    dispose();
  });
});
