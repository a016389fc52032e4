// Layout slots: `banner` above the navigation and `below-nav` under it, filled by plugins through
// their manifest; `area` in the slot context; alerts in the chat layout when they ask for it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { observable } from 'mobx';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { definePlugin, type Area, type SlotContext, type WebPlugin } from './plugin.ts';
import { fakeApi } from './testing.ts';
import type { SiteSettings } from '../contract/settings.ts';
import { testPlugin } from './testing.ts';

const settings = { name: 'Site', domain_language: 'en-GB', plugins: [], countries: [] } as unknown as SiteSettings;
const pageOf = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const pages = testPlugin({ id: 'pages', routes: [
  { name: 'index', page: pageOf('Home page') },
  { name: 'members', area: 'members', page: pageOf('Search') },
  { name: 'chats-id', path: '/chats/:id', area: 'members', layout: 'chat', page: pageOf('Conversation') },
  { name: 'members-id-chat', path: '/members/:id/chat', layout: 'chat', page: pageOf('Visitor chat') },
  { name: 'pricing', layout: 'lander', area: 'members', page: pageOf('Lander') },
] });

function Bonus({ ctx }: { ctx: SlotContext }) {
  return <div role="status">Bonus banner ({ctx.area})</div>;
}

async function boot(plugins: WebPlugin[], path: string) {
  history.replaceState(null, '', path);
  const { kernel, registry, dispose } = await createKernel([pages, ...plugins], { api: fakeApi({}), bus: new Bus(), settings });
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return { kernel, dispose };
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const before = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

afterEach(cleanup);

describe('layout slots', () => {
  it('shows a members-area banner above the navigation in the default and chat layouts, not on visitor routes', async () => {
    const seen: Area[] = [];
    const banner = testPlugin({ id: 'bonus', banners: [
      { id: 'bonus', slot: 'banner', order: 10, height: { phone: 80, wide: 48 }, when: (ctx) => { seen.push(ctx.area); return ctx.area === 'members'; }, component: async () => ({ default: Bonus }) },
      { id: 'strip', slot: 'below-nav', order: 10, when: (ctx) => ctx.area === 'members', component: async () => ({ default: () => <p>Under the nav</p> }) },
    ] });
    const { kernel, dispose } = await boot([banner], '/');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    // A visitor route: the slots render nothing at all (no space held).
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('[data-slot]')).toBeNull();
    expect(seen).toContain(null);

    act(() => kernel.router.go('/members'));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    const shown = await screen.findByText('Bonus banner (members)');
    expect(before(shown, nav())).toBe(true);
    expect(before(nav(), screen.getByText('Under the nav'))).toBe(true);
    expect(seen).toContain('members');

    act(() => kernel.router.go('/chats/3'));
    expect(await screen.findByRole('heading', { name: 'Conversation' })).toBeTruthy();
    expect(before(screen.getByText('Bonus banner (members)'), nav())).toBe(true);
    expect(before(nav(), screen.getByText('Under the nav'))).toBe(true);

    // Chat layout outside the members area, and a lander: no banner.
    act(() => kernel.router.go('/members/3/chat'));
    expect(await screen.findByRole('heading', { name: 'Visitor chat' })).toBeTruthy();
    expect(screen.queryByText(/Bonus banner/)).toBeNull();
    act(() => kernel.router.go('/pricing'));
    expect(await screen.findByRole('heading', { name: 'Lander' })).toBeTruthy();
    expect(document.querySelector('[data-slot]')).toBeNull();
    dispose();
  });

  it('holds a loading banner at its declared height', async () => {
    let arrive: (m: { default: typeof Bonus }) => void = () => {};
    const banner = testPlugin({ id: 'bonus', banners: [
      { id: 'bonus', slot: 'banner', order: 10, height: { phone: 80, wide: 48 }, component: () => new Promise((r) => { arrive = r; }) },
    ] });
    const { dispose } = await boot([banner], '/members');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    const held = document.querySelector<HTMLElement>('[data-slot="banner"] [aria-hidden="true"]');
    expect(held?.style.getPropertyValue('--slot-h')).toBe('80px');
    expect(held?.style.getPropertyValue('--slot-h-wide')).toBe('48px');
    await act(async () => arrive({ default: Bonus }));
    expect(await screen.findByText('Bonus banner (members)')).toBeTruthy();
    dispose();
  });

  it('keeps the page when a banner throws', async () => {
    const err = console.error;
    console.error = () => {};
    const broken = testPlugin({ id: 'broken', banners: [
      { id: 'boom', slot: 'banner', order: 1, component: async () => ({ default: () => { throw new Error('banner exploded'); } }) },
      { id: 'bad-when', slot: 'below-nav', order: 1, when: () => { throw new Error('when exploded'); }, component: async () => ({ default: () => <p>never</p> }) },
    ] });
    const { dispose } = await boot([broken], '/members');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(await screen.findByText('This part of the page could not be shown.')).toBeTruthy();
    expect(nav()).toBeTruthy();
    expect(screen.queryByText('never')).toBeNull();
    console.error = err;
    dispose();
  });

  it('shows alerts in the chat layout when they ask for it; the others stay on the default layout', async () => {
    const alerts = testPlugin({ id: 'alerts', alerts: [
      { id: 'everywhere', priority: 2, layouts: ['default', 'chat'], when: (ctx) => ctx.area === 'members', component: async () => ({ default: () => <p>Chat alert</p> }) },
      { id: 'default-only', priority: 1, when: () => true, component: async () => ({ default: () => <p>Default alert</p> }) },
    ] });
    const { kernel, dispose } = await boot([alerts], '/members');
    // One at a time: the highest priority that applies.
    expect(await screen.findByText('Chat alert')).toBeTruthy();
    expect(screen.queryByText('Default alert')).toBeNull();
    act(() => kernel.router.go('/chats/3'));
    expect(await screen.findByRole('heading', { name: 'Conversation' })).toBeTruthy();
    const alert = await screen.findByText('Chat alert');
    expect(before(nav(), alert)).toBe(true);
    expect(screen.queryByText('Default alert')).toBeNull();
    dispose();
  });

  it('shows the next alert when the first no longer applies', async () => {
    const first = observable.box(true);
    const alerts = testPlugin({ id: 'alerts', alerts: [
      { id: 'first', priority: 2, when: () => first.get(), component: async () => ({ default: () => <p>First alert</p> }) },
      { id: 'second', priority: 1, when: () => true, component: async () => ({ default: () => <p>Second alert</p> }) },
    ] });
    const { dispose } = await boot([alerts], '/members');
    expect(await screen.findByText('First alert')).toBeTruthy();
    expect(screen.queryByText('Second alert')).toBeNull();
    act(() => first.set(false));
    expect(await screen.findByText('Second alert')).toBeTruthy();
    expect(screen.queryByText('First alert')).toBeNull();
    dispose();
  });

  it('shows no alert until the plugins are set up (a page the server rendered sets up once hydrated)', async () => {
    let pushKnown = false;
    const alerts = testPlugin({ id: 'alerts', alerts: [
      { id: 'push', priority: 2, when: () => pushKnown, component: async () => ({ default: () => <p>Push alert</p> }) },
      { id: 'mails', priority: 1, when: () => true, component: async () => ({ default: () => <p>Mails alert</p> }) },
    ] });
    // Like the push plugin: its setup decides, at once, that its (higher) alert applies.
    const decides = definePlugin({ id: 'decides' }, { setup: () => { pushKnown = true; return () => {}; } });
    history.replaceState(null, '', '/members');
    const { kernel, registry, setup, dispose } = await createKernel([pages, alerts, decides], { api: fakeApi({}), bus: new Bus(), settings, deferSetup: true });
    render(
      <KernelContext.Provider value={{ kernel, registry }}>
        <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
      </KernelContext.Provider>,
    );
    act(() => kernel.router.start());
    expect(await screen.findByText('Search')).toBeTruthy();
    // The lower alert never shows first, to give way a moment later.
    expect(screen.queryByText('Mails alert')).toBeNull();
    expect(screen.queryByText('Push alert')).toBeNull();
    await act(() => setup());
    expect(await screen.findByText('Push alert')).toBeTruthy();
    expect(screen.queryByText('Mails alert')).toBeNull();
    dispose();
  });
});
