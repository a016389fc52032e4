// Intl objects are costly to make (each loads locale data: a DisplayNames or Collator takes
// milliseconds on a phone), so each kind is made once per locale and kept.
const displayNames = new Map<string, Intl.DisplayNames | null>();
const collators = new Map<string, Intl.Collator>();

/** Names the browser already knows in every language (no translation files needed). */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try { names = new Intl.DisplayNames([locale], { type: 'region' }); } catch { names = null; }
    displayNames.set(locale, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Compares texts the way readers of `locale` sort them (one collator per locale). */
export function compareText(locale: string): (a: string, b: string) => number {
  let c = collators.get(locale);
  if (!c) {
    try { c = new Intl.Collator(locale); } catch { c = new Intl.Collator('en'); }
    collators.set(locale, c);
  }
  return c.compare;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A DateTimeFormat of `locale` with `options`, made once (keyed by both). */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    try { f = new Intl.DateTimeFormat(locale, options); } catch { f = new Intl.DateTimeFormat('en', options); }
    dateFormats.set(key, f);
  }
  return f;
}

/** The time of day of an ISO instant in the reader's zone ("14:05", "2:05 PM"). */
export function timeOfDay(iso: string, locale: string): string {
  return dateFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The time of day when `iso` is today in the reader's zone, else its day and short month ("3 Mar"). */
export function timeOrDay(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeOfDay(iso, locale) : dateFormat(locale, { day: 'numeric', month: 'short' }).format(d);
}

/** January..December in the reader's language. */
export function monthNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2000, m, 1))));
}

/** A phone-sized screen (the spec's "smartphone"): narrow and touch-driven. */
export const isSmartphone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767.98px)').matches && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
