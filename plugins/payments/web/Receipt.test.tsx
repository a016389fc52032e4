import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import type { Payment, Receipt } from '../contract.ts';
import { printer } from './Receipt.tsx';
import { member, openApp, payment, plOffer, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.restoreAllMocks(); });

const paid = (over: Partial<Payment> = {}) => payment({
  status: 'paid', paid_at: '2026-11-24T09:01:00Z', method: 'paysafecard', fee: 400, discount: 1000, amount: 9899, ...over,
});
const receiptOf = (p: Payment, over: Partial<Receipt> = {}): Receipt => ({
  number: '2026-000031', payment: p, site_name: 'FlirtHaven', customer: 'piotr@example.com',
  company: { name: 'Flirt Media B.V.', address: 'Keizersgracht 1', city: '1015 CJ Amsterdam', country: 'NL', kvk: '12345678', vat_numbers: ['NL123456789B01', 'PL1234567890'] },
  ...over,
});

async function open(p: Payment, receipt: () => unknown, path = '/transactions/31') {
  const asked: unknown[] = [];
  const app = await openApp(path, member(), {
    'GET /api/payments.php': () => ({ payment: p }),
    'GET /api/credits.php': () => plOffer(),
    'GET /api/payments-receipt.php': (_b, q) => { asked.push(q); return receipt(); },
  });
  disposers.push(app.dispose);
  return { app, asked };
}

describe('receipt', () => {
  it('loads on request and shows seller, number, date, customer, the lines and the total; Print prints', async () => {
    const print = vi.spyOn(printer, 'print').mockImplementation(() => {});
    const p = paid();
    const { asked } = await open(p, () => receiptOf(p));
    const show = await screen.findByRole('button', { name: 'Show receipt' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(asked).toEqual([]);
    fireEvent.click(show);
    const sheet = await screen.findByRole('article', { name: 'Receipt 2026-000031' });
    // As it travels in the query string.
    expect(asked).toEqual([{ id: '31' }]);
    expect(screen.getByRole('button', { name: 'Hide receipt' }).getAttribute('aria-expanded')).toBe('true');

    const seller = within(sheet).getByRole('group', { name: 'Seller' });
    for (const line of ['Flirt Media B.V.', 'Keizersgracht 1', '1015 CJ Amsterdam', 'Netherlands', 'Chamber of Commerce (KvK) no. 12345678', 'VAT no. NL123456789B01', 'VAT no. PL1234567890']) {
      expect(text(seller)).toContain(line);
    }
    const details = text(sheet);
    expect(details).toContain('Receipt number2026-000031');
    expect(details).toContain('DateNovember 24, 2026');
    expect(details).toContain('Customerpiotr@example.com');
    expect(details).toContain('Payment methodpaysafecard');

    const rows = within(within(sheet).getByRole('table', { name: 'What you bought' })).getAllByRole('row').map(text);
    // The package's own price, the fee, the discount, and what was charged.
    expect(rows).toEqual(['DescriptionAmount', '150 creditsPLN 104.99', 'Transaction feePLN 4.00', 'Discount-PLN 10.00', 'Total paidPLN 98.99']);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('leaves out fee and discount lines when they are zero, names the site without a company, and shows refunds', async () => {
    const p = paid({ method: 'directdebit', fee: 0, discount: 0, amount: 10499, currency: 'PLN', account_hint: '3000', status: 'refunded', refunded_credits: 150, refunded_amount: 10499 });
    await open(p, () => receiptOf(p, { company: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show receipt' }));
    const sheet = await screen.findByRole('article', { name: 'Receipt 2026-000031' });
    expect(text(within(sheet).getByRole('group', { name: 'Seller' }))).toBe('FlirtHaven');
    expect(text(sheet)).toContain('Payment methodSEPA direct debit (…3000)');
    const rows = within(sheet).getAllByRole('row').map(text);
    expect(rows).toEqual(['DescriptionAmount', '150 creditsPLN 104.99', 'Total paidPLN 104.99', 'Refunded-PLN 104.99']);
  });

  it('opens at once from the history\'s link', async () => {
    const p = paid();
    await open(p, () => receiptOf(p), '/transactions/31?receipt=1');
    expect(await screen.findByRole('article', { name: 'Receipt 2026-000031' })).toBeTruthy();
  });

  it('says so when there is no receipt', async () => {
    const p = paid();
    await open(p, () => { throw new ApiError(404, 'receipt_not_found', 'none'); });
    fireEvent.click(await screen.findByRole('button', { name: 'Show receipt' }));
    expect(await screen.findByText('There is no receipt for this payment.')).toBeTruthy();
  });

  it('has no receipt for an open payment', async () => {
    await open(payment({ status: 'open' }), () => { throw new Error('not expected'); });
    await screen.findByRole('heading', { name: 'Processing your payment' });
    expect(screen.queryByRole('button', { name: 'Show receipt' })).toBeNull();
  });
});
