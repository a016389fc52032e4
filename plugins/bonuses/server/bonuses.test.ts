import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../kernel/server/testing.ts';
import { paymentsTestApp } from '../../payments/server/testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import { discountAmount, type CreatePaymentResponse, type CreditsOffer } from '../../payments/contract.ts';
import type { TestProvider } from '../../payments/server/providers/test.ts';
import { TIME_BONUS_CODE, TIME_BONUS_SECONDS, WELCOME_CODE, type DiscountCodeResponse, type TimeBonus } from '../contract.ts';

// Its own app: these tests move the clock.
let t: TestApp;
let psp: TestProvider;
type Member = Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

/** A member in NL (EUR, iDEAL) who signed up `ago` seconds before the app's now. */
async function member(ago = 0): Promise<Member> {
  const m = await addMember(t);
  await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
  await t.kernel.db.updateTable('users').set({ signup_date: new Date(t.kernel.clock.now().getTime() - ago * 1000) }).where('id', '=', m.id).execute();
  return m;
}
/** Long past every welcome window: only entered codes apply. */
const veteran = () => member(400 * 3600);

const offer = async (m: Member) => (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
const timeBonus = async (m: Member) => (await t.call({ method: 'GET', url: '/api/timebonus.php', cookie: m.cookie })).json() as TimeBonus;
const enter = (m: Member, code: string) => t.call({ method: 'POST', url: '/api/discountcode.php', cookie: m.cookie, payload: { code } });
const pay = (m: Member, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: body });
async function created(m: Member, body: Record<string, unknown>) {
  const res = await pay(m, body);
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as CreatePaymentResponse;
  return { payment: r.payment, providerId: new URL(r.redirect_url).searchParams.get('payment')! };
}
const uses = (m: Member) => t.kernel.db.selectFrom('discount_code_uses').selectAll().where('user_id', '=', m.id).orderBy('id').execute();

describe('bonuses: the 4-hour time bonus', () => {
  it('applies at 14,399 s after signup and not at 14,400 s; it wins over the welcome discount', async () => {
    const m = await member(TIME_BONUS_SECONDS - 1);
    expect(await timeBonus(m)).toMatchObject({ visible: true, remaining: 1, code: { code: TIME_BONUS_CODE, value_percentage: 25 } });
    const o = await offer(m);
    expect(o.discount).toMatchObject({ code: TIME_BONUS_CODE, kind: 'time_bonus', ends_in: 1 });
    const { payment } = await created(m, { package_id: 2, method: 'ideal', shown_amount: 2499 - discountAmount(o.discount, 2499, 'ideal') });
    expect(payment).toMatchObject({ discount: 624, amount: 1875 });

    const later = await member(TIME_BONUS_SECONDS);
    expect(await timeBonus(later)).toEqual({ visible: false, remaining: 0, code: null });
    // After the bonus: the welcome discount (the site's welcome_discount, 25 % for 72 h by default).
    expect((await offer(later)).discount).toMatchObject({ code: WELCOME_CODE, kind: 'welcome' });
  });

  it('not for premium members, and gone once the member has paid', async () => {
    const m = await member(60);
    const { payment, providerId } = await created(m, { package_id: 1, method: 'ideal' });
    expect(payment.discount).toBe(249);
    psp.setStatus(providerId, 'paid');
    await psp.idle();
    expect(await t.kernel.services.get(creditsRef).isPaid(m.id)).toBe(true);
    expect(await timeBonus(m)).toMatchObject({ visible: false });
    expect((await offer(m)).discount).toBeNull();
    const welcome = await t.call({ method: 'GET', url: '/api/discountcode.php?welcome=true', cookie: m.cookie });
    expect(welcome.statusCode).toBe(404);
    expect((await uses(m)).map((u) => [u.code, u.status])).toEqual([[TIME_BONUS_CODE, 'used']]);
  });

  it('once per member under 20 parallel payment creations: each discount is claimed by one payment', async () => {
    const m = await member(60);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(m, { package_id: 2, method: 'ideal' })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const payments = results.map((r) => (r.json() as CreatePaymentResponse).payment);
    // The first-purchase offer (the time bonus; the welcome discount is the same offer) once, then full price.
    expect(payments.filter((p) => p.discount > 0)).toHaveLength(1);
    expect(payments.filter((p) => p.discount === 0).every((p) => p.amount === 2499)).toBe(true);
    const held = await uses(m);
    expect(held.map((u) => u.code)).toEqual([TIME_BONUS_CODE]);
  });

  it('the time bonus and the welcome discount are one offer: while one payment holds it, no other gets either', async () => {
    const m = await member(60);
    const first = await created(m, { package_id: 2, method: 'ideal' });
    expect(first.payment.discount).toBe(624);
    // credits.php no longer offers WELCOME25 beside the open TIMEBONUS25 payment.
    expect((await offer(m)).discount).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/discountcode.php?welcome=true', cookie: m.cookie })).statusCode).toBe(200);
    const second = await created(m, { package_id: 2, method: 'ideal', shown_amount: 2499 });
    expect(second.payment.discount).toBe(0);
    // An entered code is another offer and may be used beside it.
    expect((await enter(m, 'SPRING10')).statusCode).toBe(200);
    const third = await created(m, { package_id: 2, method: 'ideal' });
    expect(third.payment.discount).toBe(249);
    for (const p of [first, second, third]) psp.setStatus(p.providerId, 'paid');
    await psp.idle();
    // Paid all three: one first-purchase discount among them.
    const used = (await uses(m)).filter((u) => u.status === 'used').map((u) => u.code).sort();
    expect(used).toEqual(['SPRING10', TIME_BONUS_CODE]);
    const credits = (await offer(m)).packages.find((p) => p.id === 2)!.credits;
    expect(await t.kernel.services.get(creditsRef).balance(m.id)).toBe(3 * credits);
  });

  it('the database refuses a second holder of the first-purchase offer even past the service', async () => {
    const m = await member(60);
    const { payment } = await created(m, { package_id: 1, method: 'ideal' });
    const now = t.kernel.clock.now();
    await expect(t.kernel.db.insertInto('discount_code_uses').values({
      code: WELCOME_CODE, user_id: m.id, payment_id: payment.id + 100_000, once: true, status: 'reserved', created_at: now, updated_at: now,
    }).execute()).rejects.toThrow(/discount_code_uses_first_purchase|unique/i);
  });

  it('a cancelled payment gives the bonus back; the page is told when the price changed', async () => {
    const m = await member(60);
    const first = await created(m, { package_id: 2, method: 'ideal', shown_amount: 1875 });
    expect(first.payment.discount).toBe(624);
    // While that checkout is open the first-purchase offer is taken (the welcome discount too): the
    // page shows the price it would charge.
    expect((await offer(m)).discount).toBeNull();
    psp.setStatus(first.providerId, 'canceled');
    await psp.idle();
    expect((await uses(m)).find((u) => u.payment_id === first.payment.id)?.status).toBe('released');
    expect((await offer(m)).discount?.code).toBe(TIME_BONUS_CODE);
    // The page showed the full price, the server would charge less (or the reverse): refused, nothing made.
    const changed = await pay(m, { package_id: 2, method: 'ideal', shown_amount: 2499 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'price_changed', params: { amount: 1875 } });
    expect((await created(m, { package_id: 2, method: 'ideal', shown_amount: 1875 })).payment.discount).toBe(624);
  });

  it('the welcome discount by GET ?welcome=true, for its window only', async () => {
    const m = await member(5 * 3600);
    const res = await t.call({ method: 'GET', url: '/api/discountcode.php?welcome=true', cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect((res.json() as DiscountCodeResponse).discount).toMatchObject({ code: WELCOME_CODE, value_percentage: 25, ends_in: 67 * 3600 });
    const old = await veteran();
    expect((await t.call({ method: 'GET', url: '/api/discountcode.php?welcome=true', cookie: old.cookie })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/timebonus.php' })).statusCode).toBe(403);
  });
});

describe('bonuses: discount codes', () => {
  it("'Code not found' and 'Code already used' in the member's language; codes are case-insensitive", async () => {
    const m = await veteran();
    const missing = await enter(m, 'NOPE99');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'code_not_found' });
    const ok = await enter(m, 'first20');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as DiscountCodeResponse).discount).toMatchObject({ code: 'FIRST20', kind: 'code', value_percentage: 20, minimum_order_value: 2000 });
    const { payment, providerId } = await created(m, { package_id: 2, method: 'ideal' });
    expect(payment).toMatchObject({ discount: 499, amount: 2000 });
    psp.setStatus(providerId, 'paid');
    await psp.idle();
    const again = await enter(m, 'FIRST20');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'code_used' });
    expect((await offer(m)).discount).toBeNull();
  });

  it('minimum order value and payment-method restrictions; the charged price is the shown one', async () => {
    const m = await veteran();
    expect((await enter(m, 'FIRST20')).statusCode).toBe(200);
    const o = await offer(m);
    // Package 1 (€9.99) is below the €20 minimum: full price; package 2 gets 20 % off.
    expect(discountAmount(o.discount, 999, 'ideal')).toBe(0);
    expect((await created(m, { package_id: 1, method: 'ideal', shown_amount: 999 })).payment.discount).toBe(0);
    expect(await t.call({ method: 'GET', url: '/api/discountcode.php?package_id=1', cookie: m.cookie }).then((r) => r.json())).toEqual({ discount: null });

    const n = await veteran();
    expect((await enter(n, 'IDEAL15')).statusCode).toBe(200);
    const d = (await offer(n)).discount;
    expect(d).toMatchObject({ code: 'IDEAL15', paymentmethods: ['ideal'] });
    expect((await created(n, { package_id: 2, method: 'creditcard', shown_amount: 2499 - discountAmount(d, 2499, 'creditcard') })).payment.discount).toBe(0);
    const viaIdeal = await created(n, { package_id: 3, method: 'ideal', shown_amount: 5999 - discountAmount(d, 5999, 'ideal') });
    expect(viaIdeal.payment).toMatchObject({ discount: 899, amount: 5100 });
    // Reusable: a second iDEAL payment gets it too.
    expect((await created(n, { package_id: 2, method: 'ideal' })).payment.discount).toBe(374);
  });

  it('a code for another country, currency or member does not apply; expired and inactive ones are not found', async () => {
    const bonuses = (await import('../server.ts')).bonusesRef;
    const b = t.kernel.services.get(bonuses);
    const other = await veteran();
    await b.addCode({ code: 'PLONLY', value_percentage: 10, country: 'PL' });
    await b.addCode({ code: 'MINE30', value_percentage: 30, user_id: other.id });
    await b.addCode({ code: 'GONE40', value_percentage: 40, expires_at: new Date(t.kernel.clock.now().getTime() - 1000) });
    await b.addCode({ code: 'OFF40', value_percentage: 40, status: 'inactive' });
    const m = await veteran();
    // A code of another country (or member) answers like an unknown one: nothing tells that it exists.
    for (const code of ['PLONLY', 'MINE30', 'GONE40', 'OFF40', 'NOSUCH1']) {
      const res = await enter(m, code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json(), code).toMatchObject({ error: 'code_not_found', message: 'Code not found' });
    }
    expect((await enter(other, 'MINE30')).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/discountcode.php', cookie: other.cookie, payload: {} })).json()).toEqual({ discount: null });
    expect((await enter(m, 'x'.repeat(61))).statusCode).toBe(400);
  });
});

describe('bonuses: codes cannot be probed', () => {
  it('a GB member entering an existing EUR-only code gets the same answer as for an unknown code', async () => {
    const m = await veteran();
    await t.kernel.db.updateTable('profiles').set({ country: 'GB' }).where('user_id', '=', m.id).execute();
    const existing = await enter(m, 'FIRST20');
    const unknown = await enter(m, 'FIRST21');
    expect(existing.statusCode).toBe(404);
    expect(existing.json()).toEqual(unknown.json());
    expect(existing.json()).toMatchObject({ error: 'code_not_found' });
  });
});
