import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';
import { runSeeds } from '../../../kernel/server/seed.ts';
import { serverPlugins } from '../../server.ts';
import type { CreditsOffer, Payment } from '../../payments/contract.ts';
import { paymentsTestApp } from '../../payments/server/testing.ts';
import type { ConsoleCode, CodeUse } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { ({ t } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

const B = '/api/operator/bonuses';
type Staff = Awaited<ReturnType<typeof staffLogin>>;
const create = (admin: Staff, body: Record<string, unknown>) => t.call({ method: 'POST', url: `${B}/codes`, cookie: admin.cookie, payload: body });
const audits = (action: string) => t.kernel.audit.list({ action, limit: 100 });

describe('discount codes console: who may call it', () => {
  it('answers 404 to visitors and members, 403 to operators, and serves admins, on every endpoint', async () => {
    const member = await addMember(t);
    const operator = await staffLogin(t, 'operator');
    const admin = await staffLogin(t, 'admin');
    const calls = [
      { method: 'GET' as const, url: `${B}/codes` },
      { method: 'POST' as const, url: `${B}/codes`, payload: { code: 'ROLES10', value_percentage: 10, validity: 'reusable' } },
      { method: 'POST' as const, url: `${B}/codes/status`, payload: { code: 'SPRING10', status: 'active' } },
      { method: 'GET' as const, url: `${B}/code?code=SPRING10` },
    ];
    for (const c of calls) {
      expect((await t.call({ ...c })).statusCode, `visitor ${c.url}`).toBe(404);
      expect((await t.call({ ...c, cookie: member.cookie })).statusCode, `member ${c.url}`).toBe(404);
      expect((await t.call({ ...c, cookie: operator.cookie })).statusCode, `operator ${c.url}`).toBe(403);
    }
    const none = await t.call({ method: 'GET', url: `${B}/code?code=ROLES10`, cookie: admin.cookie });
    expect(none.statusCode).toBe(404);
    for (const c of calls) {
      const res = await t.call({ ...c, cookie: admin.cookie });
      expect(res.statusCode, `admin ${c.url}: ${res.body}`).toBe(200);
    }
  });
});

describe('discount codes console', () => {
  it('creates a code with every field of the spec, audited; a member uses it; its uses are listed', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
    const expires = new Date(t.kernel.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const res = await create(admin, {
      code: 'autumn12.5'.replace('.', '_'), value_percentage: 12.5, validity: 'once_per_user', status: 'active', country: 'NL',
      user_id: m.id, expires, currency: 'EUR', minimum_order_value: 2000, paymentmethods: ['ideal', 'creditcard'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().code as ConsoleCode;
    expect(code).toMatchObject({
      code: 'AUTUMN12_5', value_percentage: 12.5, validity: 'once_per_user', status: 'active', country: 'NL', user_id: m.id,
      expires, currency: 'EUR', minimum_order_value: 2000, paymentmethods: ['ideal', 'creditcard'], expired: false,
      created_by: admin.userId, uses: { reserved: 0, used: 0, released: 0 },
    });
    const row = (await audits('bonuses.code.create')).find((r) => r.target === 'discount_code:AUTUMN12_5')!;
    expect(row).toMatchObject({ actor_id: admin.userId, before: null, after: expect.objectContaining({ code: 'AUTUMN12_5', value_percentage: 12.5 }) });
    // Once only.
    expect((await create(admin, { code: 'Autumn12_5', value_percentage: 5, validity: 'reusable' })).statusCode).toBe(409);

    // The member enters it and pays with it: 12.5 % off €24.99 is €3.12.
    const entered = await t.call({ method: 'POST', url: '/api/discountcode.php', cookie: m.cookie, payload: { code: 'autumn12_5' } });
    expect(entered.statusCode, entered.body).toBe(200);
    const offer = (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
    expect(offer.discount).toMatchObject({ code: 'AUTUMN12_5', value_percentage: 12.5 });
    const paid = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 2, method: 'ideal' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = (paid.json() as { payment: Payment }).payment;
    expect(payment).toMatchObject({ discount: 312, amount: 2499 - 312 });

    const uses = await t.call({ method: 'GET', url: `${B}/code?code=autumn12_5`, cookie: admin.cookie });
    expect(uses.statusCode, uses.body).toBe(200);
    expect(uses.json().code.uses).toEqual({ reserved: 1, used: 0, released: 0 });
    expect(uses.json().uses as CodeUse[]).toEqual([expect.objectContaining({ user_id: m.id, email: m.email, payment_id: payment.id, status: 'reserved' })]);

    // Someone else cannot use a personal code.
    const other = await addMember(t);
    await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', other.id).execute();
    expect((await t.call({ method: 'POST', url: '/api/discountcode.php', cookie: other.cookie, payload: { code: 'AUTUMN12_5' } })).statusCode).toBe(404);
  });

  it('refuses a misfit naming the field: a percentage beyond 90 or with three decimals, an unknown method, a past expiry, no such member', async () => {
    const admin = await staffLogin(t, 'admin');
    const base = { code: 'MISFIT', validity: 'reusable' };
    for (const [body, field] of [
      [{ ...base, value_percentage: 95 }, 'value_percentage'],
      [{ ...base, value_percentage: 10.125 }, 'value_percentage'],
      [{ ...base, value_percentage: 10, paymentmethods: ['bitcoin'] }, 'paymentmethods'],
      [{ ...base, value_percentage: 10, country: 'nl' }, 'country'],
      [{ ...base, value_percentage: 10, code: 'a b' }, 'code'],
    ] as const) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    expect((await create(admin, { ...base, value_percentage: 10, expires: '2000-01-01T00:00:00.000Z' })).json()).toMatchObject({ error: 'invalid_expires' });
    // Two decimals are exact (33.33 is no multiple of 0.01 in floating point, and still fine).
    const thirds = await create(admin, { ...base, code: 'THIRD33', value_percentage: 33.33 });
    expect(thirds.statusCode, thirds.body).toBe(200);
    expect(thirds.json().code.value_percentage).toBe(33.33);
    expect((await create(admin, { ...base, value_percentage: 10, user_id: 99_999_999 })).json()).toMatchObject({ error: 'member_not_found' });
    expect((await create(admin, { ...base, value_percentage: 10, code: 'welcome25' })).statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: `${B}/code?code=MISFIT`, cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('a deactivated code is unknown to members and no longer their choice; audited; the seed does not bring it back', async () => {
    const admin = await staffLogin(t, 'admin');
    const m = await addMember(t);
    expect((await t.call({ method: 'POST', url: '/api/discountcode.php', cookie: m.cookie, payload: { code: 'SPRING10' } })).statusCode).toBe(200);
    const off = await t.call({ method: 'POST', url: `${B}/codes/status`, cookie: admin.cookie, payload: { code: 'spring10', status: 'inactive' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().code).toMatchObject({ code: 'SPRING10', status: 'inactive', created_by: null });
    const offer = (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as CreditsOffer;
    expect(offer.discount).toBeNull();
    expect((await t.call({ method: 'POST', url: '/api/discountcode.php', cookie: m.cookie, payload: { code: 'SPRING10' } })).statusCode).toBe(404);
    const row = (await audits('bonuses.code.deactivate')).find((r) => r.target === 'discount_code:SPRING10')!;
    expect(row).toMatchObject({ before: expect.objectContaining({ status: 'active' }), after: expect.objectContaining({ status: 'inactive' }) });
    // A restart seeds the example codes again: what the console changed stays.
    await runSeeds(t.kernel, serverPlugins, { demo: true, profiles: 0 });
    const list = await t.call({ method: 'GET', url: `${B}/codes?q=spring`, cookie: admin.cookie });
    expect(list.json().codes).toEqual([expect.objectContaining({ code: 'SPRING10', status: 'inactive' })]);
    const on = await t.call({ method: 'POST', url: `${B}/codes/status`, cookie: admin.cookie, payload: { code: 'SPRING10', status: 'active' } });
    expect(on.json().code.status).toBe('active');
    expect((await t.call({ method: 'POST', url: `${B}/codes/status`, cookie: admin.cookie, payload: { code: 'NOPE123', status: 'active' } })).statusCode).toBe(404);
  });

  it('lists codes newest first, filtered by status, with their counts', async () => {
    const admin = await staffLogin(t, 'admin');
    expect((await create(admin, { code: 'LISTME1', value_percentage: 5, validity: 'reusable', status: 'inactive' })).statusCode).toBe(200);
    const res = await t.call({ method: 'GET', url: `${B}/codes?status=inactive`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const { codes, total } = res.json() as { codes: ConsoleCode[]; total: number };
    expect(codes[0]).toMatchObject({ code: 'LISTME1', status: 'inactive' });
    expect(codes.every((c) => c.status === 'inactive')).toBe(true);
    expect(total).toBe(codes.length);
  });
});
