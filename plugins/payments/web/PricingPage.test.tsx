import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreditPackage } from '../contract.ts';
import { member, openApp, PLN_PACKAGES, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

const EUR: CreditPackage[] = [{ id: 1, credits: 50, price: 999, currency: 'EUR' }, { id: 4, credits: 1000, price: 12999, currency: 'EUR' }];
const answers = (asked: string[]) => ({
  'GET /api/pricing.php': (_b: unknown, q?: Record<string, unknown>) => {
    asked.push(String(q?.country));
    return q?.country === 'DE'
      ? { country: 'DE', currency: 'EUR', packages: EUR, message_costs: { message: 5, photo: 10, gift: 20 } }
      : { country: 'PL', currency: 'PLN', packages: PLN_PACKAGES, message_costs: { message: 5, photo: 10, gift: 20 } };
  },
});

describe('pricing page', () => {
  it('shows a visitor what things cost in credits and money for their country, the packages and the refund rule', async () => {
    const asked: string[] = [];
    const app = await openApp('/pricing', null, answers(asked));
    disposers.push(app.dispose);
    const costs = await screen.findByRole('table', { name: 'What things cost' });
    // 5 credits at the lowest price per credit (1000 for PLN 549.99): PLN 2.75.
    expect(text(within(costs).getByRole('row', { name: /A message/ }))).toContain('5 credits (from PLN 2.75)');
    expect(text(within(costs).getByRole('row', { name: /A gift/ }))).toContain('20 credits (from PLN 11.00)');
    expect(asked).toEqual(['PL']);
    const packages = screen.getByRole('list', { name: 'Credit packages' });
    expect(within(packages).getAllByRole('listitem')).toHaveLength(4);
    // A visitor cannot buy: no checkout links.
    expect(within(packages).queryByRole('link')).toBeNull();
    expect(screen.getByText('Unused credits can be refunded within 14 days of purchase.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Prices for'), { target: { value: 'DE' } });
    await waitFor(() => expect(text(screen.getByRole('row', { name: /A message/ }))).toContain('€0.65'));
    expect(asked).toEqual(['PL', 'DE']);
  });

  it('uses a member\'s profile country and links the packages to checkout', async () => {
    const asked: string[] = [];
    const app = await openApp('/pricing', member({ profile: { name: 'Jan', country: 'DE', status: 'active', main_image: null } }), answers(asked));
    disposers.push(app.dispose);
    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    expect(asked).toEqual(['DE']);
    expect(within(packages).getAllByRole('link', { name: /^Choose/ })[0].getAttribute('href')).toBe('/credits/1');
  });
});
