import { observable, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TopNav } from './TopNav.tsx';
import { KernelContext } from '../context.ts';
import { Registry } from '../registry.ts';
import { definePlugin, type SlotContext, type WebKernel } from '../plugin.ts';
import { testPlugin } from '../testing.ts';

const page = async () => ({ default: () => null });
const state = observable({ loggedIn: true, unread: 150, credits: 0, paid: true });

// Stand-ins for the chat, likes and credits plugins, as their manifests will contribute them.
const plugins = [
  testPlugin({ id: 'chat', routes: [{ name: 'chats', page }], navItems: [{ id: 'messages', slot: 'top', order: 20, icon: 'chat', labelKey: 'Messages', route: 'chats', badge: () => state.unread, badgeTone: () => 'unread' }] }),
  testPlugin({ id: 'credits', routes: [{ name: 'credits', page }, { name: 'premium', page }], navItems: [
    { id: 'credits', slot: 'top', order: 40, labelKey: 'Credits', route: 'credits', when: () => state.paid,
      badge: () => (state.credits <= 10 ? state.credits : null), badgeAtZero: true, badgeTone: () => (state.credits <= 0 ? 'danger' : 'warning') },
    { id: 'premium', slot: 'top', order: 40, icon: 'star', labelKey: 'Get Premium', route: 'premium', when: () => !state.paid },
  ] }),
  testPlugin({ id: 'auth', navItems: [{ id: 'logout', slot: 'account', order: 100, labelKey: 'Logout', action: () => {} }] }),
  testPlugin({ id: 'profile', navItems: [
    { id: 'my-profile', slot: 'account', order: 10, labelKey: 'My profile', action: () => {} },
    { id: 'settings', slot: 'account', order: 20, labelKey: 'Settings', action: () => {} },
  ] }),
];

function renderNav() {
  const ctx = { get loggedIn() { return state.loggedIn; } } as unknown as SlotContext;
  const registry = new Registry(plugins, [], ctx);
  const kernel = {
    ctx, settings: { name: 'FlirtHaven' },
    appState: { get loggedIn() { return state.loggedIn; }, route: { name: 'chats' } },
    router: { href: (name: string) => `/${name}`, go: () => {} },
  } as unknown as WebKernel;
  return render(<KernelContext.Provider value={{ kernel, registry }}><TopNav /></KernelContext.Provider>);
}

describe('top navigation', () => {
  it('caps the unread badge at 99+ and marks the current page', () => {
    renderNav();
    const link = screen.getByRole('link', { name: 'Messages (99+)' });
    expect(within(link).getByText('99+').getAttribute('data-tone')).toBe('unread');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('shows credits with a danger badge at 0 and warning up to 10, or Get Premium for free members', () => {
    renderNav();
    expect(within(screen.getByRole('link', { name: 'Credits (0)' })).getByText('0').getAttribute('data-tone')).toBe('danger');
    act(() => runInAction(() => { state.credits = 7; }));
    expect(within(screen.getByRole('link', { name: 'Credits (7)' })).getByText('7').getAttribute('data-tone')).toBe('warning');
    act(() => runInAction(() => { state.credits = 25; }));
    expect(screen.getByRole('link', { name: 'Credits' })).toBeTruthy();
    act(() => runInAction(() => { state.paid = false; }));
    expect(screen.getByRole('link', { name: 'Get Premium' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Credits/ })).toBeNull();
  });

  it('opens the account menu with the plugins\' entries and closes it with Escape', () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'kernel:nav.account' });
    fireEvent.click(button);
    const names = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(names).toEqual(['My profile', 'Settings', 'Logout']);
    expect(document.activeElement?.textContent).toBe('My profile');
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Settings');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Logout');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('My profile');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Logout');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
