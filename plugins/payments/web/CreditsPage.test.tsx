import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { member, openApp, plOffer, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

describe('credits page', () => {
  it('lists the packages in PLN with their price per credit and the methods of Poland for a PL member', async () => {
    const app = await openApp('/credits', member({ credits: 12 }), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy credits' })).toBeTruthy();
    expect(screen.getByText('Your credits: 12')).toBeTruthy();

    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    const items = within(packages).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // English page, Polish money: Intl formats the minor units in the reader's locale.
    expect(text(items[0])).toContain('50 credits');
    expect(text(items[0])).toContain('PLN 42.99');
    expect(text(items[0])).toContain('PLN 0.86 per credit');
    expect(within(items[1]).getByText('Most popular')).toBeTruthy();
    expect(items[1].getAttribute('data-popular')).toBe('true');
    expect(items.filter((i) => i.getAttribute('data-popular') === 'true')).toHaveLength(1);
    const choose = within(items[1]).getByRole('link', { name: /^Choose 150 credits for PLN\s104\.99$/ });
    expect(choose.getAttribute('href')).toBe('/credits/2');

    const methods = screen.getByRole('list', { name: 'Ways to pay in your country' });
    expect(within(methods).getAllByRole('listitem').map((li) => li.textContent))
      .toEqual(['Credit card', 'Apple Pay', 'PayPal', 'paysafecard', 'Bank transfer', 'Przelewy24', 'BLIK']);
    // No last order yet: no repeat link.
    expect(screen.queryByRole('link', { name: /Repeat your last order/ })).toBeNull();
  });

  it('offers the last order again when there is one', async () => {
    const app = await openApp('/credits', member(), { 'GET /api/credits.php': () => plOffer({ last_order: { package_id: 2, method: 'blik' } }) });
    disposers.push(app.dispose);
    const link = await screen.findByRole('link', { name: 'Repeat your last order in one step' });
    expect(link.getAttribute('href')).toBe('/credits/repeat-order');
  });

  it('shows a visitor nothing of the page and asks the API nothing', async () => {
    const app = await openApp('/credits', null, {});
    disposers.push(app.dispose);
    // No login page in this app: the kernel shows the 404 page rather than the members' page.
    expect(screen.queryByRole('heading', { name: 'Buy credits' })).toBeNull();
    expect(app.api.calls).not.toContain('GET /api/credits.php');
  });

  it('speaks Polish to a Polish-speaking member, with Polish money', async () => {
    const app = await openApp('/credits', member({ language: 'pl', credits: 0 }), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kup kredyty' })).toBeTruthy();
    expect(screen.getByText('Twoje kredyty: 0')).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: 'Pakiety kredytów' })).getAllByRole('listitem');
    expect(text(items[0])).toContain('50 kredytów');
    expect(text(items[0])).toContain('42,99 zł');
    expect(text(items[1])).toContain('Najpopularniejszy');
    expect(within(screen.getByRole('list', { name: 'Metody płatności w Twoim kraju' })).getByText('Karta płatnicza')).toBeTruthy();
  });

  it('says so when payments are not available', async () => {
    const app = await openApp('/credits', member(), {
      'GET /api/credits.php': () => { throw new ApiError(503, 'payments_unavailable', 'Payments are not available right now.'); },
    });
    disposers.push(app.dispose);
    expect(await screen.findByText('Payments are not available right now. Please try again later.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Credit packages' })).toBeNull();
  });
});
