import type { PaymentStatus } from '../contract.ts';
import type { ProviderStatus } from './provider.ts';

/**
 * The payment's state machine: open → pending → paid | failed | canceled | expired, and
 * paid → refunded | charged_back. What the provider reports is mapped onto our states (a paid
 * payment refunded in full is 'refunded'; one with a chargeback is 'charged_back').
 */
export function reportedStatus(s: ProviderStatus, amount: number): PaymentStatus {
  if (s.status === 'paid' && s.chargedBack > 0) return 'charged_back';
  if (s.status === 'paid' && s.refunded >= amount) return 'refunded';
  return s.status;
}

const WAITING: ReadonlySet<PaymentStatus> = new Set(['open', 'pending']);
/** Ended without money: only the provider saying "paid" after all (a late bank transfer) moves them on. */
const UNPAID_END: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);

/**
 * The status a payment moves to when the provider reports `seen`, or null when nothing changes.
 * Never backwards: failed after paid does not un-pay; paid after refunded does not pay again;
 * pending after paid (a late webhook) changes nothing.
 */
export function nextStatus(current: PaymentStatus, seen: PaymentStatus): PaymentStatus | null {
  if (seen === current) return null;
  if (WAITING.has(current)) return current === 'pending' && seen === 'open' ? null : seen;
  // The PSP is the truth about money: if it took it after we gave up waiting, it is paid.
  if (UNPAID_END.has(current)) return seen === 'paid' ? 'paid' : null;
  if (current === 'paid') return seen === 'refunded' || seen === 'charged_back' ? seen : null;
  if (current === 'refunded') return seen === 'charged_back' ? seen : null;
  return null;
}

/** Whether moving from `current` to `next` is the moment to grant the credits (once: the first paid). */
export const creditsNow = (current: PaymentStatus, next: PaymentStatus) => next === 'paid' && current !== 'paid';

/**
 * Whether moving to `next` takes a credited payment's money back (so its unused credits leave the
 * balance): a chargeback, a refund made at the provider, or a direct debit the bank returned after
 * its credits were granted on acceptance.
 */
export const reversesCredits = (next: PaymentStatus) =>
  next === 'charged_back' || next === 'refunded' || next === 'failed' || next === 'canceled' || next === 'expired';
