import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsoleCode } from '../../contract.ts';
import DiscountCodesSection, { bodyOf } from './DiscountCodesSection.tsx';
import { renderSection, text } from './testing.tsx';

const code = (over: Partial<ConsoleCode> = {}): ConsoleCode => ({
  id: 1, code: 'SPRING10', country: null, user_id: null, expires: null, value_percentage: 10, currency: null, minimum_order_value: null,
  status: 'active', validity: 'reusable', expired: false, paymentmethods: null, created_at: '2026-11-01T00:00:00.000Z', created_by: null,
  uses: { reserved: 1, used: 3, released: 0 }, ...over,
});

describe('discount codes section', () => {
  it('lists codes with their uses and origin, and deactivates one', async () => {
    const status = vi.fn((body?: unknown) => ({ code: code({ status: (body as { status: 'inactive' }).status }) }));
    await renderSection(<DiscountCodesSection path={[]} />, {
      'GET /api/operator/bonuses/codes': () => ({ codes: [code()], total: 1, page: 1, per_page: 50 }),
      'POST /api/operator/bonuses/codes/status': status,
    });
    const table = await screen.findByRole('table', { name: 'Discount codes, newest first' });
    const line = text(within(table).getAllByRole('row')[1]!);
    expect(line).toContain('3 used, 1 held, 0 given back');
    expect(line).toContain('seed (example codes)');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate SPRING10' }));
    await waitFor(() => expect(status).toHaveBeenCalledWith({ code: 'SPRING10', status: 'inactive' }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('SPRING10 is deactivated');
    expect(screen.getByRole('button', { name: 'Activate SPRING10' })).toBeTruthy();
  });

  it('creates a code with every field of the spec; a misfit is named before sending; the server\'s refusal shown', async () => {
    const create = vi.fn((body?: unknown) => ({ code: code({ ...(body as Partial<ConsoleCode>), id: 2, code: 'AUTUMN15', created_by: 1, uses: { reserved: 0, used: 0, released: 0 } }) }));
    await renderSection(<DiscountCodesSection path={[]} />, {
      'GET /api/operator/bonuses/codes': () => ({ codes: [], total: 0, page: 1, per_page: 50 }),
      'POST /api/operator/bonuses/codes': create,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New code…' }));
    const dialog = screen.getByRole('dialog', { name: 'New discount code' });
    const type = (label: string | RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Code', 'autumn15');
    type('Discount in percent', '150');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText(/A percentage from 0.01 to 90/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    type('Discount in percent', '12.5');
    type('Validity', 'once_per_user');
    type('Country', 'nl');
    type('Currency', 'EUR');
    type('Minimum package price', '20.00');
    type('Only for member (id)', '42');
    fireEvent.click(within(dialog).getByLabelText('ideal'));
    create.mockImplementationOnce(() => { throw new ApiError(409, 'code_exists', 'A code AUTUMN15 exists already.'); });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('A code AUTUMN15 exists already.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]![0]).toEqual({
      code: 'autumn15', value_percentage: 12.5, validity: 'once_per_user', status: 'active', country: 'NL', user_id: 42,
      currency: 'EUR', minimum_order_value: 2000, paymentmethods: ['ideal'],
    });
    expect((await screen.findByRole('status')).textContent).toContain('AUTUMN15 is created');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the form exactly: percentages with two decimals, the minimum in minor units, an expiry as an instant', () => {
    const base = { code: 'ABC', value_percentage: '10', validity: 'reusable' as const, status: 'active' as const, country: '', user_id: '', expires: '', currency: '', minimum_order_value: '', paymentmethods: [] };
    expect(bodyOf({ ...base, value_percentage: '10.125' })).toEqual({ field: 'value_percentage' });
    expect(bodyOf({ ...base, value_percentage: '0' })).toEqual({ field: 'value_percentage' });
    expect(bodyOf({ ...base, minimum_order_value: '9.999' })).toEqual({ field: 'minimum_order_value' });
    expect(bodyOf({ ...base, value_percentage: '33,33', minimum_order_value: '0.1' })).toEqual({ body: { code: 'ABC', value_percentage: 33.33, validity: 'reusable', status: 'active', minimum_order_value: 10 } });
    const made = bodyOf({ ...base, expires: '2026-12-01T10:00' });
    // Read as UTC, like every time the console shows.
    expect('body' in made && made.body.expires).toBe('2026-12-01T10:00:00.000Z');
  });

  it('shows a code\'s uses with links to their payments', async () => {
    const { navigate } = await renderSection(<DiscountCodesSection path={['SPRING10']} />, {
      'GET /api/operator/bonuses/code': () => ({
        code: code(),
        uses: [{ id: 7, user_id: 42, email: 'anna@example.com', payment_id: 5, status: 'used', once: false, created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' }],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Uses, newest first' });
    expect(text(table)).toContain('anna@example.com (42)');
    expect(text(table)).toContain('used (paid)');
    fireEvent.click(screen.getByRole('button', { name: 'Open payment 5' }));
    expect(navigate).toHaveBeenCalledWith('/operator/payments/5');
  });
});
