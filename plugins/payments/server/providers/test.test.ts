// The test provider's direct debit: steered by test IBANs, reported by webhook like its checkouts.
import Fastify from 'fastify';
import { isValidIBAN } from 'ibantools';
import { afterEach, describe, expect, it } from 'vitest';
import type { DebitInput } from '../provider.ts';
import { serveWith } from '../../../../kernel/server/endpoints.ts';
import { testCheckoutRoutes } from './test-checkout.ts';
import { createTestProvider, TEST_DEBIT_IBANS, type TestProvider } from './test.ts';

const WEBHOOK = 'https://flirt.example/api/payments-webhook.php?provider=test';
const debitInput = (iban: string, extra: Partial<DebitInput> = {}): DebitInput => ({
  reference: 'payment-9', amount: 2999, currency: 'EUR', description: '300 credits', webhookUrl: WEBHOOK, locale: 'de',
  holder: 'Erika Mustermann', iban, mandateReference: 'FLIRT-9-AB12', signedAt: new Date('2026-11-24T10:00:00Z'),
  email: 'erika@example.com', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', ...extra,
});

let psp: TestProvider;
/** Every webhook, with what fetch() answered when it arrived (as our route would see it). */
let seen: { url: string; id: string; status: string; chargedBack: number }[];

function start(pendingMs = 30) {
  psp = createTestProvider({ webhookDelayMs: [0, 5], pendingMs });
  seen = [];
  psp.useDelivery(async (url, body) => {
    const id = new URLSearchParams(body).get('id')!;
    const s = await psp.fetch(id);
    seen.push({ url, id, status: s.status, chargedBack: s.chargedBack });
  });
  return psp;
}
afterEach(() => psp?.close());

describe('test provider: direct debit', () => {
  it('names valid test IBANs', () => {
    for (const iban of Object.values(TEST_DEBIT_IBANS)) expect(isValidIBAN(iban), iban).toBe(true);
    expect(new Set(Object.values(TEST_DEBIT_IBANS)).size).toBe(4);
    expect(start().methods).toContain('directdebit');
  });

  it('takes a debit as pending, keeps what the bank was sent, and reports paid by webhook later', async () => {
    start();
    const { providerId } = await psp.debit!(debitInput('NL91ABNA0417164300'));
    expect(providerId).toMatch(/^tp_/);
    expect(await psp.fetch(providerId)).toEqual({ status: 'pending', amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 0 });
    expect(psp.payment(providerId)).toMatchObject({
      method: 'directdebit', reference: 'payment-9', description: '300 credits', decided: true,
      debit: { holder: 'Erika Mustermann', iban: 'NL91ABNA0417164300', mandateReference: 'FLIRT-9-AB12', email: 'erika@example.com' },
    });
    expect(seen).toEqual([]); // the caller knows it is pending: no webhook for that
    await psp.idle();
    expect(seen).toEqual([{ url: WEBHOOK, id: providerId, status: 'paid', chargedBack: 0 }]);
    expect((await psp.fetch(providerId)).status).toBe('paid');
  });

  it('pays the paid test IBAN, fails the failed one', async () => {
    start();
    const paid = await psp.debit!(debitInput(TEST_DEBIT_IBANS.paid));
    const failed = await psp.debit!(debitInput(TEST_DEBIT_IBANS.failed, { reference: 'payment-10' }));
    expect((await psp.fetch(failed.providerId)).status).toBe('pending');
    await psp.idle();
    expect((await psp.fetch(paid.providerId)).status).toBe('paid');
    expect(await psp.fetch(failed.providerId)).toEqual({ status: 'failed', amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 0 });
    expect(seen.filter((w) => w.id === failed.providerId)).toEqual([{ url: WEBHOOK, id: failed.providerId, status: 'failed', chargedBack: 0 }]);
  });

  it('pays, then charges back the chargeback test IBAN in full, each step by webhook', async () => {
    start();
    const { providerId } = await psp.debit!(debitInput(TEST_DEBIT_IBANS.chargedBack));
    await psp.idle();
    expect(seen).toEqual([
      { url: WEBHOOK, id: providerId, status: 'paid', chargedBack: 0 },
      { url: WEBHOOK, id: providerId, status: 'paid', chargedBack: 2999 },
    ]);
    expect(await psp.fetch(providerId)).toEqual({ status: 'paid', amount: 2999, currency: 'EUR', refunded: 0, chargedBack: 2999 });
    await expect(psp.refund(providerId, 1, 'EUR')).rejects.toThrow(/refused/);
  });

  it('refuses the refused test IBAN, an invalid IBAN, other currencies and bad amounts, storing nothing', async () => {
    start();
    await expect(psp.debit!(debitInput(TEST_DEBIT_IBANS.refused))).rejects.toThrow(/blocked/);
    await expect(psp.debit!(debitInput('NL91ABNA0417164301'))).rejects.toThrow(/invalid IBAN/);
    await expect(psp.debit!(debitInput(TEST_DEBIT_IBANS.paid, { currency: 'PLN' }))).rejects.toThrow(/EUR/);
    await expect(psp.debit!(debitInput(TEST_DEBIT_IBANS.paid, { amount: 0 }))).rejects.toThrow(/amount/);
    await expect(psp.debit!(debitInput(TEST_DEBIT_IBANS.paid, { amount: 19.5 }))).rejects.toThrow(/amount/);
    await psp.idle();
    expect(seen).toEqual([]);
  });

  it('refunds a paid debit in parts, never more than was paid', async () => {
    start();
    const { providerId } = await psp.debit!(debitInput(TEST_DEBIT_IBANS.paid));
    await expect(psp.refund(providerId, 100, 'EUR')).rejects.toThrow(/refused/); // still pending
    await psp.idle();
    expect((await psp.refund(providerId, 999, 'EUR')).refundId).toMatch(/^tr_/);
    await psp.refund(providerId, 2000, 'EUR');
    await expect(psp.refund(providerId, 1, 'EUR')).rejects.toThrow(/refused/);
    await psp.idle();
    expect(await psp.fetch(providerId)).toEqual({ status: 'paid', amount: 2999, currency: 'EUR', refunded: 2999, chargedBack: 0 });
    expect(seen.at(-1)).toEqual({ url: WEBHOOK, id: providerId, status: 'paid', chargedBack: 0 });
  });

  it('charges back what a paid payment has not refunded, only once, and only when paid', async () => {
    start();
    const { providerId } = await psp.create({
      reference: 'payment-11', amount: 1500, currency: 'EUR', method: 'creditcard', description: '150 credits',
      returnUrl: 'https://flirt.example/transactions/11', webhookUrl: WEBHOOK, locale: 'en',
    });
    psp.chargeback(providerId);
    expect((await psp.fetch(providerId)).chargedBack).toBe(0); // open: nothing to take back
    psp.setStatus(providerId, 'paid', { webhook: false });
    await psp.refund(providerId, 500, 'EUR');
    await psp.idle();
    psp.chargeback(providerId);
    psp.chargeback(providerId);
    await psp.idle();
    expect(await psp.fetch(providerId)).toEqual({ status: 'paid', amount: 1500, currency: 'EUR', refunded: 500, chargedBack: 1000 });
    expect(seen.filter((w) => w.chargedBack === 1000)).toHaveLength(1);
    psp.chargeback('tp_unknown'); // no throw, nothing happens
  });

  it('has no checkout page for a debit: choosing is refused and the page is not found', async () => {
    start();
    const { providerId } = await psp.debit!(debitInput(TEST_DEBIT_IBANS.paid));
    expect(psp.choose(providerId, '', 'failed')).toBeNull();
    expect(psp.choose(providerId, 'anything', 'failed')).toBeNull();
    const app = Fastify();
    await app.register(async (scope) => testCheckoutRoutes(scope, serveWith({ checkResponses: true }), psp), { prefix: '/api' });
    const res = await app.inject({ method: 'GET', url: `/api/test-checkout.php?payment=${providerId}` });
    expect(res.statusCode).toBe(404);
    await app.close();
    expect((await psp.fetch(providerId)).status).toBe('pending');
  });

  it('drops the steps still to come at close, and idle() lets go', async () => {
    start(10_000);
    const { providerId } = await psp.debit!(debitInput(TEST_DEBIT_IBANS.chargedBack));
    const idle = psp.idle();
    psp.close();
    await idle;
    expect((await psp.fetch(providerId)).status).toBe('pending');
    expect(seen).toEqual([]);
    // After close nothing is scheduled any more (the app is gone).
    await psp.debit!(debitInput(TEST_DEBIT_IBANS.paid));
    await psp.idle();
    expect(seen).toEqual([]);
  });

  it('leaves a debit alone that a test has moved on already', async () => {
    start();
    const { providerId } = await psp.debit!(debitInput(TEST_DEBIT_IBANS.paid));
    psp.setStatus(providerId, 'failed', { webhook: false });
    await psp.idle();
    expect((await psp.fetch(providerId)).status).toBe('failed');
    expect(seen).toEqual([]);
  });
});
