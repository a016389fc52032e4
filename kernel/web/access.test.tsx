// Route access levels in the browser: 'visitor' (anyone; `guestsOnly` sends members on), 'member'
// (visitors go to log in) and 'operator' (visitors go to log in, other members get the 403 page).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from './kernel.ts';
import { KernelContext } from './context.ts';
import { App } from './App.tsx';
import { Bus } from './bus.ts';
import { Registry } from './registry.ts';
import { fakeApi, testPlugin } from './testing.ts';
import type { Access, SlotContext, WebPlugin } from './plugin.ts';
import type { SiteSettings } from '../contract/settings.ts';

const settings = { name: 'Site', domain_language: 'en-GB', plugins: [], countries: [] } as unknown as SiteSettings;
const pageOf = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const site = testPlugin({ id: 'site', routes: [
  { name: 'index', access: 'visitor', guestsOnly: true, page: pageOf('Landing') },
  { name: 'login', access: 'visitor', guestsOnly: true, serves: 'login', page: pageOf('Log in') },
  { name: 'members', access: 'visitor', serves: 'members-home', page: pageOf('Search') },
  { name: 'chats', access: 'member', page: pageOf('Chats') },
  { name: 'console', access: 'operator', page: pageOf('Console') },
] });

type Who = 'visitor' | 'member' | 'operator';
async function boot(path: string, who: Who) {
  history.replaceState(null, '', path);
  const { kernel, registry, dispose } = await createKernel([site], { api: fakeApi({}), bus: new Bus(), settings });
  if (who !== 'visitor') kernel.appState.setUserId(7, who === 'operator');
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  disposers.push(dispose);
  return kernel;
}
const disposers: (() => void)[] = [];
afterEach(() => {
  cleanup();
  disposers.splice(0).forEach((d) => d());
});
const shows = async (title: string) => expect(await screen.findByRole('heading', { name: title })).toBeTruthy();

describe('browser route access', () => {
  it("'visitor': anyone sees the page; `guestsOnly` sends members on (to ?redirect or the members' home)", async () => {
    await boot('/members', 'visitor');
    await shows('Search');
    cleanup();
    await boot('/members', 'member');
    await shows('Search');
    cleanup();
    await boot('/', 'visitor');
    await shows('Landing');
    cleanup();
    await boot('/', 'member');
    await shows('Search');
    expect(location.pathname).toBe('/members');
    cleanup();
    await boot('/login?redirect=%2Fchats', 'member');
    await shows('Chats');
    expect(location.pathname).toBe('/chats');
  });

  it("'member': visitors are sent to log in (and back afterwards), members see it", async () => {
    await boot('/chats?x=1', 'visitor');
    await shows('Log in');
    expect(location.pathname + location.search).toBe(`/login?redirect=${encodeURIComponent('/chats?x=1')}`);
    cleanup();
    await boot('/chats', 'member');
    await shows('Chats');
  });

  it("'operator': visitors log in, other members get the 403 page, operators see it, a role change re-decides", async () => {
    await boot('/console', 'visitor');
    await shows('Log in');
    expect(location.search).toBe(`?redirect=${encodeURIComponent('/console')}`);
    cleanup();

    const member = await boot('/console', 'member');
    await screen.findByRole('heading');
    expect(member.appState.pageError?.status).toBe(403);
    expect(screen.queryByRole('heading', { name: 'Console' })).toBeNull();
    cleanup();

    const operator = await boot('/console', 'operator');
    await shows('Console');
    expect(operator.appState.pageError).toBeNull();
    act(() => operator.appState.setUserId(7, false));
    expect(operator.appState.pageError?.status).toBe(403);
    act(() => operator.appState.setUserId(null));
    await shows('Log in');
  });

  it('refuses to register a route without a known access level', () => {
    const ctx = {} as SlotContext;
    const without = { ...site, pages: [{ name: 'members', page: pageOf('x') }] } as unknown as WebPlugin;
    expect(() => new Registry([without], [], ctx)).toThrow(/route members declares no access level/);
    const old = { ...site, pages: [{ name: 'members', access: 'any' as Access, page: pageOf('x') }] };
    expect(() => new Registry([old], [], ctx)).toThrow(/declares no access level/);
    expect(new Registry([site], [], ctx).routes.map((r) => r.access)).toEqual(['visitor', 'visitor', 'visitor', 'member', 'operator']);
  });
});
