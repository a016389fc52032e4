import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { COUNTRY_CURRENCY, type CreditPackage, type Currency, type OfferedMethod, type PaymentMethod } from '../contract.ts';

/** Methods that take only some currencies (absent: any currency the provider takes). */
export const METHOD_CURRENCIES: Partial<Record<PaymentMethod, readonly Currency[]>> = {
  blik: ['PLN'], przelewy24: ['PLN'], swish: ['SEK'], vipps: ['NOK'], twint: ['CHF'], mobilepay: ['DKK', 'EUR'],
  ideal: ['EUR'], bancontact: ['EUR'], eps: ['EUR'], satispay: ['EUR'], directdebit: ['EUR'],
};

/** Paysafecard takes at most €50 a payment: the same limit in each currency (rounded down). */
export const PAYSAFECARD_MAX: Record<Currency, number> = {
  EUR: 5000, GBP: 4300, CHF: 4700, PLN: 21500, DKK: 37300, NOK: 58000, SEK: 57000,
};

/** Methods whose credits come only once the money does. */
const DELAYED: ReadonlySet<PaymentMethod> = new Set(['banktransfer']);

const upper = (country: string | null | undefined) => (country ?? '').trim().toUpperCase();

/** The country a price list is for: the given one (profile), else the site's selected country. */
export function countryFor(site: Pick<SiteSettings, 'geoip_selected_country'>, country?: string | null): string {
  return upper(country) || upper(site.geoip_selected_country) || 'NL';
}

/** The country's currency; a country the site does not price (or does not know) pays in EUR. */
export function currencyFor(site: Pick<SiteSettings, 'credit_packages'>, country: string): Currency {
  const c = COUNTRY_CURRENCY[country];
  return c && site.credit_packages?.[c]?.length ? c : 'EUR';
}

export function packagesFor(site: Pick<SiteSettings, 'credit_packages'>, currency: Currency): CreditPackage[] {
  return (site.credit_packages?.[currency] ?? []).map((p) => ({ ...p, currency }));
}

/**
 * The methods offered in `country` paying in `currency`: those of '*' and the country's own, that
 * the provider takes and that take the currency; each with its fee and limits.
 */
export function methodsFor(
  site: Pick<SiteSettings, 'payment_methods' | 'method_fees'>, country: string, currency: Currency, providerMethods: readonly PaymentMethod[],
): OfferedMethod[] {
  const table = site.payment_methods ?? {};
  const listed = [...new Set([...(table['*'] ?? []), ...(table[country] ?? [])])];
  return listed
    .filter((m) => providerMethods.includes(m))
    .filter((m) => !METHOD_CURRENCIES[m] || METHOD_CURRENCIES[m]!.includes(currency))
    .map((method) => {
      const offered: OfferedMethod = { method, fee: site.method_fees?.[method]?.[currency] ?? 0 };
      if (method === 'paysafecard') offered.max = PAYSAFECARD_MAX[currency];
      if (DELAYED.has(method)) offered.delayed = true;
      return offered;
    });
}
