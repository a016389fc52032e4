// The Intl objects are made once and kept (kernel/contract/intl.ts: a server render notes the ones it
// made, and the browser makes those before hydrating).
import { collator, dateFormat, intlAhead, regionNames } from '../contract/intl.ts';

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

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/** The time of day of an ISO instant in the reader's zone ("14:05", "2:05 PM"). */
export function timeOfDay(iso: string, locale: string): string {
  return dateFormat(locale, TIME).format(new Date(iso));
}

/**
 * A page that shows times only once hydrated (the server does not know the reader's zone) calls
 * this while the server renders it: the browser then makes the formats before hydrating.
 */
export function timesAhead(locale: string) {
  intlAhead(['date', locale, TIME]);
  intlAhead(['date', locale, DAY]);
}

/** The time of day when `iso` is today in the reader's zone, else its day and short month ("3 Mar"). */
export function timeOrDay(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeOfDay(iso, locale) : dateFormat(locale, DAY).format(d);
}

/** January..December in the reader's language. */
export function monthNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2000, m, 1))));
}

/** A phone-sized screen (the spec's "smartphone"): narrow and touch-driven. */
export const isSmartphone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767.98px)').matches && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
