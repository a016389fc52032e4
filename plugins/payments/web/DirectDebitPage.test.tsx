import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../kernel/web/api-error.ts';
import type { CreditsOffer, DirectDebitInfo, DirectDebitRequest } from '../contract.ts';
import { member, openApp, payment, plOffer, text } from './testing.tsx';

const disposers: (() => void)[] = [];
afterEach(() => { disposers.splice(0).forEach((d) => d()); vi.useRealTimers(); });

const deOffer = (over: Partial<CreditsOffer> = {}): CreditsOffer => ({
  country: 'DE', currency: 'EUR', discount: null, welcome: null, last_order: null,
  packages: [{ id: 1, credits: 50, price: 999, currency: 'EUR' }, { id: 2, credits: 150, price: 2499, currency: 'EUR', popular: true }],
  methods: [{ method: 'creditcard', fee: 0 }, { method: 'paypal', fee: 0 }, { method: 'directdebit', fee: 0 }],
  ...over,
});
const info = (over: Partial<DirectDebitInfo> = {}): DirectDebitInfo => ({
  creditor_name: 'Flirt Media B.V.', creditor_id: 'NL98ZZZ999999999999', blocked: false,
  limit: { max: 30000, used: 0, currency: 'EUR' }, prenotification_days: 2, ...over,
});
type Routes = Parameters<typeof openApp>[2];
const open = async (routes: Routes = {}, path = '/directdebit?package=2') => {
  const app = await openApp(path, member({ profile: { name: 'Anna', country: 'DE', status: 'active', main_image: null } }), {
    'GET /api/credits.php': () => deOffer(),
    'GET /api/directdebit.php': () => info(),
    ...routes,
  });
  disposers.push(app.dispose);
  await screen.findByRole('heading', { level: 1, name: 'Pay by SEPA direct debit' });
  // Loaded: the form, or why there is none.
  await waitFor(() => expect(document.querySelector('form, [role=alert]')).toBeTruthy());
  return app;
};
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The texts an input's aria-describedby points at. */
const description = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  .map((id) => document.getElementById(id)?.textContent).join(' | ');

function fillAccountAndAddress() {
  type('Account holder', 'Anna Schmidt');
  type('IBAN', 'de89370400440532013000');
  type('Street and house number', 'Hauptstraße 1');
  type('Postcode', '10115');
  type('Town or city', 'Berlin');
}

describe('direct debit page', () => {
  it('shows the package, the amount and a labelled form whose mandate names the creditor, the amount and the notice days', async () => {
    await open();
    expect(text(screen.getByLabelText('Your order'))).toContain('150 credits');
    expect(text(screen.getByLabelText('Your order'))).toContain('€24.99');
    for (const label of ['Account holder', 'IBAN', 'Street and house number', 'Postcode', 'Town or city', 'Country', 'Mobile number']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    // The member's country is the address's default; every SEPA country can be chosen.
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('DE');
    expect(within(country).getByRole('option', { name: 'Netherlands' })).toBeTruthy();
    const mandate = screen.getByRole('checkbox', { name: /^By ticking this box I authorise/ }) as HTMLInputElement;
    expect(mandate.checked).toBe(false);
    expect(mandate.required).toBe(true);
    expect(text(mandate.closest('label')!)).toBe('By ticking this box I authorise Flirt Media B.V. (creditor id NL98ZZZ999999999999) to collect €24.99 once from my account by SEPA direct debit and my bank to debit my account accordingly. I will be notified 2 days before the debit (this page and an e-mail are the pre-notification). I may ask my bank for a refund within 8 weeks of the debit date under the conditions of my agreement with my bank.');
    // No limit used: nothing about it.
    expect(screen.queryByText(/Direct debit limit/)).toBeNull();
    // The IBAN shows in groups of four while typing.
    type('IBAN', 'de89370400440532013000');
    expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('marks each missing field, ties the message to it and focuses the first; nothing is sent', async () => {
    const app = await open();
    fireEvent.click(screen.getByRole('button', { name: /^Pay €24\.99 by direct debit$/ }));
    const holder = screen.getByLabelText('Account holder');
    expect(holder.getAttribute('aria-invalid')).toBe('true');
    expect(description(holder)).toBe('Please fill in this field.');
    expect(document.activeElement).toBe(holder);
    expect(description(screen.getByLabelText('Mobile number'))).toContain('Please fill in this field.');
    expect(description(screen.getByRole('checkbox'))).toBe('A checkbox must authorise the one-time direct debit.');
    // Country has its default, so it is fine.
    expect(screen.getByLabelText('Country').getAttribute('aria-invalid')).toBeNull();

    // A mistyped IBAN is caught here; the phone needs a code first.
    fillAccountAndAddress();
    type('IBAN', 'DE89 3704 0044 0532 0130 01');
    type('Mobile number', '+49 151 12345678');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^Pay €24\.99/ }));
    expect(description(screen.getByLabelText('IBAN'))).toContain('This IBAN is not valid. Please check it.');
    expect(description(screen.getByLabelText('Mobile number'))).toContain('Send a code to your mobile number first.');
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBeNull();
    expect(app.api.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('sends the code to the number, counts down until another may be asked for, then offers a new one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sent: unknown[] = [];
    await open({ 'POST /api/directdebit-code.php': (body) => { sent.push(body); return { expires_in: 600, resend_in: 60 }; } });
    type('Mobile number', '+49 151 1234-5678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a code to +4915112345678. It is valid for 10 min.');
    expect(sent).toEqual([{ phone: '+4915112345678' }]);
    const code = screen.getByLabelText('Code from the SMS') as HTMLInputElement;
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    const resend = screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('You can ask for a new code in 60 s.')).toBeTruthy();
    await act(async () => { vi.advanceTimersByTime(1000); });
    expect(screen.getByText('You can ask for a new code in 59 s.')).toBeTruthy();
    await act(async () => { vi.advanceTimersByTime(59_000); });
    expect(screen.queryByText(/You can ask for a new code/)).toBeNull();
    expect(resend.disabled).toBe(false);
    // Only digits, at most six.
    fireEvent.change(code, { target: { value: '12a3 4567' } });
    expect(code.value).toBe('123456');
  });

  it('says when too many codes were sent, at the phone number', async () => {
    await open({ 'POST /api/directdebit-code.php': () => { throw new ApiError(429, 'sms_limit', 'too many'); } });
    type('Mobile number', '+4915112345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const phone = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(description(phone)).toContain('Too many codes have been sent. Please try again later.'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });

  it('posts the form as typed and goes on to the payment page', async () => {
    const posted: DirectDebitRequest[] = [];
    const app = await open({
      'POST /api/directdebit-code.php': () => ({ expires_in: 600, resend_in: 60 }),
      'POST /api/directdebit.php': (body) => {
        posted.push(body as DirectDebitRequest);
        return { payment: payment({ id: 77, currency: 'EUR', amount: 2499, method: 'directdebit', status: 'pending' }), redirect_url: '/transactions/77' };
      },
      'GET /api/payments.php': () => ({ payment: payment({ id: 77, currency: 'EUR', amount: 2499, method: 'directdebit', status: 'pending' }) }),
    });
    fillAccountAndAddress();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'AT' } });
    type('Mobile number', '+43 664 1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code from the SMS');
    type('Code from the SMS', '654321');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^Pay €24\.99/ }));
    // Accepted (pending at the bank) is credited already: the payment page says so.
    expect(await screen.findByRole('heading', { name: 'Direct debit accepted' })).toBeTruthy();
    expect(location.pathname).toBe('/transactions/77');
    expect(posted).toEqual([{
      package_id: 2, holder: 'Anna Schmidt', iban: 'DE89 3704 0044 0532 0130 00', street: 'Hauptstraße 1', postcode: '10115', city: 'Berlin',
      country: 'AT', phone: '+436641234567', code: '654321', authorise: true, shown_amount: 2499,
    }]);
    expect(app.api.calls).toContain('POST /api/directdebit.php');
  });

  it('a price the server no longer charges (a bonus ended): says so, shows the new price, keeps what was typed', async () => {
    let offers = 0;
    await open({
      'GET /api/credits.php': () => (offers++ === 0
        ? deOffer({ discount: { code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25, ends_in: 1, minimum_order_value: null, paymentmethods: null } })
        : deOffer()),
      'POST /api/directdebit-code.php': () => ({ expires_in: 600, resend_in: 60 }),
      'POST /api/directdebit.php': () => { throw new ApiError(409, 'price_changed', 'changed', { amount: 2499 }); },
    });
    fillAccountAndAddress();
    type('Mobile number', '+4915112345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code from the SMS');
    type('Code from the SMS', '111111');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^Pay €18\.75/ }));
    expect(await screen.findByText(/The price has changed.*€24\.99/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Pay €24\.99/ })).toBeTruthy();
    expect((screen.getByLabelText('Account holder') as HTMLInputElement).value).toBe('Anna Schmidt');
  });

  it('shows the server\'s refusals at their fields, and lets a used-up code be replaced at once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers = [
      new ApiError(400, 'iban_not_sepa', 'not sepa'),
      new ApiError(400, 'address_invalid', 'bad', { field: 'postcode' }),
      new ApiError(400, 'code_tries', 'tries'),
      new ApiError(503, 'directdebit_unavailable', 'down'),
    ];
    await open({
      'POST /api/directdebit-code.php': () => ({ expires_in: 600, resend_in: 60 }),
      'POST /api/directdebit.php': () => { throw answers.shift(); },
    });
    fillAccountAndAddress();
    type('Mobile number', '+4915112345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code from the SMS');
    type('Code from the SMS', '111111');
    fireEvent.click(screen.getByRole('checkbox'));
    const pay = () => fireEvent.click(screen.getByRole('button', { name: /^Pay €24\.99/ }));

    pay();
    const iban = screen.getByLabelText('IBAN');
    await waitFor(() => expect(description(iban)).toContain('Direct debit is only possible from a bank account in the SEPA area.'));
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(iban);

    pay();
    const postcode = screen.getByLabelText('Postcode');
    await waitFor(() => expect(description(postcode)).toBe('Please check this part of the address.'));
    expect(iban.getAttribute('aria-invalid')).toBeNull();

    pay();
    const code = screen.getByLabelText('Code from the SMS');
    await waitFor(() => expect(description(code)).toContain('Too many wrong codes. Please ask for a new code.'));
    expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(false);

    pay();
    expect(await screen.findByText('Direct debit is not available right now. Please choose another payment method.')).toBeTruthy();
  });

  it('offers no form to a member blocked for direct debit, only the other ways to pay', async () => {
    await open({ 'GET /api/directdebit.php': () => info({ blocked: true }) });
    expect(screen.getByRole('alert').textContent).toBe('Your account is blocked for direct debit payments.');
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    const others = screen.getByRole('list', { name: 'Pay another way' });
    expect(within(others).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]))
      .toEqual([['Credit card', '/credits/2/creditcard'], ['PayPal', '/credits/2/paypal']]);
  });

  it('shows how much of the 30-day direct debit limit is used', async () => {
    await open({ 'GET /api/directdebit.php': () => info({ limit: { max: 30000, used: 10000, currency: 'EUR' } }) });
    // €100 left: the €24.99 package fits, and the usage is shown.
    expect(screen.getByText('Direct debit limit: €100.00 of €300.00 used in the last 30 days.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Pay €24\.99/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the 30-day limit is reached before the member fills anything in, and keeps Pay disabled', async () => {
    await open({ 'GET /api/directdebit.php': () => info({ limit: { max: 30000, used: 28000, currency: 'EUR' } }) });
    expect(screen.getByRole('alert').textContent).toBe('Limit reached: try again later, choose a cheaper package or another payment method.');
    expect(screen.getByText('Direct debit limit: €280.00 of €300.00 used in the last 30 days.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Pay €24\.99/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes euros only', async () => {
    await open({ 'GET /api/credits.php': () => plOffer() });
    expect(screen.getByRole('alert').textContent).toBe('Direct debit is only available for payments in euros. Please choose another payment method.');
    expect(screen.getByRole('link', { name: 'Back to the credit packages' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });

  it('says so when the package does not exist', async () => {
    await open({}, '/directdebit?package=9');
    expect(screen.getByRole('alert').textContent).toBe('This credit package does not exist (any more). Please choose another one.');
  });
});
