import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { redirect } from './api.ts';
import { member, openApp, payment, plOffer } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.restoreAllMocks(); });

describe('repeat order', () => {
  it('buys the last order again with one click', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    const posted: unknown[] = [];
    const app = await openApp('/credits/repeat-order', member(), {
      'GET /api/credits.php': () => plOffer({ last_order: { package_id: 2, method: 'blik' } }),
      'POST /api/payments.php': (body) => { posted.push(body); return { payment: payment(), redirect_url: '/transactions/31' }; },
    });
    disposers.push(app.dispose);
    const radio = await screen.findByRole('radio', { name: 'BLIK' }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Pay PLN\s104\.99 with BLIK$/ }));
    await waitFor(() => expect(to).toHaveBeenCalledWith('/transactions/31'));
    // Marked as a repeat order (a card payment there uses the stored card).
    expect(posted).toEqual([{ package_id: 2, method: 'blik', repeat: true, shown_amount: 10499 }]);
  });

  it('goes back to /credits without a last order', async () => {
    const app = await openApp('/credits/repeat-order', member(), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy credits' })).toBeTruthy();
    expect(location.pathname).toBe('/credits');
  });
});
