// The welcome time bonus in the real app shell: loaded for free members, the banner in the members
// area counting down, the modal after 40 s there with no credits, and its dismissal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi, testPlugin } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../../auth/contract.ts';
import authManifest from '../../auth/manifest.ts';
import paymentsManifest from '../../payments/manifest.ts';
import { member, plOffer } from '../../payments/web/testing.tsx';
import bonusesManifest from '../manifest.ts';
import type { TimeBonus } from '../contract.ts';
import { bonusSlice, MODAL_DISMISS_KEY, TIME_BONUS_MODAL_DELAY_MS } from './store.ts';

configure({ asyncUtilTimeout: 5000 });

const settings = { name: 'FlirtHaven', domain_language: 'en-GB', plugins: ['payments', 'bonuses'], countries: ['PL'] } as unknown as SiteSettings;
const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const pages = testPlugin({ id: 'pages', routes: [
  { name: 'index', page: page('Home page') },
  { name: 'members', area: 'members', access: 'member', page: page('Search') },
  { name: 'chats', area: 'members', access: 'member', page: page('Chats') },
  { name: 'settings', access: 'member', page: page('Settings') },
] });
const credits = testPlugin({ id: 'credits', requires: ['auth'] });

const bonus = (remaining = 14_399): TimeBonus => ({
  visible: true, remaining,
  code: { code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25, ends_in: remaining, minimum_order_value: null, paymentmethods: null },
});
const freshMember = (over: Partial<User> = {}) => member({ paid_user: false, credits: 0, ...over });

async function openApp(path: string, user: User | null, timeBonus: () => TimeBonus = () => bonus(), carried?: TimeBonus | null) {
  history.replaceState(null, '', path);
  const state = { user };
  const api = fakeApi({
    'GET /api/user.php': () => {
      if (!state.user) throw Object.assign(new Error('forbidden'), { status: 403 });
      return { user: state.user };
    },
    'POST /api/logout.php': () => ({}),
    'GET /api/timebonus.php': timeBonus,
    'GET /api/credits.php': () => plOffer(),
  });
  // `carried`: the page's boot block holds the member and their bonus, as the server writes it.
  const boot = carried !== undefined ? { settings, locale: 'en' as const, texts: {}, data: { user, 'time-bonus': carried } } : undefined;
  const { kernel, registry, dispose } = await createKernel([authManifest, credits, paymentsManifest, bonusesManifest, pages], { api, bus: new Bus(), settings, boot });
  await kernel.i18n.loadNamespaces(['bonuses', 'payments']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  disposers.push(dispose);
  return { kernel, api, state };
}

const disposers: (() => void)[] = [];
const banner = () => screen.queryByRole('link', { name: /welcome bonus ends in/ });
const dialog = () => screen.queryByRole('dialog', { name: '25% welcome bonus' });
const advance = async (ms: number) => { await act(async () => { vi.advanceTimersByTime(ms); }); };

beforeEach(() => {
  // The clock moves with real time too, so Testing Library's findBy… polls keep working.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-24T10:00:00Z') });
});
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('time bonus banner', () => {
  it('counts down hours:minutes:seconds every second in the members area and links to /credits', async () => {
    const { api } = await openApp('/members', freshMember());
    const link = await screen.findByRole('link', { name: /Your 25% welcome bonus ends in 03:59:5\d/ });
    expect(link.getAttribute('href')).toBe('/credits');
    expect(api.calls.filter((c) => c === 'GET /api/timebonus.php')).toHaveLength(1);
    // Above the navigation, in the banner slot.
    expect(link.closest('[data-slot="banner"]')).toBeTruthy();
    const seconds = () => Number(link.querySelector('time')!.textContent!.slice(-2));
    const before = seconds();
    await advance(3000);
    await waitFor(() => expect(before - seconds()).toBeGreaterThanOrEqual(3));
    expect(link.querySelector('time')!.textContent).toMatch(/^03:59:\d\d$/);
  });

  it('shows from the first render when the page carries it, without asking the API, and still ends at zero', async () => {
    const { kernel, api } = await openApp('/members', freshMember(), () => bonus(), bonus(5));
    // Nothing waits for an answer (the strip is in the server's HTML and the first paint).
    expect((await screen.findByRole('link', { name: /welcome bonus ends in/ })).textContent).toMatch(/00:00:0[45]/);
    expect(api.calls).not.toContain('GET /api/timebonus.php');
    await advance(5_100);
    expect(banner()).toBeNull();
    expect(bonusSlice.of(kernel).bonus).toBeNull();
  });

  it('is asked for again when another member logs in after a carried one', async () => {
    const { kernel, api, state } = await openApp('/members', freshMember(), () => bonus(), bonus());
    await act(async () => { await kernel.store.auth.logout(); });
    expect(bonusSlice.of(kernel).bonus).toBeNull();
    state.user = freshMember({ id: 77 });
    await act(async () => { await kernel.store.auth.fetchUser(); });
    await vi.waitFor(() => expect(api.calls).toContain('GET /api/timebonus.php'));
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
  });

  it('is not taken from the page for a paid member', async () => {
    const { kernel } = await openApp('/members', freshMember({ paid_user: true }), () => bonus(), bonus());
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(bonusSlice.of(kernel).bonus).toBeNull();
    expect(banner()).toBeNull();
  });

  it('shows only in the members area', async () => {
    const { kernel } = await openApp('/settings', freshMember());
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await vi.waitFor(() => expect(bonusSlice.of(kernel).visible).toBe(true));
    expect(banner()).toBeNull();
    act(() => kernel.router.go('/chats'));
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    act(() => kernel.router.go('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(banner()).toBeNull();
  });

  it('hides and clears the bonus at zero', async () => {
    const { kernel } = await openApp('/members', freshMember(), () => bonus(3));
    const link = await screen.findByRole('link', { name: /welcome bonus ends in 00:00:0\d/ });
    expect(link).toBeTruthy();
    await advance(3_100);
    expect(banner()).toBeNull();
    expect(bonusSlice.of(kernel).bonus).toBeNull();
  });

  it('is not asked for by visitors or paid members, and is cleared on logout and when the member pays', async () => {
    const visitor = await openApp('/', null);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(visitor.api.calls).not.toContain('GET /api/timebonus.php');
    disposers.splice(0).forEach((d) => d());
    cleanup();

    const paid = await openApp('/members', freshMember({ paid_user: true }));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(paid.api.calls).not.toContain('GET /api/timebonus.php');
    disposers.splice(0).forEach((d) => d());
    cleanup();

    const { kernel, state } = await openApp('/members', freshMember());
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    // Bought credits: the refreshed user is paid now.
    state.user = freshMember({ paid_user: true, credits: 150 });
    await act(async () => { await kernel.store.auth.fetchUser(); });
    expect(banner()).toBeNull();
    expect(bonusSlice.of(kernel).bonus).toBeNull();
  });

  it('is cleared on logout', async () => {
    const { kernel } = await openApp('/members', freshMember());
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    await act(async () => { await kernel.store.auth.logout(); });
    expect(bonusSlice.of(kernel).bonus).toBeNull();
    expect(banner()).toBeNull();
  });
});

describe('time bonus modal', () => {
  it('opens after 40 s in the members area with no credits', async () => {
    await openApp('/members', freshMember());
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    await advance(TIME_BONUS_MODAL_DELAY_MS - 1_000);
    expect(dialog()).toBeNull();
    await advance(1_000);
    const modal = await screen.findByRole('dialog', { name: '25% welcome bonus' });
    expect(within(modal).getByText('Special offer')).toBeTruthy();
    expect(within(modal).getByText(/Unlock your bonus/)).toBeTruthy();
    expect(within(modal).getByText('Act fast: this offer is only valid for 4 hours after you sign up.')).toBeTruthy();
    expect(within(modal).getByText('You receive the bonus instantly.')).toBeTruthy();
    const go = within(modal).getByRole('link', { name: /Get my bonus 03:59:\d\d left/ });
    expect(go.getAttribute('href')).toBe('/credits');
    expect(within(modal).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('is not opened with credits, and leaving the members area cancels the timer', async () => {
    await openApp('/members', freshMember({ credits: 5 }));
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    await advance(TIME_BONUS_MODAL_DELAY_MS + 5_000);
    expect(dialog()).toBeNull();
    disposers.splice(0).forEach((d) => d());
    cleanup();

    const { kernel } = await openApp('/members', freshMember());
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    await advance(30_000);
    act(() => kernel.router.go('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await advance(30_000);
    expect(dialog()).toBeNull();
    // Back in the area the 40 s start again.
    act(() => kernel.router.go('/members'));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
    await advance(TIME_BONUS_MODAL_DELAY_MS - 1_000);
    expect(dialog()).toBeNull();
    await advance(1_000);
    expect(await screen.findByRole('dialog', { name: '25% welcome bonus' })).toBeTruthy();
  });

  // Last in this file: the kernel's dismissals remember a closed modal for the rest of the page.
  it('stays closed once closed, after a reload too (a timestamp in local storage)', async () => {
    await openApp('/members', freshMember());
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    const modal = await screen.findByRole('dialog', { name: '25% welcome bonus' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(Number(localStorage.getItem(`dismissed:${MODAL_DISMISS_KEY}`))).toBe(Date.now());
    const stored = localStorage.getItem(`dismissed:${MODAL_DISMISS_KEY}`);
    disposers.splice(0).forEach((d) => d());
    cleanup();

    // "Reload": a new app on the same storage.
    localStorage.setItem(`dismissed:${MODAL_DISMISS_KEY}`, stored!);
    await openApp('/members', freshMember());
    expect(await screen.findByRole('link', { name: /welcome bonus ends in/ })).toBeTruthy();
    await advance(TIME_BONUS_MODAL_DELAY_MS * 3);
    expect(dialog()).toBeNull();
  });
});
