// Discounts on the payments pages: the prices shown are discountAmount's (the server's own
// computation), codes entered on /credits, shown_amount and a price changed meanwhile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { discountAmount, type OfferDiscount } from '../contract.ts';
import { redirect } from './api.ts';
import { member, openApp, payment, plOffer, PLN_PACKAGES, text } from './testing.tsx';
import MethodPage from './MethodPage.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.restoreAllMocks(); });

const timeBonus: OfferDiscount = { code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25, ends_in: 14_399, minimum_order_value: null, paymentmethods: null };
const spring: OfferDiscount = { code: 'SPRING10', kind: 'code', value_percentage: 10, ends_in: null, minimum_order_value: null, paymentmethods: null };
const pln = (minor: number) => `PLN ${(minor / 100).toFixed(2)}`;
const free = () => member({ paid_user: false, credits: 0 });

describe('discount on /credits', () => {
  it('shows every package at its price after the discount, the old price struck through, the countdown and the claim', async () => {
    const app = await openApp('/credits', free(), { 'GET /api/credits.php': () => plOffer({ discount: timeBonus }) });
    disposers.push(app.dispose);
    const items = within(await screen.findByRole('list', { name: 'Credit packages' })).getAllByRole('listitem');
    PLN_PACKAGES.forEach((p, i) => {
      const now = p.price - discountAmount(timeBonus, p.price);
      // Spoken as one sentence; the struck-through old price is only seen.
      expect(within(items[i]).getByText(`${pln(p.price)}, now ${pln(now)} with 25% off`, { normalizer: (s) => s.replace(/\s+/g, ' ') })).toBeTruthy();
      expect(text(items[i].querySelector('s')!)).toBe(pln(p.price));
      expect(within(items[i]).getByRole('link', { name: new RegExp(`^Choose ${p.credits} credits for PLN\\s${(now / 100).toFixed(2)}$`) })).toBeTruthy();
    });
    // The cut is rounded down to whole grosze: 42.99 − 10.74 = 32.25.
    expect(text(items[0])).toContain('PLN 32.25');
    const notice = screen.getByRole('region', { name: 'Welcome bonus: 25% off every package' });
    expect(text(notice)).toMatch(/Ends in 03:59:(59|58)/);
    expect(within(notice).getByText('Premium members have a 46% higher chance of a match!')).toBeTruthy();
    // No code form without a discount source that offers one (the bonuses plugin: bonuses/web/DiscountCode.test.tsx).
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
  });
});

type Routes = Parameters<typeof openApp>[2];
const atPackage = (id: string, routes: Routes) => openApp(`/credits/${id}`, free(), routes, { component: MethodPage, params: { id } });

describe('discount at checkout', () => {
  it('shows the discounted amount per method (only where the discount applies) and sends the amount shown', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    const onlyBlik: OfferDiscount = { ...timeBonus, paymentmethods: ['blik', 'paysafecard'], minimum_order_value: 5000 };
    const posted: unknown[] = [];
    const app = await atPackage('2', {
      'GET /api/credits.php': () => plOffer({ discount: onlyBlik }),
      'POST /api/payments.php': (body) => {
        posted.push(body);
        return { payment: payment({ amount: 8275 }), redirect_url: 'https://psp.example/checkout/tr_2' };
      },
    });
    disposers.push(app.dispose);
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const cut = discountAmount(onlyBlik, 10499, 'blik');
    expect(cut).toBe(2624);
    expect(text(within(group).getByRole('radio', { name: 'BLIK' }).closest('label')!)).toContain(`${pln(10499 - cut)} with 25% off`);
    // paysafecard's fee is paid in full; the discount comes off the package price.
    expect(text(within(group).getByRole('radio', { name: 'paysafecard' }).closest('label')!)).toContain(`${pln(10499 + 400 - cut)} with 25% off`);
    expect(text(within(group).getByRole('radio', { name: 'Credit card' }).closest('label')!)).not.toContain('off');

    fireEvent.click(within(group).getByRole('radio', { name: 'Credit card' }));
    expect(screen.getByRole('button', { name: /^Pay PLN\s104\.99 with Credit card$/ })).toBeTruthy();
    expect(text(screen.getByLabelText('Your order'))).not.toContain('Discount');

    fireEvent.click(within(group).getByRole('radio', { name: 'BLIK' }));
    const summary = screen.getByLabelText('Your order');
    expect(text(summary)).toContain(`Discount (25%)−${pln(cut)}`);
    fireEvent.click(screen.getByRole('button', { name: /^Pay PLN\s78\.75 with BLIK$/ }));
    await waitFor(() => expect(to).toHaveBeenCalledWith('https://psp.example/checkout/tr_2'));
    expect(posted).toEqual([{ package_id: 2, method: 'blik', shown_amount: 10499 - cut }]);
  });

  it('leaves the discount off a package under its minimum order value', async () => {
    const app = await atPackage('1', { 'GET /api/credits.php': () => plOffer({ discount: { ...timeBonus, minimum_order_value: 5000 } }) });
    disposers.push(app.dispose);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Payment method' })).getByRole('radio', { name: 'BLIK' }));
    expect(screen.getByRole('button', { name: /^Pay PLN\s42\.99 with BLIK$/ })).toBeTruthy();
  });

  it('tells the member when the price changed meanwhile, charges nothing and shows the new prices', async () => {
    const to = vi.spyOn(redirect, 'to').mockImplementation(() => {});
    let discount: OfferDiscount | null = timeBonus;
    const app = await atPackage('2', {
      'GET /api/credits.php': () => plOffer({ discount }),
      'POST /api/payments.php': () => {
        discount = null; // the bonus ended on the server
        throw new ApiError(409, 'price_changed', 'price changed', { amount: 10499 });
      },
    });
    disposers.push(app.dispose);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Payment method' })).getByRole('radio', { name: 'BLIK' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pay PLN\s78\.75 with BLIK$/ }));
    expect(await screen.findByText(/^The price has changed: it is now PLN\s104\.99\. Please check your order and pay again\.$/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Pay PLN\s104\.99 with BLIK$/ })).toBeTruthy();
    expect(app.api.calls.filter((c) => c === 'GET /api/credits.php')).toHaveLength(2);
    expect(to).not.toHaveBeenCalled();
  });
});

describe('welcome discount on /premium', () => {
  it('shows the offer\'s welcome discount with its countdown to a free member, and nothing when there is none', async () => {
    const welcome: OfferDiscount = { code: 'WELCOME25', kind: 'welcome', value_percentage: 25, ends_in: 3_600, minimum_order_value: null, paymentmethods: null };
    const app = await openApp('/premium', free(), { 'GET /api/credits.php': () => plOffer({ welcome }) });
    disposers.push(app.dispose);
    const notice = await screen.findByRole('region', { name: 'Welcome discount: 25% off your first purchase' });
    expect(text(notice)).toMatch(/Ends in (01:00:00|00:59:59)/);
    // The claim stays once on the page (premium shows it anyway).
    expect(screen.getAllByText('Premium members have a 46% higher chance of a match!')).toHaveLength(1);
    // From payments' own offer: no other plugin's endpoint is asked.
    expect(app.api.calls).not.toContain('GET /api/discountcode.php');
    app.dispose();
    disposers.pop();
    cleanup();

    const none = await openApp('/premium', free(), { 'GET /api/credits.php': () => plOffer({ welcome: null }) });
    disposers.push(none.dispose);
    expect(await screen.findByRole('list', { name: 'Credit packages' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Welcome discount/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('discount on the direct debit form', () => {
  it('debits, and names in the mandate, the package after the discount', async () => {
    const offer = plOffer({
      country: 'DE', currency: 'EUR', discount: timeBonus,
      packages: [{ id: 2, credits: 150, price: 2499, currency: 'EUR' }], methods: [{ method: 'directdebit', fee: 0 }],
    });
    const app = await openApp('/directdebit?package=2', free(), {
      'GET /api/credits.php': () => offer,
      'GET /api/directdebit.php': () => ({
        creditor_name: 'Flirt Media B.V.', creditor_id: 'NL98ZZZ999999999999', blocked: false,
        limit: { max: 30000, used: 0, currency: 'EUR' }, prenotification_days: 2,
      }),
    });
    disposers.push(app.dispose);
    const summary = await screen.findByLabelText('Your order');
    const cut = discountAmount(timeBonus, 2499, 'directdebit');
    expect(text(summary)).toContain(`Discount (25%)−€${(cut / 100).toFixed(2)}`);
    expect(text(summary)).toContain('Total€18.75');
    expect(text(screen.getByRole('checkbox').closest('label')!)).toContain('to collect €18.75 once');
    expect(screen.getByRole('button', { name: 'Pay €18.75 by direct debit' })).toBeTruthy();
  });
});
