/** Names the browser already knows in every language (no translation files needed). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** January..December in the reader's language. */
export function monthNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2000, m, 1))));
}

/** A phone-sized screen (the spec's "smartphone"): narrow and touch-driven. */
export const isSmartphone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767.98px)').matches && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
