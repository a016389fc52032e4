// Money arrives in integer minor units and stays so; it becomes a decimal only inside Intl, for display.
import type { Currency } from './contract.ts';
import { numberFormat } from '../../kernel/contract/intl.ts';

function formatter(locale: string, currency: string, precise: boolean): Intl.NumberFormat {
  return numberFormat(locale, { style: 'currency', currency, ...(precise ? { minimumFractionDigits: 2, maximumFractionDigits: 3 } : {}) });
}

/**
 * The currency's minor units per major unit (100 for every currency we sell in, 1 for e.g. JPY).
 * The NumberFormat is kept: making one costs far more than formatting with it, and a price list
 * asks for every price it shows.
 */
export function minorPerMajor(currency: string): number {
  return 10 ** (numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
}

/** 4299 PLN in pl -> "42,99 zł". */
export function formatMoney(minor: number, currency: Currency | string, locale: string): string {
  return formatter(locale, currency, false).format(minor / minorPerMajor(currency));
}

/** What one credit of a package costs, to a tenth of a minor unit ("0,286 zł"). */
export function formatPerCredit(minor: number, credits: number, currency: Currency | string, locale: string): string {
  return formatter(locale, currency, true).format(minor / credits / minorPerMajor(currency));
}
