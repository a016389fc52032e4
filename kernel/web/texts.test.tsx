// Texts load with their plugin: a page gets the kernel's texts, its owner's and those of the labels
// its layout shows (nav items, footer links); everything else arrives with its lazy chunk.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { webPlugins } from '../../plugins/index.ts';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { preloaded } from './lazy.ts';
import { fakeApi, testPlugin } from './testing.ts';
import { navNamespaces, pageNamespaces } from './texts.ts';
import { readTexts } from '../server/text-files.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { BootData } from '../contract/boot.ts';

const settings = { name: 'Site', domain_language: 'en-GB', plugins: [], countries: [] } as unknown as SiteSettings;
const pageOf = (title: string) => async () => ({ default: () => <h1>{title}</h1> });

// Real plugin ids, so their real text files load; the parts are the tests' own.
const home = testPlugin({ id: 'home', routes: [
  { name: 'lp', layout: 'lander', page: pageOf('Lander') },
  { name: 'bare', layout: 'empty', page: pageOf('Bare') },
] });
const chat = testPlugin({
  id: 'chat',
  routes: [{ name: 'chats', page: pageOf('Chats') }],
  navItems: [{ id: 'messages', slot: 'top', order: 20, labelKey: 'chat:nav', route: 'chats' }],
});
const pages = testPlugin({
  id: 'pages',
  routes: [{ name: 'pages-terms', path: '/pages/terms', page: pageOf('Terms') }],
  footerLinks: [{ id: 'terms', order: 10, labelKey: 'pages:nav.terms', route: 'pages-terms' }],
});
const plugins = [home, chat, pages];

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

  it('a page with the navigation: also the nav items\' plugins', () => {
    expect(pageNamespaces(plugins, { plugin: 'pages', layout: 'chat' })).toEqual(['kernel', 'pages', 'chat']);
    expect(pageNamespaces(plugins, { plugin: 'chat' })).toEqual(['kernel', 'chat', 'pages']);
    // No route (the error page in the default layout): the kernel's and the layout's.
    expect(pageNamespaces(plugins, null)).toEqual(['kernel', 'chat', 'pages']);
  });

  it('with the real plugins: chat\'s texts only where chat shows something in the main bundle', () => {
    expect(navNamespaces(webPlugins)).toContain('chat');
    for (const layout of ['lander', 'empty']) {
      for (const p of webPlugins.filter((x) => x.id !== 'chat')) expect(pageNamespaces(webPlugins, { plugin: p.id, layout })).not.toContain('chat');
    }
    for (const r of (webPlugins.find((p) => p.id === 'chat')?.pages ?? [])) {
      expect(pageNamespaces(webPlugins, { plugin: 'chat', layout: r.layout })).toContain('chat');
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
    // The nav label is there with the page: never its raw key.
    expect(screen.getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByText('chat:nav')).toBeNull();
    expect(held(kernel.i18n, 'en')).toEqual(['chat', 'home', 'kernel', 'pages']);
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
