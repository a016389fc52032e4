import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../kernel/server/testing.ts';
import { paymentsTestApp } from './testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import type { Payment, Receipt } from '../contract.ts';
import type { TestProvider } from './providers/test.ts';

// Its own app: these tests move the clock (refund_days).
let t: TestApp;
let psp: TestProvider;
type Member = Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

const credits = () => t.kernel.services.get(creditsRef);
const setCountry = (m: Member, country: string) => t.kernel.db.updateTable('profiles').set({ country }).where('user_id', '=', m.id).execute();
const getPayment = async (m: Member, id: number) => {
  const res = await t.call({ method: 'GET', url: `/api/payments.php?id=${id}`, cookie: m.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { payment: Payment }).payment;
};
const refund = (m: Member, id: number) => t.call({ method: 'POST', url: '/api/payments-refund.php', cookie: m.cookie, payload: { id } });

/** A member in NL buys package 2 (150 credits, €24.99) with iDEAL, paid at the test provider. */
async function bought(m: Member) {
  await setCountry(m, 'NL');
  const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 2, method: 'ideal' } });
  expect(res.statusCode, res.body).toBe(200);
  const { payment, redirect_url } = res.json() as { payment: Payment; redirect_url: string };
  const providerId = new URL(redirect_url).searchParams.get('payment')!;
  psp.setStatus(providerId, 'paid');
  await psp.idle();
  return { payment: await getPayment(m, payment.id), providerId };
}

describe('payments: refunds of unused credits', () => {
  it('refunds the unspent part of a purchase: credits out through the ledger, money back at the provider, a mail', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    expect(payment).toMatchObject({ status: 'paid', refundable_credits: 150, refundable_amount: 2499, refunded_credits: 0 });
    expect(Date.parse(payment.refund_until!) - Date.parse(payment.paid_at!)).toBe((await t.kernel.sites.resolve('')).refund_days * 86_400_000);
    // 50 of the 150 credits spent: 100 unused, their share of €24.99 is €16.66.
    expect((await credits().spend(m.id, 50, 'chat:text')).status).toBe('spent');
    expect(await getPayment(m, payment.id)).toMatchObject({ refundable_credits: 100, refundable_amount: 1666 });

    const res = await refund(m, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { payment: Payment }).payment).toMatchObject({ refunded_credits: 100, refunded_amount: 1666, refundable_credits: 0, status: 'paid' });
    expect(await credits().balance(m.id)).toBe(0);
    expect(psp.payment(providerId)!.refunded).toBe(1666);
    const entries = await credits().entries(m.id);
    expect(entries.filter((e) => e.reason === 'payment:refund').map((e) => e.amount)).toEqual([-100]);
    // The provider's webhook about the partial refund changes nothing more.
    await psp.idle();
    expect(await getPayment(m, payment.id)).toMatchObject({ status: 'paid', refunded_credits: 100 });
    expect(await credits().balance(m.id)).toBe(0);
    const mail = (await t.mails(m.email)).at(-1)!;
    expect(mail.subject).toMatch(/refund/i);
    expect(mail.text).toContain('100');
    expect(mail.text).toMatch(/€16\.66/);

    // Once per purchase.
    const again = await refund(m, payment.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'refund_not_allowed' });
  });

  it('parallel refund requests pay back once', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(m, payment.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(psp.payment(providerId)!.refunded).toBe(2499);
    expect(await credits().balance(m.id)).toBe(0);
    await psp.idle();
    // Refunded in full: the provider says so, and nothing is taken twice.
    expect((await getPayment(m, payment.id)).status).toBe('refunded');
    expect(await credits().balance(m.id)).toBe(0);
    expect((await credits().entries(m.id)).filter((e) => e.amount < 0)).toHaveLength(1);
  });

  it('newest credits are unused first: an older purchase has nothing unused once the newer one holds the balance', async () => {
    const m = await addMember(t);
    const first = await bought(m);
    const second = await bought(m);
    await credits().spend(m.id, 160, 'chat:gift');
    expect(await getPayment(m, first.payment.id)).toMatchObject({ refundable_credits: 0 });
    expect(await getPayment(m, second.payment.id)).toMatchObject({ refundable_credits: 140 });
    expect((await refund(m, first.payment.id)).statusCode).toBe(400);
  });

  it('not after refund_days, not with everything spent, not for someone else, not unpaid', async () => {
    const m = await addMember(t);
    const other = await addMember(t);
    const { payment } = await bought(m);
    expect((await refund(other, payment.id)).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/payments-refund.php', payload: { id: payment.id } })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/payments-refund.php', cookie: m.cookie, payload: { id: 'x' } })).statusCode).toBe(400);
    const days = (await t.kernel.sites.resolve('')).refund_days;
    t.kernel.clock.advance(days * 86_400_000 + 1000);
    expect(await getPayment(m, payment.id)).toMatchObject({ refundable_credits: 0, refund_until: null });
    const late = await refund(m, payment.id);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'refund_not_allowed' });
    expect(await credits().balance(m.id)).toBe(150);
  });

  it('a refund the provider refuses gives the credits back and may be asked for again', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const spy = vi.spyOn(psp, 'refund').mockRejectedValueOnce(new Error('provider down'));
    const res = await refund(m, payment.id);
    expect(res.statusCode).toBe(502);
    expect(await credits().balance(m.id)).toBe(150);
    expect(await getPayment(m, payment.id)).toMatchObject({ refundable_credits: 150, refunded_credits: 0 });
    spy.mockRestore();
    expect((await refund(m, payment.id)).statusCode).toBe(200);
    expect(psp.payment(providerId)!.refunded).toBe(2499);
    expect(await credits().balance(m.id)).toBe(0);
  });
});

describe('payments: chargebacks', () => {
  it('a chargeback takes back the unspent credits and blocks direct debit for the member', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    await credits().spend(m.id, 120, 'chat:gift');
    psp.chargeback(providerId);
    await psp.idle();
    expect((await getPayment(m, payment.id)).status).toBe('charged_back');
    expect(await credits().balance(m.id)).toBe(0);
    const entries = await credits().entries(m.id);
    expect(entries.filter((e) => e.reference === `reversal:${payment.id}`).map((e) => e.amount)).toEqual([-30]);
    const info = await t.call({ method: 'GET', url: '/api/directdebit.php', cookie: m.cookie });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ blocked: true });
    // Its only purchase was taken back: no longer premium.
    expect(await credits().isPaid(m.id)).toBe(false);
  });

  it('a chargeback of one purchase leaves a member with another purchase premium', async () => {
    const m = await addMember(t);
    await bought(m);
    const { providerId } = await bought(m);
    psp.chargeback(providerId);
    await psp.idle();
    expect(await credits().account(m.id)).toEqual({ balance: 150, paid: true });
  });
});

describe('payments: receipts', () => {
  it('mails a receipt once, in the member\'s language, with the seller\'s legal data; the same receipt from the API', async () => {
    const m = await addMember(t);
    await t.kernel.db.updateTable('users').set({ language: 'de' }).where('id', '=', m.id).execute();
    const { payment, providerId } = await bought(m);
    // The webhook replayed: still one receipt.
    psp.setStatus(providerId, 'paid');
    await psp.idle();
    await t.kernel.jobs.runDue({ periodic: 'none' });
    const company = (await t.call({ method: 'GET', url: '/api/companyinfo.php' })).json().company as { name: string; kvk: string; vat_numbers: string[] };
    const receipts = (await t.mails(m.email)).filter((mail) => mail.subject.includes(String(payment.id).padStart(6, '0')));
    expect(receipts).toHaveLength(1);
    const mail = receipts[0]!;
    expect(mail.subject).toMatch(/Quittung|Beleg|Rechnung/);
    expect(mail.text).toMatch(/24,99\s€/u);
    expect(mail.text).toContain(company.name);
    expect(mail.text).toContain(company.kvk);
    expect(mail.text).toContain('iDEAL');

    const res = await t.call({ method: 'GET', url: `/api/payments-receipt.php?id=${payment.id}`, cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json() as Receipt;
    expect(receipt.number).toBe(`${new Date(payment.paid_at!).getUTCFullYear()}-${String(payment.id).padStart(6, '0')}`);
    expect(receipt.customer).toBe(m.email);
    expect(receipt.company).toMatchObject({ name: company.name, kvk: company.kvk, vat_numbers: company.vat_numbers });
    expect(receipt.payment).toMatchObject({ id: payment.id, amount: 2499, status: 'paid' });
  });

  it('no receipt for an unpaid payment or another member\'s', async () => {
    const m = await addMember(t);
    const other = await addMember(t);
    const { payment } = await bought(m);
    expect((await t.call({ method: 'GET', url: `/api/payments-receipt.php?id=${payment.id}`, cookie: other.cookie })).statusCode).toBe(404);
    const open = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'ideal' } });
    const openId = (open.json() as { payment: Payment }).payment.id;
    const res = await t.call({ method: 'GET', url: `/api/payments-receipt.php?id=${openId}`, cookie: m.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'receipt_not_found' });
  });
});
