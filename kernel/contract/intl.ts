// Intl objects, made once per locale and options and kept, for both halves. Making one costs a phone
// tens of milliseconds the first time (it loads locale data: a Collator, a currency NumberFormat),
// and inside a render that is one long task. So a server render notes the ones it made
// (`noteIntlWith`, kernel/web/ssr.tsx), the page carries the list (BootData.intl), and the browser
// makes them before hydrating, one per short task (`makeIntl`, kernel/web/boot.tsx): hydrating then
// finds them made.

/** One Intl object: its kind, locale and (number and date formats) options. */
export type IntlUse =
  | ['collator' | 'regions', string]
  | ['number', string, Intl.NumberFormatOptions]
  | ['date', string, Intl.DateTimeFormatOptions];

let note: ((use: IntlUse, key: string) => void) | null = null;
/** Who hears of every Intl object asked for (the server's render); null: nobody. */
export function noteIntlWith(fn: typeof note) { note = fn; }

const made = new Map<string, unknown>();
function kept<T>(use: IntlUse, create: () => T, fallback?: () => T): T {
  const key = JSON.stringify(use);
  note?.(use, key);
  if (made.has(key)) return made.get(key) as T;
  let value: T;
  try { value = create(); } catch (err) { if (!fallback) throw err; value = fallback(); }
  // Locales and options come from a small set; should something feed it others, it stays small.
  if (made.size >= 500) made.clear();
  made.set(key, value);
  return value;
}

/** Compares texts the way readers of `locale` sort them. */
export const collator = (locale: string) => kept(['collator', locale], () => new Intl.Collator(locale), () => new Intl.Collator('en'));

/** The region (country) names of `locale`; null where the browser has none. */
export const regionNames = (locale: string) =>
  kept<Intl.DisplayNames | null>(['regions', locale], () => new Intl.DisplayNames([locale], { type: 'region' }), () => null);

/** A NumberFormat of `locale` with `options` (an unknown currency throws, as Intl does). */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => kept(['number', locale, options], () => new Intl.NumberFormat(locale, options));

/** A DateTimeFormat of `locale` with `options`; English where the locale is unknown. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(['date', locale, options], () => new Intl.DateTimeFormat(locale, options), () => new Intl.DateTimeFormat('en', options));

/**
 * Makes the Intl objects `uses` lists (from the page's boot block: untrusted shape, so each is
 * checked and any that fails is skipped), each used once, with `pause()` after each.
 */
export async function makeIntl(uses: unknown, pause: () => Promise<void>) {
  if (!Array.isArray(uses)) return;
  for (const use of uses.slice(0, 20)) {
    if (!Array.isArray(use) || typeof use[1] !== 'string') continue;
    const [kind, locale, options] = use as [string, string, unknown];
    const opts = options && typeof options === 'object' ? options : {};
    try {
      if (kind === 'collator') collator(locale).compare('a', 'b');
      else if (kind === 'regions') regionNames(locale)?.of('GB');
      else if (kind === 'number') numberFormat(locale, opts).format(1);
      else if (kind === 'date') dateFormat(locale, opts).format(0);
      else continue;
    } catch { continue; }
    await pause();
  }
}
