import type { PaymentStatus } from '../contract.ts';

// Which credits of which purchase are still unused, and what refunding them pays back. Pure, so the
// rule is tested on its own; the service applies it inside the transaction that locks the payment.

export interface Holding {
  id: number;
  credits: number;
  credited: boolean;
  refunded_credits: number;
  reversed_credits: number;
}

/**
 * Each credited payment's credits still in the balance. Credits are spent oldest first, so the
 * balance belongs to the newest purchases first: a purchase's unused credits are what the balance
 * holds beyond the purchases made after it (credits given for free before it were spent first).
 */
export function unusedByPayment(payments: readonly Holding[], balance: number): Map<number, number> {
  const unused = new Map<number, number>();
  let left = Math.max(0, balance);
  for (const p of [...payments].sort((a, b) => b.id - a.id)) {
    if (!p.credited) continue;
    const held = Math.max(0, p.credits - p.refunded_credits - p.reversed_credits);
    const u = Math.min(held, left);
    left -= u;
    unused.set(p.id, u);
  }
  return unused;
}

/**
 * The money for `credits` unused credits of a purchase: their share of what was paid for the
 * package (the method's fee is not refunded), rounded down to the minor unit.
 */
export function refundAmount(p: { amount: number; fee: number; credits: number }, credits: number): number {
  if (credits <= 0 || p.credits <= 0) return 0;
  return Math.floor(((p.amount - p.fee) * Math.min(credits, p.credits)) / p.credits);
}

export interface RefundableInput {
  status: PaymentStatus;
  credited: boolean;
  paid_at: Date | string | null;
  refunded_credits: number;
  amount: number;
  fee: number;
  credits: number;
}

/** Until when a paid purchase may be refunded (refund_days after it was paid), or null. */
export function refundUntil(p: Pick<RefundableInput, 'paid_at'>, refundDays: number): Date | null {
  if (!p.paid_at || !(refundDays > 0)) return null;
  return new Date(new Date(p.paid_at).getTime() + refundDays * 86_400_000);
}

/**
 * What the member may have refunded now (`ignoreWindow`: what staff may, refund_days aside): the unused credits of a paid purchase, within refund_days,
 * once per purchase (a purchase refunded already, even in part, is done).
 */
export function refundable(p: RefundableInput, unused: number, now: Date, refundDays: number,
  opts: { ignoreWindow?: boolean } = {}): { credits: number; amount: number } {
  const until = refundUntil(p, refundDays);
  const none = { credits: 0, amount: 0 };
  if (p.status !== 'paid' || !p.credited || p.refunded_credits > 0) return none;
  // Staff may refund after refund_days (with a stated reason, see the console's refund).
  if (!opts.ignoreWindow && (!until || now >= until)) return none;
  const amount = refundAmount(p, unused);
  return amount > 0 ? { credits: Math.min(unused, p.credits), amount } : none;
}
