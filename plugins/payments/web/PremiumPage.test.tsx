import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { testPlugin } from '../../../kernel/web/testing.ts';
import type { CreditPackage } from '../contract.ts';
import { member, openApp, plOffer, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

const EUR: CreditPackage[] = [{ id: 1, credits: 50, price: 999, currency: 'EUR' }, { id: 2, credits: 150, price: 2499, currency: 'EUR', popular: true }];
// Signup is another plugin: a stand-in with its route, as on a site that has it.
const signup = testPlugin({ id: 'signup', routes: [{ name: 'signup', page: async () => ({ default: () => null }) }] });

describe('premium page', () => {
  it('says what premium gives, the 46% claim, and the member\'s packages with links to checkout', async () => {
    const app = await openApp('/premium', member({ paid_user: false }), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium membership' })).toBeTruthy();
    const benefits = screen.getByRole('list', { name: 'What premium gives you' });
    expect(within(benefits).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Upload up to 25 photos', 'See all photos of every member, unblurred', 'No limit on the number of conversations',
    ]);
    expect(screen.getByText('Premium members have a 46% higher chance of a match!')).toBeTruthy();
    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    expect(within(packages).getAllByRole('link', { name: /^Choose/ }).map((a) => a.getAttribute('href'))).toEqual(['/credits/1', '/credits/2', '/credits/3', '/credits/4']);
    expect(screen.queryByText(/You are a premium member/)).toBeNull();
    // No sign-up call to action for a member; no visitors' price list asked for.
    expect(screen.queryByRole('region', { name: 'Become a premium member' })).toBeNull();
    expect(app.api.calls.some((c) => c.includes('/api/pricing.php'))).toBe(false);
    // A members-area route (time bonus and banners).
    await waitFor(() => expect(app.kernel.ctx.area).toBe('members'));
  });

  it('tells a premium member they already are one', async () => {
    const app = await openApp('/premium', member({ paid_user: true }), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect((await screen.findByRole('status')).textContent).toBe('You are a premium member. Enjoy all the benefits!');
  });

  it('shows a visitor the benefits and their country\'s prices, and asks them to sign up or log in instead of choosing', async () => {
    const asked: string[] = [];
    const app = await openApp('/premium', null, {
      'GET /api/pricing.php': (_b: unknown, q?: Record<string, unknown>) => {
        asked.push(String(q?.country));
        return { country: 'PL', currency: 'EUR', packages: EUR, message_costs: null };
      },
    }, undefined, [signup]);
    disposers.push(app.dispose);
    // Not sent to log in: the page itself.
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium membership' })).toBeTruthy();
    expect(location.pathname).toBe('/premium');
    expect(screen.getByRole('list', { name: 'What premium gives you' })).toBeTruthy();
    expect(screen.getByText('Premium members have a 46% higher chance of a match!')).toBeTruthy();
    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    expect(within(packages).getAllByRole('listitem').map((li) => text(li.querySelector('.price')!))).toEqual(['€9.99', '€24.99']);
    // The visitor's country (GeoIP), as /pricing picks it; no member offer asked for.
    expect(asked).toEqual(['PL']);
    expect(app.api.calls.some((c) => c.includes('/api/credits.php'))).toBe(false);
    expect(within(packages).queryByRole('link')).toBeNull();
    const join = screen.getByRole('region', { name: 'Become a premium member' });
    expect(within(join).getByRole('link', { name: 'Sign up to get premium' }).getAttribute('href')).toBe('/signup');
    expect(within(join).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fpremium');
  });

  it('offers a visitor only logging in where the site has no signup', async () => {
    const app = await openApp('/premium', null, { 'GET /api/pricing.php': () => ({ country: 'PL', currency: 'EUR', packages: EUR, message_costs: null }) });
    disposers.push(app.dispose);
    const join = await screen.findByRole('region', { name: 'Become a premium member' });
    expect(within(join).getAllByRole('link').map((a) => a.textContent)).toEqual(['Log in']);
  });
});
