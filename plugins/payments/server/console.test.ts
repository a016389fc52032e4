import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import type { ConsolePaymentDetail, CreditsOffer, Payment, PaymentSettings, RevenueRow } from '../contract.ts';
import type { TestProvider } from './providers/test.ts';
import { paymentsTestApp } from './testing.ts';

// Its own app: these tests move the clock (refund_days) and change the default domain's packages.
let t: TestApp;
let psp: TestProvider;
type Member = Awaited<ReturnType<typeof addMember>>;
type Staff = Awaited<ReturnType<typeof staffLogin>>;

beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

const credits = () => t.kernel.services.get(creditsRef);
const P = '/api/operator/payments';

/** A member in NL buys package 2 (150 credits, €24.99) with iDEAL, paid at the test provider. */
async function bought(m: Member) {
  await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
  const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 2, method: 'ideal' } });
  expect(res.statusCode, res.body).toBe(200);
  const { payment, redirect_url } = res.json() as { payment: Payment; redirect_url: string };
  const providerId = new URL(redirect_url).searchParams.get('payment')!;
  psp.setStatus(providerId, 'paid');
  await psp.idle();
  return { payment, providerId };
}

const detail = async (admin: Staff, id: number) => {
  const res = await t.call({ method: 'GET', url: `${P}/payment?id=${id}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConsolePaymentDetail;
};
const refund = (admin: Staff, id: number, reason?: string) =>
  t.call({ method: 'POST', url: `${P}/refund`, cookie: admin.cookie, payload: reason === undefined ? { id } : { id, reason } });
const audits = (action: string) => t.kernel.audit.list({ action, limit: 100 });

describe('payments console: who may call it', () => {
  it('answers 404 to visitors and members, 403 to operators, and serves admins, on every endpoint', async () => {
    const member = await addMember(t);
    const operator = await staffLogin(t, 'operator');
    const admin = await staffLogin(t, 'admin');
    const { payment } = await bought(member);
    const calls = [
      { method: 'GET' as const, url: `${P}/list` },
      { method: 'GET' as const, url: `${P}/payment?id=${payment.id}` },
      { method: 'POST' as const, url: `${P}/refund`, payload: { id: payment.id, reason: 'roles test' } },
      { method: 'POST' as const, url: `${P}/chargeback`, payload: { id: payment.id, reason: 'roles test' } },
      { method: 'GET' as const, url: `${P}/revenue` },
      { method: 'GET' as const, url: `${P}/settings?domain=localhost` },
      { method: 'PUT' as const, url: `${P}/settings`, payload: { domain: 'localhost' } },
    ];
    for (const c of calls) {
      expect((await t.call({ ...c })).statusCode, `visitor ${c.url}`).toBe(404);
      expect((await t.call({ ...c, cookie: member.cookie })).statusCode, `member ${c.url}`).toBe(404);
      expect((await t.call({ ...c, cookie: operator.cookie })).statusCode, `operator ${c.url}`).toBe(403);
    }
    // Nothing was changed by those.
    expect((await detail(admin, payment.id)).payment).toMatchObject({ status: 'paid', refunded_credits: 0 });
    for (const c of calls) {
      const res = await t.call({ ...c, cookie: admin.cookie });
      expect(res.statusCode, `admin ${c.url}: ${res.body}`).toBe(200);
    }
  });
});

describe('payments console: the list and a payment', () => {
  it('searches by member id and e-mail, status, method, country and date, paged', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment } = await bought(m);
    const open = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'creditcard' } });
    expect(open.statusCode, open.body).toBe(200);
    const list = async (q: string) => {
      const res = await t.call({ method: 'GET', url: `${P}/list?${q}`, cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { payments: { id: number; email: string | null; status: string }[]; total: number; per_page: number };
    };
    const byEmail = await list(`q=${encodeURIComponent(m.email.toUpperCase())}`);
    expect(byEmail.total).toBe(2);
    expect(byEmail.payments[0]).toMatchObject({ email: m.email });
    expect((await list(`q=${m.id}`)).total).toBe(2);
    expect((await list(`q=${m.id}&status=paid`)).payments.map((p) => p.id)).toEqual([payment.id]);
    expect((await list(`q=${m.id}&method=creditcard`)).payments.map((p) => p.status)).toEqual(['open']);
    expect((await list(`q=${m.id}&country=NL`)).total).toBe(2);
    expect((await list(`q=${m.id}&country=DE`)).total).toBe(0);
    const today = t.kernel.clock.now().toISOString().slice(0, 10);
    expect((await list(`q=${m.id}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(`q=${m.id}&to=2000-01-01`)).total).toBe(0);
    expect((await list('q=nobody@example.com')).total).toBe(0);
    expect((await list('page=1')).per_page).toBe(50);
    expect((await t.call({ method: 'GET', url: `${P}/list?status=bogus`, cookie: admin.cookie })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `${P}/list?from=2026-13-45`, cookie: admin.cookie })).json()).toMatchObject({ error: 'invalid_date' });
    expect((await list('q=99999999999')).total).toBe(0);
    expect((await list('q=9999999999')).total).toBe(0);
  });

  it('shows a payment with its provider history and the ledger entries it caused', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const d = await detail(admin, payment.id);
    expect(d.payment).toMatchObject({ id: payment.id, user_id: m.id, email: m.email, provider: 'test', provider_id: providerId, status: 'paid', amount: 2499 });
    expect(d.events.map((e) => [e.status, e.source])).toEqual(expect.arrayContaining([['open', 'create'], ['paid', 'webhook']]));
    expect(d.ledger).toEqual([expect.objectContaining({ amount: 150, reference: `payment:${payment.id}`, reason: 'payment' })]);
    expect(d.refund).toMatchObject({ within_refund_days: true, refundable_credits: 150, refundable_amount: 2499 });
    expect((await t.call({ method: 'GET', url: `${P}/payment?id=999999`, cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe('payments console: refunds and chargebacks', () => {
  it('refunds the unused credits through the ledger, exactly, once however often it is clicked, audited', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    expect((await credits().spend(m.id, 50, 'chat:text')).status).toBe('spent');
    // A double click: two at once, then another.
    const [a, b] = await Promise.all([refund(admin, payment.id), refund(admin, payment.id)]);
    const c = await refund(admin, payment.id);
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(200);
    expect([a, b, c].map((r) => r.json().already as boolean).sort()).toEqual([false, true, true]);
    // 100 unused credits of 150, their share of €24.99: €16.66, paid back once.
    expect(psp.payment(providerId)!.refunded).toBe(1666);
    expect(await credits().balance(m.id)).toBe(0);
    const d = c.json().detail as ConsolePaymentDetail;
    expect(d.payment).toMatchObject({ refunded_credits: 100, refunded_amount: 1666 });
    expect(d.refunds).toEqual([expect.objectContaining({ credits: 100, amount: 1666, status: 'done' })]);
    expect(d.ledger.map((l) => [l.amount, l.reason])).toEqual([[150, 'payment'], [-100, 'payment:refund']]);
    expect(d.events.some((e) => e.source === 'console' && /refund_requested \(staff/.test(e.note ?? ''))).toBe(true);
    const rows = (await audits('payments.refund')).filter((r) => r.target === `payment:${payment.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.userId, actor_role: 'admin', before: expect.objectContaining({ refunded_amount: 0 }), after: expect.objectContaining({ refunded_amount: 1666, refunded_credits: 100 }) });
    // The member was told, as after their own refund.
    expect((await t.mails(m.email)).at(-1)!.subject).toMatch(/refund/i);
  });

  it('a refund the provider refuses gives the credits back, audited as undone, and may be made again', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const spy = vi.spyOn(psp, 'refund').mockRejectedValueOnce(new Error('provider down'));
    expect((await refund(admin, payment.id)).statusCode).toBe(502);
    spy.mockRestore();
    expect(await credits().balance(m.id)).toBe(150);
    expect((await audits('payments.refund.undone')).filter((r) => r.target === `payment:${payment.id}`)).toHaveLength(1);
    const again = await refund(admin, payment.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().already).toBe(false);
    expect(psp.payment(providerId)!.refunded).toBe(2499);
    const d = again.json().detail as ConsolePaymentDetail;
    // Taken, given back, taken: the ledger says all of it and sums to the balance.
    expect(d.ledger.map((l) => l.amount)).toEqual([150, -150, 150, -150]);
    expect(await credits().balance(m.id)).toBe(0);
  });

  it('an audit row that cannot be written fails the refund: no credits taken, no money sent, no refund row', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const spy = vi.spyOn(t.kernel.audit, 'record').mockRejectedValueOnce(new Error('audit down'));
    expect((await refund(admin, payment.id)).statusCode).toBe(500);
    spy.mockRestore();
    expect(await credits().balance(m.id)).toBe(150);
    expect(psp.payment(providerId)!.refunded).toBe(0);
    const d = await detail(admin, payment.id);
    expect(d.refunds).toEqual([]);
    expect(d.ledger.map((l) => l.amount)).toEqual([150]);
    expect(d.payment).toMatchObject({ refunded_credits: 0, refunded_amount: 0 });
    expect((await refund(admin, payment.id)).statusCode).toBe(200);
  });

  it('after refund_days only with a stated reason', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await bought(m);
    const days = (await t.kernel.sites.resolve('')).refund_days;
    t.kernel.clock.advance(days * 86_400_000 + 1000);
    const admin = await staffLogin(t, 'admin');
    expect((await detail(admin, payment.id)).refund).toMatchObject({ within_refund_days: false, refundable_credits: 150 });
    for (const reason of [undefined, '', '   ']) {
      const res = await refund(admin, payment.id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'reason_required' });
    }
    expect(await credits().balance(m.id)).toBe(150);
    expect(psp.payment(providerId)!.refunded).toBe(0);
    const res = await refund(admin, payment.id, 'Member wrote on day 20: charged twice by the bank');
    expect(res.statusCode, res.body).toBe(200);
    expect(psp.payment(providerId)!.refunded).toBe(2499);
    const row = (await audits('payments.refund')).find((r) => r.target === `payment:${payment.id}`)!;
    expect(row.after).toMatchObject({ reason: 'Member wrote on day 20: charged twice by the bank' });
    // The member's own refund is still bound by refund_days.
    const late = await bought(m);
    t.kernel.clock.advance(days * 86_400_000 + 1000);
    const own = await t.call({ method: 'POST', url: '/api/payments-refund.php', cookie: m.cookie, payload: { id: late.payment.id } });
    expect(own.json()).toMatchObject({ error: 'refund_not_allowed' });
  });

  it('records a chargeback: the unused credits taken back, once, audited', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const { payment } = await bought(m);
    await credits().spend(m.id, 120, 'chat:gift');
    const cb = () => t.call({ method: 'POST', url: `${P}/chargeback`, cookie: admin.cookie, payload: { id: payment.id, reason: 'Bank notice 2026-11-26' } });
    const first = await cb();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, detail: { payment: { status: 'charged_back', reversed_credits: 30 } } });
    expect((await cb()).json()).toMatchObject({ changed: false });
    expect(await credits().balance(m.id)).toBe(0);
    expect((await audits('payments.chargeback')).filter((r) => r.target === `payment:${payment.id}`)).toHaveLength(1);
    const open = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'ideal' } });
    const openId = (open.json() as { payment: Payment }).payment.id;
    const refused = await t.call({ method: 'POST', url: `${P}/chargeback`, cookie: admin.cookie, payload: { id: openId, reason: 'not paid' } });
    expect(refused.json()).toMatchObject({ error: 'chargeback_not_allowed' });
  });
});

describe('payments console: packages, methods and revenue', () => {
  it('a new package price reaches members at once; a misfit is refused naming the field; audited', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
    const offer = async () => (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
    expect((await offer()).packages.find((p) => p.id === 2)!.price).toBe(2499);
    const got = (await t.call({ method: 'GET', url: `${P}/settings`, cookie: admin.cookie })).json() as PaymentSettings;
    expect(got.domain).toBe('localhost');
    expect(got.domains).toContain('localhost');
    const packages = structuredClone(got.credit_packages) as Record<string, { id: number; price: number; credits: number }[]>;
    packages.EUR!.find((p) => p.id === 2)!.price = 1999;
    const save = (body: Record<string, unknown>) => t.call({ method: 'PUT', url: `${P}/settings`, cookie: admin.cookie, payload: { domain: 'localhost', ...body } });
    const ok = await save({ credit_packages: packages });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await offer()).packages.find((p) => p.id === 2)!.price).toBe(1999);
    const row = (await audits('payments.settings')).at(0)!;
    expect(row.target).toBe('site:localhost');
    expect(JSON.stringify(row.before)).toContain('2499');
    expect(JSON.stringify(row.after)).toContain('1999');

    // No change without its audit row.
    const spy = vi.spyOn(t.kernel.audit, 'record').mockRejectedValueOnce(new Error('audit down'));
    const cheaper = structuredClone(packages);
    cheaper.EUR!.find((p) => p.id === 2)!.price = 999;
    expect((await save({ credit_packages: cheaper })).statusCode).toBe(500);
    spy.mockRestore();
    expect((await offer()).packages.find((p) => p.id === 2)!.price).toBe(1999);

    const bad = structuredClone(packages);
    bad.EUR![0]!.price = 0;
    const refused = await save({ credit_packages: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_setting' });
    expect(refused.json().message).toMatch(/credit_packages\/EUR\/0\/price/);
    expect((await save({ payment_methods: { NL: ['bitcoin'] } })).json().message).toMatch(/payment_methods\/NL\/0/);
    expect((await offer()).packages.find((p) => p.id === 2)!.price).toBe(1999);

    // Methods per country: iDEAL off for NL, and the member is no longer offered it.
    const methods = { ...(got.payment_methods as Record<string, string[]>), NL: ['directdebit'] };
    expect((await save({ payment_methods: methods })).statusCode).toBe(200);
    expect((await offer()).methods.map((x) => x.method)).not.toContain('ideal');
    expect((await t.call({ method: 'GET', url: `${P}/settings?domain=nowhere.example`, cookie: admin.cookie })).statusCode).toBe(404);
    // null: the domain no longer sets them; the default row's apply again (as before, for the other tests).
    expect(got.inherited).toEqual(['credit_packages', 'payment_methods']);
    const reset = await save({ credit_packages: null, payment_methods: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((reset.json() as PaymentSettings).inherited).toEqual(['credit_packages', 'payment_methods']);
    expect((await offer()).packages.find((p) => p.id === 2)!.price).toBe(2499);
    expect((await offer()).methods.map((x) => x.method)).toContain('ideal');
  });

  it('revenue per domain, day and currency: gross, refunded, charged back, net', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    const a = await bought(m);
    await bought(m);
    expect((await refund(admin, a.payment.id)).statusCode).toBe(200);
    const day = t.kernel.clock.now().toISOString().slice(0, 10);
    const res = await t.call({ method: 'GET', url: `${P}/revenue?from=${day}&to=${day}&domain=localhost`, cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as RevenueRow[];
    const eur = rows.find((r) => r.currency === 'EUR' && r.day === day && r.domain === 'localhost')!;
    expect(eur.payments).toBeGreaterThanOrEqual(2);
    expect(eur.net).toBe(eur.gross - eur.refunded - eur.charged_back);
    expect(eur.refunded).toBeGreaterThanOrEqual(2499);
    expect((await t.call({ method: 'GET', url: `${P}/revenue?from=2026-02-01&to=2026-01-01`, cookie: admin.cookie })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `${P}/revenue?to=2026-02-30`, cookie: admin.cookie })).json()).toMatchObject({ error: 'invalid_date' });
  });
});
