import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../kernel/server/testing.ts';
import { paymentsTestApp } from './testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import type { CreatePaymentResponse, CreditsOffer, DirectDebitInfo, DirectDebitRequest, Payment } from '../contract.ts';
import { CODE_TRIES, RESEND_S, SENDS_PER_DAY } from './directdebit.ts';
import { TEST_DEBIT_IBANS, type TestProvider } from './providers/test.ts';
import { readLatestSms } from './sms/outbox.ts';

// Its own app: these tests move the clock (resend waits, 30-day limits).
let t: TestApp;
let psp: TestProvider;
type Member = Awaited<ReturnType<typeof addMember>>;
let phoneCounter = 0;

beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

const credits = () => t.kernel.services.get(creditsRef);
const newPhone = () => `+316${String(10_000_000 + ++phoneCounter).slice(-8)}`;
async function nlMember() {
  const m = await addMember(t);
  await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
  return m;
}
const sendCode = (m: Member, phone: string) => t.call({ method: 'POST', url: '/api/directdebit-code.php', cookie: m.cookie, payload: { phone } });
const latestCode = async (phone: string) => /\b(\d{6})\b/.exec((await readLatestSms(path.join(t.shared.dataDir, 'sms-outbox'), phone)) ?? '')?.[1] ?? null;
const form = (phone: string, code: string, extra: Partial<DirectDebitRequest> = {}): DirectDebitRequest => ({
  package_id: 2, holder: 'Anna de Vries', iban: 'NL91 ABNA 0417 1643 00', street: 'Keizersgracht 1', postcode: '1015 CJ',
  city: 'Amsterdam', country: 'NL', phone, code, authorise: true, ...extra,
});
const debit = (m: Member, body: unknown) => t.call({ method: 'POST', url: '/api/directdebit.php', cookie: m.cookie, payload: body as object });
/** A code for a fresh number, then the debit with it (the clock moves past the resend wait first). */
async function debitWith(m: Member, extra: Partial<DirectDebitRequest> = {}) {
  t.kernel.clock.advance((RESEND_S + 1) * 1000);
  const phone = newPhone();
  expect((await sendCode(m, phone)).statusCode).toBe(200);
  return debit(m, form(phone, (await latestCode(phone))!, extra));
}

describe('payments: SEPA direct debit', () => {
  it('is offered in NL, with the creditor, the 30-day limit and no block', async () => {
    const m = await nlMember();
    const offer = (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
    expect(offer.methods.map((x) => x.method)).toContain('directdebit');
    const res = await t.call({ method: 'GET', url: '/api/directdebit.php', cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json() as DirectDebitInfo;
    expect(info).toMatchObject({ blocked: false, limit: { max: 15000, used: 0, currency: 'EUR' }, creditor_id: expect.stringMatching(/^[A-Z]{2}\d{2}ZZZ/) });
    expect(info.creditor_name).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/directdebit.php' })).statusCode).toBe(403);
  });

  it('texts a 6-digit code; a bad number, asking again too soon and too often are refused', async () => {
    const m = await nlMember();
    const bad = await sendCode(m, '06-12345678');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'phone_invalid', params: { field: 'phone' } });
    const phone = newPhone();
    const res = await sendCode(m, phone.replace(/^\+31/, '+31 ').replace(/(\d{3})(\d+)$/, '$1 $2'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ expires_in: 600, resend_in: RESEND_S });
    expect(await latestCode(phone)).toMatch(/^\d{6}$/);
    const soon = await sendCode(m, phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ error: 'sms_wait' });
    for (let i = 1; i < SENDS_PER_DAY.member; i++) {
      t.kernel.clock.advance((RESEND_S + 1) * 1000);
      expect((await sendCode(m, newPhone())).statusCode).toBe(200);
    }
    t.kernel.clock.advance((RESEND_S + 1) * 1000);
    const many = await sendCode(m, newPhone());
    expect(many.statusCode).toBe(429);
    expect(many.json()).toMatchObject({ error: 'sms_limit' });
  });

  it('debits with the right code: pending, credited and premium at once, the mandate kept, paid later, credited once', async () => {
    const m = await nlMember();
    const res = await debitWith(m);
    expect(res.statusCode, res.body).toBe(200);
    const { payment, redirect_url } = res.json() as CreatePaymentResponse;
    expect(payment).toMatchObject({ method: 'directdebit', status: 'pending', amount: 2499, credits: 150, account_hint: '4300' });
    expect(new URL(redirect_url).pathname).toBe(`/transactions/${payment.id}`);
    expect(await credits().account(m.id)).toEqual({ balance: 150, paid: true });
    const mandate = await t.kernel.db.selectFrom('directdebit_mandates').selectAll().where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    expect(mandate).toMatchObject({ holder: 'Anna de Vries', iban: 'NL91ABNA0417164300', city: 'Amsterdam', country: 'NL' });
    expect(psp.payment((await t.kernel.db.selectFrom('payments').select('provider_id').where('id', '=', payment.id).executeTakeFirstOrThrow()).provider_id!)!.debit)
      .toMatchObject({ iban: 'NL91ABNA0417164300', mandateReference: mandate.reference, holder: 'Anna de Vries' });
    await psp.idle();
    const after = (await t.call({ method: 'GET', url: `/api/payments.php?id=${payment.id}`, cookie: m.cookie })).json().payment as Payment;
    expect(after.status).toBe('paid');
    expect(await credits().balance(m.id)).toBe(150);
    expect((await credits().entries(m.id)).filter((e) => e.reference === `payment:${payment.id}`)).toHaveLength(1);
    // The code is used: the same code again is refused.
    const reuse = await debit(m, form(mandate.phone, '000000'));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'code_expired' });
  });

  it('a new member\'s welcome bonus applies to a direct debit too (the page showed it)', async () => {
    const m = await addMember(t, { fresh: true });
    await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
    const res = await debitWith(m);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CreatePaymentResponse).payment).toMatchObject({ amount: 1875, discount: 624 });
    const limit = (await t.call({ method: 'GET', url: '/api/directdebit.php', cookie: m.cookie })).json() as DirectDebitInfo;
    expect(limit.limit.used).toBe(1875);
  });

  it('a shown price the server no longer charges: 409 price_changed, nothing made, the code still usable', async () => {
    const m = await nlMember();
    t.kernel.clock.advance((RESEND_S + 1) * 1000);
    const phone = newPhone();
    await sendCode(m, phone);
    const code = (await latestCode(phone))!;
    const res = await debit(m, { ...form(phone, code), shown_amount: 1875 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'price_changed', params: { amount: 2499 } });
    expect(await t.kernel.db.selectFrom('payments').select('id').where('user_id', '=', m.id).execute()).toHaveLength(0);
    const ok = await debit(m, { ...form(phone, code), shown_amount: 2499 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("'Code invalid' for a wrong code, and after the allowed tries a new code is needed", async () => {
    const m = await nlMember();
    const phone = newPhone();
    t.kernel.clock.advance((RESEND_S + 1) * 1000);
    await sendCode(m, phone);
    const right = (await latestCode(phone))!;
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < CODE_TRIES; i++) {
      const res = await debit(m, form(phone, wrong));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'code_invalid', message: 'Code invalid', params: { field: 'code' } });
    }
    const locked = await debit(m, form(phone, right));
    expect(locked.json()).toMatchObject({ error: 'code_tries' });
    expect(await credits().balance(m.id)).toBe(0);
  });

  it('checks IBAN, SEPA, the authorisation and the address with clear errors, before using the code', async () => {
    const m = await nlMember();
    const phone = newPhone();
    t.kernel.clock.advance((RESEND_S + 1) * 1000);
    await sendCode(m, phone);
    const code = (await latestCode(phone))!;
    const cases: [Partial<DirectDebitRequest>, string, string][] = [
      [{ iban: 'NL91ABNA0417164301' }, 'iban_invalid', 'iban'],
      [{ iban: 'TR330006100519786457841326' }, 'iban_not_sepa', 'iban'],
      [{ authorise: false }, 'authorisation_required', 'authorise'],
      [{ holder: '   ' }, 'holder_invalid', 'holder'],
      [{ city: '<script>' }, 'address_invalid', 'city'],
      [{ country: 'US' }, 'address_invalid', 'country'],
    ];
    for (const [extra, error, field] of cases) {
      const res = await debit(m, form(phone, code, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ error, params: { field } });
    }
    // The browser cannot send an amount or anything else.
    expect((await debit(m, { ...form(phone, code), amount: 1 })).statusCode).toBe(400);
    // None of that used the code.
    expect((await debit(m, form(phone, code))).statusCode).toBe(200);
  });

  it("'limit reached' above the 30-day amount per member, fine again 30 days later", async () => {
    const m = await nlMember();
    expect((await debitWith(m, { package_id: 4 })).statusCode).toBe(200); // €129.99 of €150
    const over = await debitWith(m, { package_id: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'directdebit_limit' });
    expect((await debitWith(m, { package_id: 1 })).statusCode).toBe(200); // €9.99 still fits
    t.kernel.clock.advance(31 * 86_400_000);
    expect((await debitWith(m, { package_id: 2 })).statusCode).toBe(200);
  });

  it('a returned debit takes the unused credits back and blocks direct debit; a refused one credits nothing', async () => {
    const m = await nlMember();
    const res = await debitWith(m, { iban: TEST_DEBIT_IBANS.failed });
    expect(res.statusCode, res.body).toBe(200);
    expect(await credits().balance(m.id)).toBe(150);
    await psp.idle();
    const id = (res.json() as CreatePaymentResponse).payment.id;
    expect((await t.call({ method: 'GET', url: `/api/payments.php?id=${id}`, cookie: m.cookie })).json().payment.status).toBe('failed');
    // Its only purchase is gone: no longer premium.
    expect(await credits().account(m.id)).toEqual({ balance: 0, paid: false });
    expect((await t.call({ method: 'GET', url: '/api/directdebit.php', cookie: m.cookie })).json()).toMatchObject({ blocked: true });
    t.kernel.clock.advance((RESEND_S + 1) * 1000);
    const code = await sendCode(m, newPhone());
    expect(code.statusCode).toBe(403);
    expect(code.json()).toMatchObject({ error: 'directdebit_blocked' });

    const other = await nlMember();
    const refused = await debitWith(other, { iban: TEST_DEBIT_IBANS.refused });
    expect(refused.statusCode).toBe(502);
    expect(await credits().account(other.id)).toEqual({ balance: 0, paid: false });
  });
});
