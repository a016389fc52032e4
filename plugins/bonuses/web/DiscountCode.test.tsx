// The discount-code form the bonuses plugin puts on payments' /credits (the `credits-discount`
// panel): the server's word at the field, and an accepted code reprices the packages.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { discountAmount, type OfferDiscount } from '../../payments/contract.ts';
import { member, openApp, plOffer, text } from '../../payments/web/testing.tsx';
import bonusesManifest from '../manifest.ts';
import type { TimeBonus } from '../contract.ts';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); });

const spring: OfferDiscount = { code: 'SPRING10', kind: 'code', value_percentage: 10, ends_in: null, minimum_order_value: null, paymentmethods: null };
const pln = (minor: number) => `PLN ${(minor / 100).toFixed(2)}`;
const free = () => member({ paid_user: false, credits: 0 });
const noBonus = (): TimeBonus => ({ visible: false, remaining: 0, code: null });

describe('discount code on /credits', () => {
  it('answers a code with the server\'s word at the field, and an accepted code reprices the packages', async () => {
    let discount: OfferDiscount | null = null;
    const posted: unknown[] = [];
    const app = await openApp('/credits', free(), {
      'GET /api/timebonus.php': noBonus,
      'GET /api/credits.php': () => plOffer({ discount }),
      'POST /api/discountcode.php': (body) => {
        posted.push(body);
        const { code } = body as { code: string };
        if (code === 'NOPE') throw new ApiError(404, 'code_not_found', 'code not found');
        if (code === 'USED') throw new ApiError(409, 'code_used', 'code used');
        discount = spring;
        return { discount };
      },
      'DELETE /api/discountcode.php': () => { discount = null; return { discount }; },
    }, undefined, [bonusesManifest]);
    disposers.push(app.dispose);
    const field = await screen.findByRole('textbox', { name: 'Discount code' });
    const apply = screen.getByRole('button', { name: 'Apply' });

    fireEvent.click(apply);
    expect(await screen.findByText('Please enter a code.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Code not found')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText('Code not found').id);

    fireEvent.change(field, { target: { value: 'USED' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Code already used')).toBeTruthy();

    fireEvent.change(field, { target: { value: ' SPRING10 ' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Code SPRING10 applied: the prices below include 10% off.')).toBeTruthy();
    expect(posted).toEqual([{ code: 'NOPE' }, { code: 'USED' }, { code: 'SPRING10' }]);
    const first = within(screen.getByRole('list', { name: 'Credit packages' })).getAllByRole('listitem')[0];
    await waitFor(() => expect(text(first)).toContain(`now ${pln(4299 - discountAmount(spring, 4299))} with 10% off`));
    expect(screen.getByRole('region', { name: 'Discount code SPRING10: 10% off' })).toBeTruthy();
    // A code has no claim and, here, no end.
    expect(screen.queryByText(/46% higher chance/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Discount code SPRING10/ })).toBeNull());
    expect(text(within(screen.getByRole('list', { name: 'Credit packages' })).getAllByRole('listitem')[0])).not.toContain('now');
    expect(app.api.calls.filter((c) => c === 'GET /api/credits.php')).toHaveLength(3);
  });

  it('is not on /credits where the bonuses plugin is not installed', async () => {
    const app = await openApp('/credits', free(), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('list', { name: 'Credit packages' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
  });
});
