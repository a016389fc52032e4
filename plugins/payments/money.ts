// Money arrives in integer minor units and stays so; it becomes a decimal only inside Intl, for display.
import type { Currency } from './contract.ts';

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string, precise: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${precise}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, ...(precise ? { minimumFractionDigits: 2, maximumFractionDigits: 3 } : {}) });
    formatters.set(key, f);
  }
  return f;
}

const minorUnits = new Map<string, number>();
/**
 * The currency's minor units per major unit (100 for every currency we sell in, 1 for e.g. JPY).
 * Kept per currency: making an Intl.NumberFormat costs far more than formatting with one, and a
 * price list asks for every price it shows (on a phone it made /credits' render a long task).
 */
export function minorPerMajor(currency: string): number {
  let n = minorUnits.get(currency);
  if (n === undefined) {
    n = 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
    minorUnits.set(currency, n);
  }
  return n;
}

/** 4299 PLN in pl -> "42,99 zł". */
export function formatMoney(minor: number, currency: Currency | string, locale: string): string {
  return formatter(locale, currency, false).format(minor / minorPerMajor(currency));
}

/** What one credit of a package costs, to a tenth of a minor unit ("0,286 zł"). */
export function formatPerCredit(minor: number, credits: number, currency: Currency | string, locale: string): string {
  return formatter(locale, currency, true).format(minor / credits / minorPerMajor(currency));
}
