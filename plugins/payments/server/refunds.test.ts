import { describe, expect, it } from 'vitest';
import { refundable, refundAmount, refundUntil, unusedByPayment } from './refunds.ts';

const p = (id: number, credits: number, extra: Partial<{ credited: boolean; refunded_credits: number; reversed_credits: number }> = {}) =>
  ({ id, credits, credited: true, refunded_credits: 0, reversed_credits: 0, ...extra });

describe('unusedByPayment', () => {
  it('gives the balance to the newest purchases first (credits are spent oldest first)', () => {
    const u = unusedByPayment([p(1, 50), p(2, 150), p(3, 400)], 480);
    expect([...u.entries()].sort()).toEqual([[1, 0], [2, 80], [3, 400]]);
  });
  it('skips purchases not credited and what was refunded or taken back already', () => {
    const u = unusedByPayment([p(1, 100), p(2, 100, { credited: false }), p(3, 100, { refunded_credits: 60 }), p(4, 100, { reversed_credits: 100 })], 150);
    expect(u.get(4)).toBe(0);
    expect(u.get(3)).toBe(40);
    expect(u.get(2)).toBeUndefined();
    expect(u.get(1)).toBe(100);
  });
  it('never goes below zero, whatever the balance says', () => {
    expect(unusedByPayment([p(1, 100)], -5).get(1)).toBe(0);
    expect(unusedByPayment([p(1, 100)], 10_000).get(1)).toBe(100);
  });
});

describe('refundAmount', () => {
  it('pays back the unused share of the package price, without the fee, rounded down', () => {
    expect(refundAmount({ amount: 2499, fee: 0, credits: 150 }, 150)).toBe(2499);
    expect(refundAmount({ amount: 2499, fee: 0, credits: 150 }, 100)).toBe(1666);
    expect(refundAmount({ amount: 1099, fee: 100, credits: 50 }, 50)).toBe(999);
    expect(refundAmount({ amount: 999, fee: 0, credits: 50 }, 0)).toBe(0);
    expect(refundAmount({ amount: 999, fee: 0, credits: 50 }, 80)).toBe(999);
  });
});

describe('refundable', () => {
  const paidAt = new Date('2026-11-01T10:00:00Z');
  const pay = { status: 'paid' as const, credited: true, paid_at: paidAt, refunded_credits: 0, amount: 2499, fee: 0, credits: 150 };
  it('within refund_days: the unused credits and their money', () => {
    expect(refundable(pay, 30, new Date('2026-11-10T10:00:00Z'), 14)).toEqual({ credits: 30, amount: 499 });
    expect(refundUntil(pay, 14)?.toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });
  it('nothing after the period, for unpaid or once-refunded purchases, or without unused credits', () => {
    const none = { credits: 0, amount: 0 };
    expect(refundable(pay, 30, new Date('2026-11-15T10:00:00Z'), 14)).toEqual(none);
    expect(refundable({ ...pay, status: 'pending' }, 30, paidAt, 14)).toEqual(none);
    expect(refundable({ ...pay, refunded_credits: 10 }, 30, paidAt, 14)).toEqual(none);
    expect(refundable(pay, 0, paidAt, 14)).toEqual(none);
    expect(refundable(pay, 30, paidAt, 0)).toEqual(none);
    expect(refundUntil({ paid_at: null }, 14)).toBeNull();
  });
});
