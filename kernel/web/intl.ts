// The Intl objects are made once and kept (kernel/contract/intl.ts: a server render notes the ones it
// made, and the browser makes those before hydrating).
import { collator, regionNames } from '../contract/intl.ts';

/** Names the browser already knows in every language (no translation files needed). */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Compares texts the way readers of `locale` sort them (one collator per locale). */
export function compareText(locale: string): (a: string, b: string) => number {
  return collator(locale).compare;
}

/** January..December in the reader's language. */
export function monthNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2000, m, 1))));
}

/** A phone-sized screen (the spec's "smartphone"): narrow and touch-driven. */
export const isSmartphone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767.98px)').matches && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
