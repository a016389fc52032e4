import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import type { Payment } from '../contract.ts';
import { member, openApp, payment, plOffer, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const refundable = (over: Partial<Payment> = {}) => payment({
  status: 'paid', paid_at: '2026-11-24T09:01:00Z', refundable_credits: 100, refundable_amount: 6999, refund_until: inDays(10), ...over,
});

async function open(p: Payment, refund: () => unknown = () => ({ payment: p })) {
  const posted: unknown[] = [];
  const app = await openApp('/transactions/31', member({ credits: 120 }), {
    'GET /api/payments.php': () => ({ payment: p }),
    'GET /api/credits.php': () => plOffer(),
    'POST /api/payments-refund.php': (body) => { posted.push(body); return refund(); },
  });
  disposers.push(app.dispose);
  await screen.findByRole('heading', { name: 'Payment completed' });
  return { app, posted };
}

describe('refund of unused credits', () => {
  it('says what can be refunded until when, confirms in a dialog that keeps focus, and gives focus back on cancel', async () => {
    const { posted } = await open(refundable());
    const section = screen.getByRole('region', { name: 'Refund unused credits' });
    expect(text(section)).toMatch(/100 unused credits of this purchase can be refunded \(PLN 69\.99\) until \w+ \d+, 20\d\d/);
    const button = within(section).getByRole('button', { name: 'Refund credits' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Refund 100 credits?' });
    expect(text(dialog)).toContain('100 credits are taken off your balance and PLN 69.99 goes back to the account you paid with.');
    // Focus moves into the dialog and Tab stays inside it.
    expect(dialog.contains(document.activeElement)).toBe(true);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(cancel);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(posted).toEqual([]);
  });

  it('refunds on confirmation, shows the result, updates the payment and the balance', async () => {
    const after = refundable({ refundable_credits: 0, refundable_amount: 0, refunded_credits: 100, refunded_amount: 6999 });
    const { app, posted } = await open(refundable(), () => ({ payment: after }));
    const userCalls = () => app.api.calls.filter((c) => c === 'GET /api/user.php').length;
    await waitFor(() => expect(userCalls()).toBeGreaterThan(0));
    const before = userCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Refund credits' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Refund PLN\s69\.99$/ }));
    const done = await screen.findByText('100 credits refunded; PLN 69.99 goes back to your account within a few days.');
    expect(posted).toEqual([{ id: 31 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The button is gone: the result takes the focus (in the effect after the commit that showed it).
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'Refund credits' })).toBeNull();
    expect(screen.getByText('Refunded: 100 credits (PLN 69.99).')).toBeTruthy();
    await waitFor(() => expect(userCalls()).toBe(before + 1));
  });

  it('shows the server\'s refusal in the dialog', async () => {
    await open(refundable(), () => { throw new ApiError(409, 'refund_not_allowed', 'no'); });
    fireEvent.click(screen.getByRole('button', { name: 'Refund credits' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund PLN/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This purchase cannot be refunded (any more).');
  });

  it.each([
    ['the refund period is over', { refund_until: inDays(-1) }],
    ['every credit is spent', { refundable_credits: 0, refundable_amount: 0 }],
  ])('offers no refund when %s', async (_, over) => {
    await open(refundable(over));
    expect(screen.queryByRole('region', { name: 'Refund unused credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund credits' })).toBeNull();
  });
});
