/** The digits after the point of a currency (2 when the browser does not know it). */
export function currencyDigits(currency: string): number {
  try { return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2; } catch { return 2; }
}

/** Revenue per currency (minor units) as the reader's language writes money: "€24.99 · £9.99". */
export function formatRevenue(revenue: Record<string, number>, language: string): string {
  return Object.entries(revenue).sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => {
    const digits = currencyDigits(currency);
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
    } catch {
      return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
    }
  }).join(' · ');
}

/** A UTC day (YYYY-MM-DD) `days` before today. */
export const dayBefore = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** A traffic source in the console's address: '=value', or '-' where the visit had none. */
export const sourceSegment = (v: string) => (v ? `=${encodeURIComponent(v)}` : '-');
export const fromSegment = (s: string | undefined) => (s && s.startsWith('=') ? decodeURIComponent(s.slice(1)) : '');
