import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsolePayment, ConsolePaymentDetail, PaymentSettings, RevenueRow } from '../../contract.ts';
import { renderSection, text } from './testing.tsx';
import PaymentsSection from './PaymentsSection.tsx';
import PackagesSection, { packagesOf } from './PackagesSection.tsx';
import RevenueSection, { chartSeries } from './RevenueSection.tsx';
import { fromMinor, toMinor } from './format.ts';

// The chart itself (uPlot on a canvas) is not drawn here: what it is given is.
const chartProps = vi.hoisted(() => ({ last: null as null | { series: { label: string; values: (number | null)[] }[]; title: string } }));
vi.mock('./RevenueChart.tsx', () => ({
  default: (p: { series: { label: string; values: (number | null)[] }[]; title: string }) => {
    chartProps.last = p;
    return <div role="img" aria-label={p.title} />;
  },
}));

afterEach(() => { vi.restoreAllMocks(); });

const payment = (over: Partial<ConsolePayment> = {}): ConsolePayment => ({
  id: 5, user_id: 42, email: 'anna@example.com', domain: 'localhost', package_id: 2, credits: 150, amount: 2499, fee: 0, discount: 0,
  currency: 'EUR', method: 'ideal', country: 'NL', status: 'paid', provider: 'test', provider_id: 'tp_1',
  created_at: '2026-11-20T10:00:00.000Z', paid_at: '2026-11-20T10:01:00.000Z', updated_at: '2026-11-20T10:01:00.000Z',
  credited: true, refunded_credits: 0, refunded_amount: 0, reversed_credits: 0, repeat: false, ...over,
});
const detailOf = (over: Partial<ConsolePaymentDetail> = {}): ConsolePaymentDetail => ({
  payment: payment(),
  events: [
    { id: 1, status: 'open', source: 'create', note: null, at: '2026-11-20T10:00:00.000Z' },
    { id: 2, status: 'paid', source: 'webhook', note: null, at: '2026-11-20T10:01:00.000Z' },
  ],
  refunds: [],
  ledger: [{ id: 9, user_id: 42, amount: 150, balance_after: 150, reason: 'payment', reference: 'payment:5', created_at: '2026-11-20T10:01:00.000Z' }],
  refund: { refund_days: 14, refund_until: '2026-12-04T10:01:00.000Z', within_refund_days: true, refundable_credits: 100, refundable_amount: 1666, refundable_in_window: true },
  ...over,
});

describe('money helpers', () => {
  it('reads amounts exactly, never through a float', () => {
    expect(toMinor('19.99')).toBe(1999);
    expect(toMinor('19,9')).toBe(1990);
    expect(toMinor('0.29')).toBe(29);
    expect(toMinor('1.999')).toBeNull();
    expect(toMinor('abc')).toBeNull();
    expect(fromMinor(1999)).toBe('19.99');
    expect(fromMinor(5)).toBe('0.05');
  });
});

describe('payments section: the list', () => {
  it('lists payments and searches by member, status and date; a payment opens', async () => {
    const list = vi.fn((_b?: unknown, q?: Record<string, unknown>) => ({ payments: [payment()], total: 1, page: Number(q?.page ?? 1), per_page: 50 }));
    const { navigate } = await renderSection(<PaymentsSection path={[]} />, { 'GET /api/operator/payments/list': list });
    const table = await screen.findByRole('table', { name: /Payments found: 1/ });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(text(cells)).toContain('anna@example.com (42)');
    expect(text(cells)).toContain('€24.99');
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(list.mock.calls[1]![1]).toEqual({ page: '1', q: 'anna@example.com', status: 'refunded', from: '2026-11-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Open payment 5' }));
    expect(navigate).toHaveBeenCalledWith('/operator/payments/5');
  });

  it('opens filtered by the member a link names (?q=42, from the member\'s page)', async () => {
    history.replaceState(null, '', '/operator/payments?q=42');
    try {
      const list = vi.fn((_b?: unknown, q?: Record<string, unknown>) => ({ payments: [payment()], total: 1, page: Number(q?.page ?? 1), per_page: 50 }));
      await renderSection(<PaymentsSection path={[]} />, { 'GET /api/operator/payments/list': list });
      await screen.findByRole('table', { name: /Payments found: 1/ });
      expect(list.mock.calls[0]![1]).toEqual({ page: '1', q: '42' });
      expect(screen.getByLabelText('Member')).toHaveProperty('value', '42');
    } finally {
      history.replaceState(null, '', '/');
    }
  });
});

describe('payments section: one payment', () => {
  it('shows the provider history and the ledger entries', async () => {
    await renderSection(<PaymentsSection path={['5']} />, { 'GET /api/operator/payments/payment': () => detailOf() });
    const events = await screen.findByRole('table', { name: 'Provider history' });
    expect(within(events).getAllByRole('row')).toHaveLength(3);
    const ledger = screen.getByRole('table', { name: 'Ledger entries of this payment' });
    expect(text(ledger)).toContain('payment:5');
  });

  it('refunds once however often the button is pressed, and shows the result', async () => {
    let release!: () => void;
    const refund = vi.fn(async () => {
      await new Promise<void>((r) => { release = r; });
      return { detail: detailOf({ payment: payment({ refunded_credits: 100, refunded_amount: 1666 }), refund: { ...detailOf().refund, refundable_credits: 0, refundable_amount: 0 } }), already: false };
    });
    await renderSection(<PaymentsSection path={['5']} />, {
      'GET /api/operator/payments/payment': () => detailOf(),
      'POST /api/operator/payments/refund': refund,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment 5' });
    expect(text(dialog)).toContain('100 unused credits');
    expect(text(dialog)).toContain('€16.66');
    const confirm = within(dialog).getByRole('button', { name: 'Refund €16.66' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    await act(async () => { release(); });
    expect((await screen.findByRole('status')).textContent).toContain('Refunded: €16.66.');
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]).toEqual([{ id: 5 }, undefined]);
  });

  it('after refund_days asks for a reason before sending, then sends it', async () => {
    const late = detailOf({ refund: { ...detailOf().refund, within_refund_days: false, refundable_in_window: false } });
    const refund = vi.fn(() => ({ detail: late, already: false }));
    await renderSection(<PaymentsSection path={['5']} />, {
      'GET /api/operator/payments/payment': () => late,
      'POST /api/operator/payments/refund': refund,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog');
    expect(text(dialog)).toContain('refund period of 14 days is over');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    expect(await within(dialog).findByText(/state the reason/)).toBeTruthy();
    expect(refund).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (required)'), { target: { value: 'Charged twice by the bank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    await waitFor(() => expect(refund).toHaveBeenCalledWith({ id: 5, reason: 'Charged twice by the bank' }, undefined));
  });

  it('records a chargeback with its reason; the server\'s refusal is shown', async () => {
    const chargeback = vi.fn(() => { throw new ApiError(400, 'chargeback_not_allowed', 'A open payment cannot be charged back.'); });
    await renderSection(<PaymentsSection path={['5']} />, {
      'GET /api/operator/payments/payment': () => detailOf(),
      'POST /api/operator/payments/chargeback': chargeback,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record chargeback…' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Bank notice 123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record chargeback' }));
    expect(await within(dialog).findByText('A open payment cannot be charged back.')).toBeTruthy();
    expect(chargeback).toHaveBeenCalledWith({ id: 5, reason: 'Bank notice 123' }, undefined);
  });
});

describe('packages section', () => {
  const settings = (): PaymentSettings => ({
    domains: ['default', 'localhost', 'nl.localhost'], domain: 'localhost', inherited: ['credit_packages'],
    credit_packages: { EUR: [{ id: 1, credits: 50, price: 999 }, { id: 2, credits: 150, price: 2499, popular: true }] },
    payment_methods: { '*': ['creditcard'], NL: ['ideal'] },
    country_currency: { NL: 'EUR', GB: 'GBP' },
  });

  it('changes a price exactly and saves it for the domain; a refusal names the field', async () => {
    const save = vi.fn((body?: unknown) => ({ ...settings(), credit_packages: (body as { credit_packages: unknown }).credit_packages, inherited: [] }));
    await renderSection(<PackagesSection />, { 'GET /api/operator/payments/settings': settings, 'PUT /api/operator/payments/settings': save });
    const price = await screen.findByLabelText('EUR package 2: price');
    expect((price as HTMLInputElement).value).toBe('24.99');
    fireEvent.change(price, { target: { value: '19.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save packages' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      domain: 'localhost',
      credit_packages: { EUR: [{ id: 1, credits: 50, price: 999 }, { id: 2, credits: 150, price: 1999, popular: true }] },
    });
    expect((await screen.findByRole('status')).textContent).toMatch(/Packages saved for localhost/);

    save.mockImplementationOnce(() => { throw new ApiError(400, 'invalid_setting', 'credit_packages/EUR/0/credits must be >= 1'); });
    fireEvent.click(screen.getByRole('button', { name: 'Save packages' }));
    expect((await screen.findByRole('alert')).textContent).toContain('credit_packages/EUR/0/credits');
  });

  it('refuses a price that is no amount before asking the server', async () => {
    const save = vi.fn();
    await renderSection(<PackagesSection />, { 'GET /api/operator/payments/settings': settings, 'PUT /api/operator/payments/settings': save });
    fireEvent.change(await screen.findByLabelText('EUR package 1: price'), { target: { value: '9.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save packages' }));
    expect((await screen.findByRole('alert')).textContent).toContain('EUR package 1');
    expect(save).not.toHaveBeenCalled();
    expect(packagesOf({ EUR: [{ id: '1', credits: '0', price: '1', popular: false }] }, (k) => k)).toEqual({ error: 'packages.badCredits' });
  });

  it('switches a method for a country and saves the methods', async () => {
    const save = vi.fn((body?: unknown) => ({ ...settings(), payment_methods: (body as { payment_methods: unknown }).payment_methods }));
    await renderSection(<PackagesSection />, { 'GET /api/operator/payments/settings': settings, 'PUT /api/operator/payments/settings': save });
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'NL' } });
    fireEvent.click(screen.getByLabelText('directdebit'));
    fireEvent.click(screen.getByLabelText('ideal'));
    fireEvent.click(screen.getByRole('button', { name: 'Save methods' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ domain: 'localhost', payment_methods: { '*': ['creditcard'], NL: ['directdebit'] } }, undefined));
  });
});

describe('revenue section', () => {
  const rows: RevenueRow[] = [
    { day: '2026-11-24', domain: 'localhost', currency: 'EUR', payments: 2, gross: 4998, refunded: 2499, charged_back: 0, net: 2499 },
    { day: '2026-11-26', domain: 'localhost', currency: 'EUR', payments: 1, gross: 999, refunded: 0, charged_back: 0, net: 999 },
    { day: '2026-11-26', domain: 'nl.localhost', currency: 'EUR', payments: 1, gross: 1999, refunded: 0, charged_back: 0, net: 1999 },
    { day: '2026-11-26', domain: 'localhost', currency: 'GBP', payments: 1, gross: 899, refunded: 0, charged_back: 0, net: 899 },
  ];

  it('charts net revenue per domain and day in one currency', () => {
    const days = [24, 25, 26].map((d) => Date.parse(`2026-11-${d}T00:00:00Z`) / 1000);
    expect(chartSeries(rows, 'EUR', days)).toEqual([
      { label: 'localhost', values: [24.99, 0, 9.99] },
      { label: 'nl.localhost', values: [0, 0, 19.99] },
    ]);
  });

  it('shows the period\'s table and chart, and exports CSV in minor units', async () => {
    const revenue = vi.fn(() => ({ from: '2026-11-24', to: '2026-11-26', rows }));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => { blobs.push(b as Blob); return 'blob:x'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await renderSection(<RevenueSection />, { 'GET /api/operator/payments/revenue': revenue });
    const table = await screen.findByRole('table', { name: 'Revenue per domain, day and currency' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    await screen.findByRole('img', { name: 'Net revenue per domain and day (EUR)' });
    expect(chartProps.last!.series.map((s) => s.label)).toEqual(['localhost', 'nl.localhost']);
    expect(text(screen.getByText(/gross/))).toContain('net €54.97');
    fireEvent.change(screen.getByLabelText('Chart currency'), { target: { value: 'GBP' } });
    await screen.findByRole('img', { name: 'Net revenue per domain and day (GBP)' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(blobs).toHaveLength(1);
    const csv = await blobs[0]!.text();
    expect(csv.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toBe('day,domain,currency,payments,gross,refunded,charged_back,net');
    expect(csv).toContain('2026-11-24,localhost,EUR,2,4998,2499,0,2499');
  });
});
