import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { redirect } from './api.ts';
import { member, openApp, payment, plOffer, text } from './testing.tsx';
import MethodPage from './MethodPage.tsx';
import type { User } from '../../auth/contract.ts';

type Routes = Parameters<typeof openApp>[2];
// /credits/:id without a method: the kernel's router does not match an absent optional parameter
// yet (navigo reads `:x?` as a required segment), so this page is rendered by itself here.
const atPackage = (id: string, user: User, routes: Routes) => openApp(`/credits/${id}`, user, routes, { component: MethodPage, params: { id } });

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.restoreAllMocks(); });

describe('payment method page', () => {
  it('shows each method\'s fee before paying and posts only the package and the method', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    const posted: unknown[] = [];
    const app = await atPackage('2', member(), {
      'GET /api/credits.php': () => plOffer(),
      'POST /api/payments.php': (body) => {
        posted.push(body);
        return { payment: payment({ method: 'paysafecard', fee: 400, amount: 10899 }), redirect_url: 'https://psp.example/checkout/tr_1' };
      },
    });
    disposers.push(app.dispose);
    const group = await screen.findByRole('group', { name: 'Payment method' });
    expect(screen.getByText('You are buying 150 credits.')).toBeTruthy();
    // The fee is on the method before it is chosen, and in its accessible description.
    const paysafe = within(group).getByRole('radio', { name: 'paysafecard' });
    expect(text(paysafe.closest('label')!)).toContain('+ PLN 4.00 transaction fee');
    expect(paysafe.getAttribute('aria-describedby')).toBe('fee-paysafecard');
    expect(text(within(group).getByRole('radio', { name: 'BLIK' }).closest('label')!)).toContain('No fee');
    expect(text(within(group).getByRole('radio', { name: 'Bank transfer' }).closest('label')!)).toContain('Credits arrive once the money has been received');

    fireEvent.click(paysafe);
    const summary = screen.getByLabelText('Your order');
    expect(text(summary)).toContain('Transaction fee');
    expect(text(summary)).toContain('PLN 108.99');
    fireEvent.click(screen.getByRole('button', { name: /^Pay PLN\s108\.99 with paysafecard$/ }));

    await waitFor(() => expect(to).toHaveBeenCalledWith('https://psp.example/checkout/tr_1'));
    // The server computes the amount; the page only says what it showed (price + fee), never charged.
    expect(posted).toEqual([{ package_id: 2, method: 'paysafecard', shown_amount: 10899 }]);
  });

  it('keeps a method with a maximum off packages above it, and preselects the method in the address', async () => {
    const app = await openApp('/credits/3/blik', member(), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const paysafe = within(group).getByRole('radio', { name: 'paysafecard' }) as HTMLInputElement;
    expect(paysafe.disabled).toBe(true);
    expect(text(paysafe.closest('label')!)).toContain('Only for packages up to PLN 210.00');
    expect((within(group).getByRole('radio', { name: 'BLIK' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: /^Pay PLN\s249\.99 with BLIK$/ })).toBeTruthy();
  });

  it('asks for a method first, and shows the server\'s refusal in words', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    const app = await atPackage('1', member(), {
      'GET /api/credits.php': () => plOffer(),
      'POST /api/payments.php': () => { throw new ApiError(400, 'method_not_offered', 'method not offered'); },
    });
    disposers.push(app.dispose);
    await screen.findByRole('group', { name: 'Payment method' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Please choose a payment method.')).toBeTruthy();
    expect(app.api.calls).not.toContain('POST /api/payments.php');

    fireEvent.click(screen.getByRole('radio', { name: 'Credit card' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pay PLN\s42\.99 with Credit card$/ }));
    expect(await screen.findByText('This payment method is not available for you. Please choose another one.')).toBeTruthy();
    expect(to).not.toHaveBeenCalled();
  });

  it('sends direct debit to its own form instead of a provider\'s checkout', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    const offer = plOffer({
      country: 'NL', currency: 'EUR', packages: [{ id: 2, credits: 150, price: 2499, currency: 'EUR' }],
      methods: [{ method: 'ideal', fee: 0 }, { method: 'directdebit', fee: 0 }],
    });
    const app = await openApp('/credits/2/ideal', member(), {
      'GET /api/credits.php': () => offer,
      'GET /api/directdebit.php': () => ({ creditor_name: 'Flirt Media B.V.', creditor_id: 'NL98ZZZ999999999999', blocked: false, limit: { max: 30000, used: 0, currency: 'EUR' }, prenotification_days: 2 }),
    });
    disposers.push(app.dispose);
    fireEvent.click(await screen.findByRole('radio', { name: 'SEPA direct debit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to direct debit' }));
    expect(await screen.findByLabelText('IBAN')).toBeTruthy();
    expect(location.pathname + location.search).toBe('/directdebit?package=2');
    expect(app.api.calls).not.toContain('POST /api/payments.php');
    expect(to).not.toHaveBeenCalled();
  });

  it('says so when the package does not exist', async () => {
    const app = await atPackage('99', member(), { 'GET /api/credits.php': () => plOffer() });
    disposers.push(app.dispose);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This credit package does not exist (any more). Please choose another one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another package' }).getAttribute('href')).toBe('/credits');
  });
});
