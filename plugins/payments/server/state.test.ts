import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../contract.ts';
import { readPaymentsConfig } from './config.ts';
import { nextStatus, reportedStatus } from './state.ts';

describe('payments: the state machine', () => {
  it('moves forward only', () => {
    const cases: [PaymentStatus, PaymentStatus, PaymentStatus | null][] = [
      ['open', 'pending', 'pending'], ['open', 'paid', 'paid'], ['pending', 'paid', 'paid'], ['pending', 'open', null],
      ['open', 'failed', 'failed'], ['pending', 'canceled', 'canceled'], ['open', 'expired', 'expired'],
      ['paid', 'failed', null], ['paid', 'pending', null], ['paid', 'open', null], ['paid', 'paid', null],
      ['paid', 'refunded', 'refunded'], ['paid', 'charged_back', 'charged_back'],
      ['refunded', 'paid', null], ['charged_back', 'paid', null], ['refunded', 'charged_back', 'charged_back'],
      ['expired', 'paid', 'paid'], ['failed', 'canceled', null], ['canceled', 'open', null],
    ];
    for (const [from, seen, to] of cases) expect([from, seen, nextStatus(from, seen)]).toEqual([from, seen, to]);
  });

  it('reads refunds and chargebacks of a paid payment', () => {
    const s = { status: 'paid' as const, amount: 999, currency: 'EUR' as const, refunded: 0, chargedBack: 0 };
    expect(reportedStatus(s, 999)).toBe('paid');
    expect(reportedStatus({ ...s, refunded: 500 }, 999)).toBe('paid');
    expect(reportedStatus({ ...s, refunded: 999 }, 999)).toBe('refunded');
    expect(reportedStatus({ ...s, chargedBack: 999 }, 999)).toBe('charged_back');
    expect(reportedStatus({ ...s, status: 'failed' }, 999)).toBe('failed');
  });
});

describe('payments: provider configuration', () => {
  it('uses the test provider by default, outside production only', () => {
    expect(readPaymentsConfig({}, false)).toEqual({ ok: true, config: expect.objectContaining({ provider: 'test' }) });
    expect(readPaymentsConfig({}, true)).toMatchObject({ ok: false });
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'test' }, true)).toMatchObject({ ok: false, reason: expect.stringContaining('never sells in production') });
  });

  it('needs the keys of the provider it names', () => {
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'mollie' }, true)).toMatchObject({ ok: false, reason: expect.stringContaining('MOLLIE_API_KEY') });
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'live_x' }, true)).toEqual({ ok: true, config: expect.objectContaining({ provider: 'mollie', mollieApiKey: 'live_x' }) });
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x' }, true)).toMatchObject({ ok: false, reason: expect.stringContaining('STRIPE_WEBHOOK_SECRET') });
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'Stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, true)).toMatchObject({ ok: true, config: { provider: 'stripe' } });
    expect(readPaymentsConfig({ PAYMENT_PROVIDER: 'paypal' }, false)).toMatchObject({ ok: false, reason: expect.stringContaining('not a provider') });
  });
});
