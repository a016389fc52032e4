// Small helpers of the inbox pages: dates, durations, idempotency keys, failures in words.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../kernel/web/api-error.ts';

/** A moment in UTC, named (the kernel's console clock). */
export { consoleTime as dateTime } from '../../../../kernel/web/console/time.ts';

/** 125 -> "2:05" (minutes:seconds); 3725 -> "1:02:05". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A fresh idempotency key for one answer (the contract's pattern: letters, digits, - and _). */
export function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** The API failure's code (for the texts that say it in words), else null. */
export const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : null);
export const reasonOf = (e: unknown) => (e instanceof ApiError ? String(e.params.reason ?? '') : '');
export const operatorOf = (e: unknown) => (e instanceof ApiError ? String(e.params.operator ?? '') : '');
export const failure = (e: unknown) => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));

/** A failed claim, release or answer in the operator's words (who has it, why it cannot be answered). */
export function claimFailure(e: unknown, t: TFunction): string {
  switch (codeOf(e)) {
    case 'claimed': return t('claim.takenBy', { operator: operatorOf(e) || t('claim.someone') });
    case 'not_waiting': return t('claim.notWaiting');
    case 'claim_lost': return t('claim.lost');
    case 'conversation_not_found': return t('claim.gone');
    case 'not_answerable': return t(reasonOf(e) === 'member_unconfirmed' ? 'claim.unconfirmed' : 'claim.unreachable');
    case 'partner_unconfirmed': return t('claim.unconfirmed');
    case 'profile_not_found': case 'blocked': return t('claim.unreachable');
    default: return failure(e);
  }
}
