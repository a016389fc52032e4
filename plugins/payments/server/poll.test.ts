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
