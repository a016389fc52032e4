// Small helpers of the money sections: amounts stay integer minor units; text only for display.
import { ApiError } from '../../../../kernel/web/api-error.ts';
import { formatMoney } from '../../money.ts';

export const money = (minor: number, currency: string, lng: string) => formatMoney(minor, currency, lng);

/** A moment in UTC, named (the kernel's console clock). */
export { consoleTime as dateTime } from '../../../../kernel/web/console/time.ts';

/**
 * "19.99" or "19,99" -> 1999 (minor units, exact: digits only, never through a float); null when
 * it is no amount with at most two decimals.
 */
export function toMinor(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1999 -> "19.99" (for an input's value). */
export const fromMinor = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The server's message for a failed call (it names the failing field), else the error's text. */
export const failure = (e: unknown) => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));
