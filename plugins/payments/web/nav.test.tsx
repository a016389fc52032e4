// The payments plugin's navigation: credits with a low-balance badge for paid members, Get Premium
// for free members, and the pricing link in the footer.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { authSlice } from '../../auth/ui.ts';
import { member, openApp, PLN_PACKAGES } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

const pricing = () => ({ country: 'PL', currency: 'PLN', packages: PLN_PACKAGES, message_costs: { message: 5, photo: 10, gift: 20 } });
const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('payments navigation', () => {
  it('shows the credits badge from 10 credits down: none at 12, warning at 5, danger at 0', async () => {
    const app = await openApp('/pricing', member({ credits: 12 }), { 'GET /api/pricing.php': pricing });
    disposers.push(app.dispose);
    const auth = authSlice.of(app.kernel);
    const credits = await within(nav()).findByRole('link', { name: 'Credits' });
    expect(credits.getAttribute('href')).toBe('/credits');
    expect(credits.querySelector('[data-tone]')).toBeNull();

    act(() => auth.setUser(member({ credits: 5 })));
    const five = within(nav()).getByRole('link', { name: 'Credits (5)' });
    expect(within(five).getByText('5').getAttribute('data-tone')).toBe('warning');

    act(() => auth.setUser(member({ credits: 0 })));
    const zero = within(nav()).getByRole('link', { name: 'Credits (0)' });
    expect(within(zero).getByText('0').getAttribute('data-tone')).toBe('danger');
    expect(within(nav()).queryByRole('link', { name: 'Get Premium' })).toBeNull();
  });

  it('offers Get Premium to free members instead of the credits', async () => {
    const app = await openApp('/pricing', member({ credits: 20, paid_user: false }), { 'GET /api/pricing.php': pricing });
    disposers.push(app.dispose);
    const premium = await within(nav()).findByRole('link', { name: 'Get Premium' });
    expect(premium.getAttribute('href')).toBe('/premium');
    expect(within(nav()).queryByRole('link', { name: /^Credits/ })).toBeNull();
  });

  it('shows visitors neither, and links the pricing page in the footer', async () => {
    const app = await openApp('/pricing', null, { 'GET /api/pricing.php': pricing });
    disposers.push(app.dispose);
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    expect(within(nav()).queryByRole('link', { name: /^Credits|Get Premium/ })).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
