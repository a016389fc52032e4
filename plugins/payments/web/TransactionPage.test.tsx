import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import type { Payment } from '../contract.ts';
import { member, openApp, payment, plOffer, text } from './testing.tsx';
import TransactionPage, { POLL_MS } from './TransactionPage.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.useRealTimers(); });

/** The API's view of payment 31, changed by the test as the provider would. */
function paymentsApi(initial: Payment) {
  const state = { payment: initial };
  return {
    state,
    routes: {
      'GET /api/payments.php': (_b: unknown, q?: Record<string, unknown>) => {
        if (Number(q?.id) !== state.payment.id) throw new ApiError(404, 'payment_not_found', 'No such payment.');
        return { payment: state.payment };
      },
      'GET /api/credits.php': () => plOffer(),
    },
  };
}

describe('transaction page', () => {
  it('shows "Processing your payment" and moves to completed on the realtime event, refreshing the balance', async () => {
    const api = paymentsApi(payment({ status: 'open' }));
    const app = await openApp('/transactions/31', member({ credits: 3 }), api.routes);
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { name: 'Processing your payment' })).toBeTruthy();
    const userCalls = app.api.calls.filter((c) => c === 'GET /api/user.php').length;

    // Another payment's event changes nothing.
    act(() => app.bus.emit('realtime:event', { type: 'payments:status', payment: payment({ id: 99, status: 'paid' }) }));
    expect(screen.getByRole('heading', { name: 'Processing your payment' })).toBeTruthy();

    app.state.user = member({ credits: 153 });
    act(() => app.bus.emit('realtime:event', { type: 'payments:status', payment: payment({ status: 'paid', paid_at: '2026-11-24T09:01:00Z' }) }));
    expect(await screen.findByRole('heading', { name: 'Payment completed' })).toBeTruthy();
    expect(screen.getByText('150 credits have been added to your account. Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy more credits' }).getAttribute('href')).toBe('/credits');
    // The member's balance is fetched again (the navigation shows it).
    await vi.waitFor(() => expect(app.api.calls.filter((c) => c === 'GET /api/user.php').length).toBe(userCalls + 1));
  });

  it('polls every 3 seconds while the payment is pending, as a fallback for the socket', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = paymentsApi(payment({ status: 'pending' }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { name: 'Processing your payment' })).toBeTruthy();
    // The poll starts in an effect after the heading's commit: flush it before the clock moves (on a
    // busy machine the heading was found first and the first tick found no interval to fire).
    await act(async () => {});
    const polls = () => app.api.calls.filter((c) => c === 'GET /api/payments.php').length;
    const before = polls();
    await act(async () => { vi.advanceTimersByTime(POLL_MS); });
    expect(polls()).toBe(before + 1);

    api.state.payment = payment({ status: 'paid' });
    await act(async () => { vi.advanceTimersByTime(POLL_MS); });
    expect(await screen.findByRole('heading', { name: 'Payment completed' })).toBeTruthy();
    // Final: no more polling (the interval is cleared in the same effects, flushed first).
    await act(async () => {});
    const after = polls();
    await act(async () => { vi.advanceTimersByTime(POLL_MS * 3); });
    expect(polls()).toBe(after);
  });

  it('shows an accepted direct debit (pending at the bank, credited already) as accepted, not processing, and refreshes the balance', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = paymentsApi(payment({ status: 'pending', method: 'directdebit', currency: 'EUR', amount: 2499, account_hint: '4300' }));
    const app = await openApp('/transactions/31', member({ credits: 10 }), api.routes);
    disposers.push(app.dispose);
    const userCalls = app.api.calls.filter((c) => c === 'GET /api/user.php').length;
    expect(await screen.findByRole('heading', { name: 'Direct debit accepted' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Processing your payment' })).toBeNull();
    expect(screen.getByText('150 credits have been added to your account. Thank you!')).toBeTruthy();
    expect(screen.getByText(/^€24\.99 will be collected once by SEPA direct debit from your account ending in 4300/)).toBeTruthy();
    await vi.waitFor(() => expect(app.api.calls.filter((c) => c === 'GET /api/user.php').length).toBe(userCalls + 1));
    // Still asked about until the bank has collected.
    api.state.payment = payment({ status: 'paid', method: 'directdebit', currency: 'EUR', amount: 2499, account_hint: '4300' });
    await act(async () => { vi.advanceTimersByTime(POLL_MS); });
    expect(await screen.findByRole('heading', { name: 'Payment completed' })).toBeTruthy();
  });

  it('shows the failure message with the other methods for the same package', async () => {
    const api = paymentsApi(payment({ status: 'open', method: 'blik' }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    await screen.findByRole('heading', { name: 'Processing your payment' });
    act(() => app.bus.emit('realtime:event', { type: 'payments:status', payment: payment({ status: 'canceled', method: 'blik' }) }));
    expect((await screen.findByRole('alert')).textContent)
      .toBe('Payment failed or has been cancelled. No money has been taken; please try again or choose another payment method.');
    const others = await screen.findByRole('list', { name: 'Try another payment method' });
    const links = within(others).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Credit card', 'Apple Pay', 'PayPal', 'paysafecard', 'Bank transfer', 'Przelewy24']);
    expect(links[0].getAttribute('href')).toBe('/credits/2/creditcard');
    expect(screen.getByRole('link', { name: 'Try the same method again' }).getAttribute('href')).toBe('/credits/2/blik');
  });

  it.each(['failed', 'expired'] as const)('treats %s like a cancelled payment', async (status) => {
    const api = paymentsApi(payment({ status }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^Payment failed or has been cancelled/);
  });

  it('leaves out methods that cannot take the package', async () => {
    const api = paymentsApi(payment({ status: 'failed', package_id: 3, credits: 400, amount: 24999, method: 'creditcard' }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    const others = await screen.findByRole('list', { name: 'Try another payment method' });
    // paysafecard takes packages up to PLN 210.00 only.
    expect(within(others).getAllByRole('link').map((a) => a.textContent)).toEqual(['Apple Pay', 'PayPal', 'Bank transfer', 'Przelewy24', 'BLIK']);
  });

  it('says a payment that is not the member\'s was not found', async () => {
    const api = paymentsApi(payment());
    const app = await openApp('/transactions/32', member(), api.routes);
    disposers.push(app.dispose);
    expect(await screen.findByText('This payment was not found.')).toBeTruthy();
  });

  it('lists the member\'s payments without an id', async () => {
    const app = await openApp('/transactions', member(), {
      'GET /api/payments.php': (_b: unknown, q?: Record<string, unknown>) => {
        if (q?.id) throw new Error('no id expected');
        return { payments: [payment({ id: 32, status: 'paid', amount: 10899, method: 'paysafecard' }), payment({ id: 31, status: 'canceled' })] };
      },
    }, { component: TransactionPage, params: {} });
    disposers.push(app.dispose);
    const table = await screen.findByRole('table', { name: 'Your payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(text(rows[0])).toContain('PLN 108.99');
    expect(text(rows[0])).toContain('paysafecard');
    expect(text(rows[0])).toContain('Paid');
    expect(text(rows[1])).toContain('Cancelled');
    expect(within(rows[0]).getAllByRole('link')[0].getAttribute('href')).toBe('/transactions/32');
    // A paid payment has a receipt, which its link opens on the payment's page.
    const receipt = within(rows[0]).getByRole('link', { name: /^Receipt for the payment of / });
    expect(receipt.textContent).toBe('Receipt');
    expect(receipt.getAttribute('href')).toBe('/transactions/32?receipt=1');
    expect(within(rows[1]).queryByRole('link', { name: /^Receipt/ })).toBeNull();
  });

  it('shows what was refunded of a payment in the history', async () => {
    const app = await openApp('/transactions', member(), {
      'GET /api/payments.php': () => ({ payments: [payment({ id: 32, status: 'paid', refunded_credits: 100, refunded_amount: 6999 })] }),
    }, { component: TransactionPage, params: {} });
    disposers.push(app.dispose);
    const table = await screen.findByRole('table', { name: 'Your payments' });
    expect(text(within(table).getAllByRole('row')[1])).toContain('PLN 69.99 refunded');
  });

  it('says a failed stored-card payment of a repeat order failed, and offers card entry or PayPal for the same package', async () => {
    const api = paymentsApi(payment({ status: 'failed', method: 'creditcard', repeat: true }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent)
      .toBe('Stored-card payment failed. No money has been taken: retry by entering your card details, or pay with PayPal.');
    expect(screen.queryByText(/^Payment failed or has been cancelled/)).toBeNull();
    // Card entry is an ordinary card checkout (not a repeat), for the same package.
    expect(screen.getByRole('link', { name: 'Pay by card (enter card details)' }).getAttribute('href')).toBe('/credits/2/creditcard');
    expect(screen.getByRole('link', { name: 'Pay with PayPal' }).getAttribute('href')).toBe('/credits/2/paypal');
  });

  it('keeps the general failure text for a card payment that was not a repeat order', async () => {
    const api = paymentsApi(payment({ status: 'failed', method: 'creditcard', repeat: false }));
    const app = await openApp('/transactions/31', member(), api.routes);
    disposers.push(app.dispose);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Payment failed or has been cancelled/);
    expect(screen.queryByText(/^Stored-card payment failed/)).toBeNull();
  });
});
