import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../kernel/server/testing.ts';
import { paymentsTestApp } from './testing.ts';
import { addMember } from '../../testing.ts';
import { creditsRef } from '../../credits/server.ts';
import type { Payment } from '../contract.ts';
import type { TestProvider } from './providers/test.ts';

// Its own app: these tests move the app's clock forward.
let t: TestApp;
let psp: TestProvider;
beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

type Member = Awaited<ReturnType<typeof addMember>>;
const start = async (m: Member, method = 'creditcard') => {
  const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method } });
  expect(res.statusCode, res.body).toBe(200);
  const { payment, redirect_url } = res.json() as { payment: Payment; redirect_url: string };
  return { payment, providerId: new URL(redirect_url).searchParams.get('payment')! };
};
const statusOf = async (id: number) => (await t.kernel.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const balance = (m: Member) => t.kernel.services.get(creditsRef).balance(m.id);
const runJobs = () => t.kernel.jobs.runDue({ periodic: 'all' });

describe('payments: the poll for webhooks that never came', () => {
  it('pending, then paid without a webhook: the job asks the provider after 2 minutes and credits once', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    psp.setStatus(providerId, 'pending');
    await psp.idle();
    expect(await statusOf(payment.id)).toBe('pending');
    // Paid at the provider, but its webhook is lost.
    psp.setStatus(providerId, 'paid', { webhook: false });
    await runJobs();
    expect(await statusOf(payment.id)).toBe('pending'); // too young to poll yet
    t.kernel.clock.advance(3 * 60_000);
    await runJobs();
    expect(await statusOf(payment.id)).toBe('paid');
    expect(await balance(m)).toBe(50);
    await runJobs();
    expect(await balance(m)).toBe(50);
    expect(await t.kernel.services.get(creditsRef).isPaid(m.id)).toBe(true);
  });

  it('gives up after 24 hours (expired, nothing credited), but a bank transfer is waited for two weeks', async () => {
    const m = await addMember(t);
    const card = await start(m);
    const transfer = await start(m, 'banktransfer');
    t.kernel.clock.advance(25 * 3600_000);
    await runJobs();
    expect(await statusOf(card.payment.id)).toBe('expired');
    expect(await statusOf(transfer.payment.id)).toBe('open');
    expect(await balance(m)).toBe(0);
    // The money arrives after all: the provider is the truth about money, so it is credited then.
    psp.setStatus(card.providerId, 'paid');
    await psp.idle();
    expect(await statusOf(card.payment.id)).toBe('paid');
    expect(await balance(m)).toBe(50);
    t.kernel.clock.advance(14 * 24 * 3600_000);
    await runJobs();
    expect(await statusOf(transfer.payment.id)).toBe('expired');
    expect(await balance(m)).toBe(50);
  });

  it('a payment the provider cannot tell about (the test PSP restarted, say) still expires after 24 hours', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    const fetch = vi.spyOn(psp, 'fetch').mockRejectedValue(new Error('provider down'));
    try {
      t.kernel.clock.advance(3 * 60_000);
      await runJobs();
      expect(await statusOf(payment.id)).toBe('open');
      expect(fetch).toHaveBeenCalledWith(providerId);
      t.kernel.clock.advance(24 * 3600_000);
      await runJobs();
      expect(await statusOf(payment.id)).toBe('expired');
    } finally {
      fetch.mockRestore();
    }
    expect(await balance(m)).toBe(0);
  });

  it('pending, then paid on the checkout page: both steps arrive by webhook', async () => {
    const m = await addMember(t);
    const { payment, providerId } = await start(m);
    const secret = psp.payment(providerId)!.secret;
    expect(psp.choose(providerId, secret, 'pending_paid')).not.toBeNull();
    // A second choice from the same page changes nothing at the provider.
    psp.choose(providerId, secret, 'failed');
    await new Promise((r) => setTimeout(r, 700));
    expect(await statusOf(payment.id)).toBe('pending');
    await psp.idle();
    expect(await statusOf(payment.id)).toBe('paid');
    expect(await balance(m)).toBe(50);
  });
});

describe('payments: paid late, after its discount was used again meanwhile', () => {
  const enter = (m: Member, code: string) => t.call({ method: 'POST', url: '/api/discountcode.php', cookie: m.cookie, payload: { code } });
  const veteran = async () => {
    const m = await addMember(t);
    await t.kernel.db.updateTable('profiles').set({ country: 'NL' }).where('user_id', '=', m.id).execute();
    await t.kernel.db.updateTable('users').set({ signup_date: new Date(t.kernel.clock.now().getTime() - 400 * 3600_000) }).where('id', '=', m.id).execute();
    return m;
  };
  const pay = async (m: Member) => {
    const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 2, method: 'creditcard' } });
    expect(res.statusCode, res.body).toBe(200);
    const { payment, redirect_url } = res.json() as { payment: Payment; redirect_url: string };
    return { payment, providerId: new URL(redirect_url).searchParams.get('payment')! };
  };
  const events = (id: number) => t.kernel.db.selectFrom('payment_events').select(['status', 'note']).where('payment_id', '=', id).orderBy('id').execute();

  it('paid after expired, with the once-per-member code reused by a second payment: credited once, the discount stands', async () => {
    const m = await veteran();
    expect((await enter(m, 'FIRST20')).statusCode).toBe(200);
    const p1 = await pay(m);
    expect(p1.payment.discount).toBe(499);
    // The checkout is abandoned: after 24 hours the poll gives up and the code is free again.
    t.kernel.clock.advance(25 * 3600_000);
    await runJobs();
    expect(await statusOf(p1.payment.id)).toBe('expired');
    const p2 = await pay(m);
    expect(p2.payment.discount).toBe(499);
    psp.setStatus(p2.providerId, 'paid');
    await psp.idle();
    expect(await statusOf(p2.payment.id)).toBe('paid');
    const after2 = await balance(m);

    // Then the provider reports the first one paid after all: the money was taken, so it is credited.
    psp.setStatus(p1.providerId, 'paid');
    await psp.idle();
    expect(await statusOf(p1.payment.id)).toBe('paid');
    expect(await balance(m)).toBe(after2 + p1.payment.credits);
    // Replays of the webhook and later polls change nothing.
    psp.setStatus(p1.providerId, 'paid');
    await psp.idle();
    await runJobs();
    expect(await balance(m)).toBe(after2 + p1.payment.credits);
    const ledger = await t.kernel.services.get(creditsRef).entries(m.id);
    expect(ledger.filter((e) => e.reference === `payment:${p1.payment.id}`)).toHaveLength(1);
    // Both uses are counted; the late one over the code's limit, and its history says so.
    const uses = await t.kernel.db.selectFrom('discount_code_uses').select(['payment_id', 'status', 'once']).where('user_id', '=', m.id).orderBy('id').execute();
    expect(uses).toEqual([
      { payment_id: p1.payment.id, status: 'used', once: false },
      { payment_id: p2.payment.id, status: 'used', once: true },
    ]);
    expect((await events(p1.payment.id)).some((e) => e.status === 'paid' && /over its once-per-member limit/.test(e.note ?? ''))).toBe(true);
  });

  it('a side effect that fails never leaves a paid payment uncredited: credited without it, the failure recorded', async () => {
    const { bonusesRef } = await import('../../bonuses/server.ts');
    const m = await veteran();
    expect((await enter(m, 'FIRST20')).statusCode).toBe(200);
    const p = await pay(m);
    expect(p.payment.discount).toBe(499);
    const confirm = vi.spyOn(t.kernel.services.get(bonusesRef).source, 'confirm').mockRejectedValue(new Error('discount bookkeeping down'));
    try {
      psp.setStatus(p.providerId, 'paid');
      await psp.idle();
      expect(confirm).toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }

    expect(await statusOf(p.payment.id)).toBe('paid');
    expect(await balance(m)).toBe(p.payment.credits);
    expect((await events(p.payment.id)).some((e) => e.status === 'paid' && /side_effect_failed: discount bookkeeping down/.test(e.note ?? ''))).toBe(true);
  });
});
