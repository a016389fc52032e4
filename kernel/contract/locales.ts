/** The 11 locales. Norwegian is `nb` in the app; its text files are `no.json`. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const localeFile = (l: Locale) => (l === 'nb' ? 'no' : l);
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English', nl: 'Nederlands', de: 'Deutsch', it: 'Italiano', fr: 'Français', es: 'Español',
  pl: 'Polski', da: 'Dansk', fi: 'Suomi', nb: 'Norsk', sv: 'Svenska',
};
/** Maps anything a browser or a domain says ("no", "nn", "de-AT") to one of our locales. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const two = value.slice(0, 2).toLowerCase();
  if (two === 'no' || two === 'nn') return 'nb';
  return (LOCALES as readonly string[]).includes(two) ? (two as Locale) : null;
}
