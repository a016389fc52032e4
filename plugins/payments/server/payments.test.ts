import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metricValue, type TestApp } from '../../../kernel/server/testing.ts';
import { paymentsTestApp } from './testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import type { CreditsOffer, Payment, PaymentMethod } from '../contract.ts';
import { paymentsRef } from '../server.ts';
import { CREATES_PER_HOUR } from './routes.ts';
import { RETURN_SYNC_MS } from './service.ts';
import type { TestOutcome, TestProvider } from './providers/test.ts';

let t: TestApp;
let psp: TestProvider;
type Member = Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

const setCountry = (m: Member, country: string) => t.kernel.db.updateTable('profiles').set({ country }).where('user_id', '=', m.id).execute();
const balance = (m: Member) => t.kernel.services.get(creditsRef).balance(m.id);
const ledger = async (m: Member, paymentId: number) =>
  (await t.kernel.services.get(creditsRef).entries(m.id)).filter((e) => e.reference === `payment:${paymentId}`);
const getPayment = async (m: Member, id: number) => {
  const res = await t.call({ method: 'GET', url: `/api/payments.php?id=${id}`, cookie: m.cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { payment: Payment }).payment;
};
/** The provider calls our webhook (as Mollie does: the id only). */
const webhook = (providerId: string) => t.app.inject({
  method: 'POST', url: '/api/payments-webhook.php?provider=test',
  headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${encodeURIComponent(providerId)}`,
});

async function start(m: Member, body: { package_id: number; method: PaymentMethod } = { package_id: 1, method: 'creditcard' }) {
  const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const { payment, redirect_url } = res.json() as { payment: Payment; redirect_url: string };
  const providerId = new URL(redirect_url).searchParams.get('payment')!;
  return { payment, redirect_url, providerId };
}

/** The payer's round trip: our checkout answer → the test PSP's page → a choice → back to us; then its webhook. */
async function buy(m: Member, outcome: TestOutcome, body?: { package_id: number; method: PaymentMethod }) {
  const started = await start(m, body);
  const url = new URL(started.redirect_url);
  expect(url.pathname).toBe('/api/test-checkout.php');
  const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const secret = /name="secret" value="([^"]+)"/.exec(page.body)![1];
  const chosen = await t.app.inject({
    method: 'POST', url: '/api/test-checkout.php', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment: started.providerId, secret, outcome }).toString(),
  });
  expect(chosen.statusCode).toBe(303);
  expect(new URL(chosen.headers.location as string).pathname).toBe(`/transactions/${started.payment.id}`);
  await psp.idle();
  return started;
}

describe('payments: buying credits with the test provider', () => {
  it('counts payments by the status they reach on /metrics (payments_status_total)', async () => {
    const m = await addMember(t);
    const counts = async () => Promise.all(['open', 'paid', 'failed'].map((status) => metricValue(t, 'payments_status_total', { status })));
    const [open, paid, failed] = await counts();
    await buy(m, 'paid');
    await buy(m, 'failed');
    expect(await counts()).toEqual([open + 2, paid + 1, failed + 1]);
  });

  it('buys end to end: paid → credited once, premium, the user object shows both, realtime told', async () => {
    const m = await addMember(t);
    await setCountry(m, 'NL');
    const publish = vi.spyOn(t.kernel.realtime, 'publish');
    const { payment } = await buy(m, 'paid', { package_id: 2, method: 'ideal' });
    expect(payment).toMatchObject({ status: 'open', package_id: 2, credits: 150, amount: 2499, fee: 0, currency: 'EUR', method: 'ideal', country: 'NL' });
    const after = await getPayment(m, payment.id);
    expect(after.status).toBe('paid');
    expect(after.paid_at).not.toBeNull();
    expect(await balance(m)).toBe(150);
    expect(await ledger(m, payment.id)).toHaveLength(1);
    const user = (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json() as { user: { credits: number; paid_user: boolean } };
    expect(user.user).toMatchObject({ credits: 150, paid_user: true });
    expect(publish).toHaveBeenCalledWith(m.id, expect.objectContaining({ type: 'payments:status', payment: expect.objectContaining({ id: payment.id, status: 'paid' }) }));
    publish.mockRestore();
    // History, newest first; the offer remembers the last order.
    await buy(m, 'failed');
    const list = (await t.call({ method: 'GET', url: '/api/payments.php', cookie: m.cookie })).json() as { payments: Payment[] };
    expect(list.payments.map((p) => p.status)).toEqual(['failed', 'paid']);
    const offer = (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
    expect(offer.last_order).toEqual({ package_id: 2, method: 'ideal' });
  });

  it.each(['failed', 'canceled', 'expired'] as const)('%s → no credits, not premium', async (outcome) => {
    const m = await addMember(t);
    const { payment } = await buy(m, outcome);
    expect((await getPayment(m, payment.id)).status).toBe(outcome);
    expect(await balance(m)).toBe(0);
    expect(await t.kernel.services.get(creditsRef).isPaid(m.id)).toBe(false);
  });

  it('pending, then paid: follows the provider through both', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    psp.setStatus(providerId, 'pending');
    await psp.idle();
    expect((await getPayment(m, payment.id)).status).toBe('pending');
    expect(await balance(m)).toBe(0);
    psp.setStatus(providerId, 'paid');
    await psp.idle();
    expect((await getPayment(m, payment.id)).status).toBe('paid');
    expect(await balance(m)).toBe(50);
  });

  it('premium comes with the first purchase only; a second purchase adds credits, nothing else', async () => {
    const m = await addMember(t);
    const credits = t.kernel.services.get(creditsRef);
    await start(m); // made but never paid
    expect(await credits.isPaid(m.id)).toBe(false);
    const markPaid = vi.spyOn(credits, 'markPaid');
    await buy(m, 'paid');
    expect(await credits.isPaid(m.id)).toBe(true);
    const [first] = await Promise.all(markPaid.mock.results.map((r) => r.value as Promise<{ changed: boolean }>));
    expect(first).toEqual({ changed: true });
    markPaid.mockClear();
    await buy(m, 'paid', { package_id: 3, method: 'creditcard' });
    const again = await Promise.all(markPaid.mock.results.map((r) => r.value as Promise<{ changed: boolean }>));
    expect(again.every((r) => !r.changed)).toBe(true);
    markPaid.mockRestore();
    expect(await balance(m)).toBe(450);
  });
});

describe('payments: exactly once, whatever arrives', () => {
  it('a webhook replayed 3 times, then 3 in parallel: credited once', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await buy(m, 'paid');
    for (let i = 0; i < 3; i++) expect((await webhook(providerId)).statusCode).toBe(200);
    expect((await Promise.all([webhook(providerId), webhook(providerId), webhook(providerId)])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await balance(m)).toBe(50);
    expect(await ledger(m, payment.id)).toHaveLength(1);
  });

  it('50 parallel webhooks for one payment: one ledger entry, one paid event', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m, { package_id: 4, method: 'creditcard' });
    psp.setStatus(providerId, 'paid', { webhook: false });
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(providerId)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(m)).toBe(1000);
    expect(await ledger(m, payment.id)).toHaveLength(1);
    const events = await t.kernel.db.selectFrom('payment_events').select('status').where('payment_id', '=', payment.id).execute();
    expect(events.filter((e) => e.status === 'paid')).toHaveLength(1);
  });

  it('out of order: failed after paid does not un-pay; paid after refunded does not credit again', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await buy(m, 'paid');
    psp.setStatus(providerId, 'failed', { webhook: false });
    await webhook(providerId);
    expect((await getPayment(m, payment.id)).status).toBe('paid');
    psp.setStatus(providerId, 'pending', { webhook: false });
    await webhook(providerId);
    expect((await getPayment(m, payment.id)).status).toBe('paid');
    // Refunded in full at the provider.
    psp.setStatus(providerId, 'paid', { webhook: false });
    psp.payment(providerId)!.refunded = payment.amount;
    await webhook(providerId);
    expect((await getPayment(m, payment.id)).status).toBe('refunded');
    // A late "paid" (refund forgotten at the provider, or an old webhook): stays refunded, no credits.
    psp.payment(providerId)!.refunded = 0;
    await Promise.all([webhook(providerId), webhook(providerId)]);
    expect((await getPayment(m, payment.id)).status).toBe('refunded');
    // Credited once; the refund made at the provider took the (unspent) credits back, once.
    expect(await ledger(m, payment.id)).toHaveLength(1);
    expect(await balance(m)).toBe(0);
    expect((await t.kernel.services.get(creditsRef).entries(m.id)).filter((e) => e.reference === `reversal:${payment.id}`)).toHaveLength(1);
  });

  it('a paid webhook arriving before the pending one: paid, and the late pending changes nothing', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    psp.setStatus(providerId, 'paid', { webhook: false });
    await webhook(providerId);
    psp.setStatus(providerId, 'pending', { webhook: false });
    await webhook(providerId);
    expect((await getPayment(m, payment.id)).status).toBe('paid');
    expect(await balance(m)).toBe(50);
  });

  it('hands the provider the webhook body byte for byte, whatever its type (Stripe signs those bytes)', async () => {
    const parse = vi.spyOn(psp, 'parseWebhook');
    const raw = '{"id":"evt_1",  "type":"checkout.session.completed"}';
    const res = await t.app.inject({ method: 'POST', url: '/api/payments-webhook.php?provider=test', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: raw });
    expect(res.statusCode).toBe(400); // not a test-provider webhook
    const arg = parse.mock.calls[0][0];
    expect(Buffer.isBuffer(arg.rawBody) && arg.rawBody.toString('utf8')).toBe(raw);
    expect(arg.headers['stripe-signature']).toBe('t=1,v1=x');
    parse.mockRestore();
  });

  it('webhooks the provider does not recognise: 400, nothing changes', async () => {
    const m = await addMember(t);
    const { payment } = await start(m);
    expect((await webhook('tp_nosuchpayment')).statusCode).toBe(400);
    const other = await t.app.inject({ method: 'POST', url: '/api/payments-webhook.php?provider=mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=tr_abc' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: 'webhook_invalid' });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments-webhook.php' })).statusCode).toBe(400);
    expect((await getPayment(m, payment.id)).status).toBe('open');
  });
});

describe('payments: the payer back from checkout', () => {
  it('a lost webhook: reading the waiting payment asks the provider (at most every 10 s)', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    expect((await getPayment(m, payment.id)).status).toBe('open'); // asked now: open
    psp.setStatus(providerId, 'paid', { webhook: false });
    expect((await getPayment(m, payment.id)).status).toBe('open'); // asked a moment ago: not again yet
    t.kernel.clock.advance(RETURN_SYNC_MS);
    expect((await getPayment(m, payment.id)).status).toBe('paid');
    expect(await balance(m)).toBe(50);
    const events = await t.kernel.db.selectFrom('payment_events').select(['status', 'source']).where('payment_id', '=', payment.id).orderBy('id').execute();
    expect(events).toEqual([{ status: 'open', source: 'create' }, { status: 'paid', source: 'return' }]);
  });
});

describe('payments: amounts and access', () => {
  it(`limits payment creations to ${CREATES_PER_HOUR} an hour per member`, async () => {
    const m = await addMember(t);
    const max = CREATES_PER_HOUR * t.kernel.config.rateLimitFactor;
    const codes: number[] = [];
    for (let i = 0; i <= max; i++) {
      codes.push((await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'creditcard' } })).statusCode);
    }
    expect(codes.slice(0, max).every((c) => c === 200)).toBe(true);
    expect(codes[max]).toBe(429);
  });

  it("an erased member's payments stay as records without the member", async () => {
    const m = await addMember(t);
    const { payment } = await buy(m, 'paid');
    await t.kernel.db.deleteFrom('users').where('id', '=', m.id).execute();
    const row = await t.kernel.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, status: 'paid', amount: 899, currency: 'GBP' });
  });

  it('the browser cannot send an amount; unknown packages and methods are refused with clear errors', async () => {
    const m = await addMember(t);
    const send = (payload: object) => t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload });
    const tampered = await send({ package_id: 4, method: 'creditcard', amount: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ error: 'invalid_input' });
    expect((await send({ package_id: 99, method: 'creditcard' })).json()).toMatchObject({ error: 'unknown_package' });
    const ideal = await send({ package_id: 1, method: 'ideal' }); // a GB member
    expect(ideal.statusCode).toBe(400);
    expect(ideal.json()).toMatchObject({ error: 'method_not_offered' });
    expect((await send({ package_id: 1, method: 'giropay' })).statusCode).toBe(400);
    expect((await send({ package_id: '1; DROP TABLE', method: 'creditcard' })).statusCode).toBe(400);
    // Paysafecard takes at most €50 (here £43): package 4 is above it.
    expect((await send({ package_id: 4, method: 'paysafecard' })).json()).toMatchObject({ error: 'method_not_offered' });
    const fee = await send({ package_id: 1, method: 'paysafecard' });
    expect((fee.json() as { payment: Payment }).payment).toMatchObject({ amount: 899 + 100, fee: 100, currency: 'GBP' });
    expect(await t.kernel.db.selectFrom('payments').select('id').where('user_id', '=', m.id).execute()).toHaveLength(1);
  });

  it('a provider reporting another amount is not credited (and the status stays)', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m, { package_id: 4, method: 'creditcard' });
    psp.payment(providerId)!.amount = 899;
    psp.setStatus(providerId, 'paid', { webhook: false });
    expect((await webhook(providerId)).statusCode).toBe(200);
    expect((await getPayment(m, payment.id)).status).toBe('open');
    expect(await balance(m)).toBe(0);
    psp.payment(providerId)!.amount = payment.amount;
    psp.payment(providerId)!.currency = 'EUR';
    await webhook(providerId);
    expect(await balance(m)).toBe(0);
    const notes = await t.kernel.db.selectFrom('payment_events').select('note').where('payment_id', '=', payment.id).execute();
    expect(notes.filter((n) => n.note?.startsWith('amount_mismatch'))).toHaveLength(2);
  });

  it("another member's payment is as absent as a missing one; visitors must log in", async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    const { payment } = await start(a);
    const res = await t.call({ method: 'GET', url: `/api/payments.php?id=${payment.id}`, cookie: b.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'payment_not_found' });
    expect((await t.call({ method: 'GET', url: '/api/payments.php?id=2147483000', cookie: b.cookie })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/payments.php', cookie: b.cookie })).json()).toEqual({ payments: [] });
    expect((await t.call({ method: 'GET', url: `/api/payments.php?id=${payment.id}` })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/payments.php', payload: { package_id: 1, method: 'creditcard' } })).statusCode).toBe(403);
  });

  it('the checkout page escapes, and its choice needs the page secret', async () => {
    const m = await addMember(t);
    const { providerId } = await start(m);
    const forged = await t.app.inject({
      method: 'POST', url: '/api/test-checkout.php', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payment: providerId, secret: 'guessed', outcome: 'paid' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    await psp.idle();
    expect(psp.payment(providerId)!.status).toBe('open');
    psp.payment(providerId)!.description = '<script>alert(1)</script>';
    const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout.php?payment=${providerId}` });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&#60;script&#62;');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await t.app.inject({ method: 'GET', url: '/api/test-checkout.php?payment=tp_unknown' })).statusCode).toBe(404);
  });

  it('without a provider (production without one configured) every payments route answers 503', async () => {
    // The plugin's own switch (used at start): none of the PaymentsService other plugins see.
    const payments = t.kernel.services.get(paymentsRef) as unknown as { use(p: unknown, why: string | null): void };
    const m = await addMember(t);
    payments.use(null, 'no provider');
    try {
      for (const res of [
        await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie }),
        await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'creditcard' } }),
        await webhook('tp_x'),
      ]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ error: 'payments_unavailable' });
      }
    } finally {
      payments.use(psp, null);
    }
    expect((await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).statusCode).toBe(200);
  });
});

describe('payments: what each country is offered', () => {
  const offerIn = async (country: string) => {
    const m = await addMember(t);
    await setCountry(m, country);
    const res = await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    const offer = res.json() as CreditsOffer;
    return { ...offer, names: offer.methods.map((x) => x.method) };
  };

  it('NL: EUR with iDEAL', async () => {
    const o = await offerIn('NL');
    expect(o).toMatchObject({ country: 'NL', currency: 'EUR', last_order: null });
    expect(o.packages.map((p) => [p.id, p.credits, p.price, p.currency])).toEqual([[1, 50, 999, 'EUR'], [2, 150, 2499, 'EUR'], [3, 400, 5999, 'EUR'], [4, 1000, 12999, 'EUR']]);
    expect(o.names).toEqual(expect.arrayContaining(['creditcard', 'paypal', 'ideal', 'banktransfer']));
    expect(o.names).not.toContain('blik');
    expect(o.methods.find((x) => x.method === 'paysafecard')).toEqual({ method: 'paysafecard', fee: 100, max: 5000 });
    expect(o.methods.find((x) => x.method === 'banktransfer')).toMatchObject({ delayed: true, fee: 0 });
  });

  it('PL: PLN with BLIK and Przelewy24', async () => {
    const o = await offerIn('PL');
    expect(o.currency).toBe('PLN');
    expect(o.packages[0]).toMatchObject({ price: 4299, currency: 'PLN' });
    expect(o.names).toEqual(expect.arrayContaining(['blik', 'przelewy24', 'creditcard']));
    expect(o.names).not.toContain('ideal');
  });

  it('SE: SEK with Swish; GB: GBP without iDEAL; an unpriced country pays in EUR', async () => {
    const se = await offerIn('SE');
    expect(se.currency).toBe('SEK');
    expect(se.names).toContain('swish');
    const gb = await offerIn('GB');
    expect(gb.currency).toBe('GBP');
    expect(gb.names).not.toContain('ideal');
    expect(gb.names).not.toContain('swish');
    const us = await offerIn('US');
    expect(us.currency).toBe('EUR');
    expect(us.names).not.toContain('ideal');
  });

  it('pricing for visitors, by the asked country', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing.php?country=pl' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { country: string; currency: string; packages: unknown[]; message_costs: unknown };
    expect(body).toMatchObject({ country: 'PL', currency: 'PLN', message_costs: { message: 5, photo: 10, gift: 20 } });
    expect(body.packages).toHaveLength(4);
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing.php?country=<x>' })).statusCode).toBe(400);
  });
});
