import type { Locale } from '../../../kernel/contract/locales.ts';

/** Each language named in itself (Norwegian is the written standard the site uses: bokmål). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English', nl: 'Nederlands', de: 'Deutsch', it: 'Italiano', fr: 'Français', es: 'Español',
  pl: 'Polski', da: 'Dansk', fi: 'Suomi', nb: 'Norsk bokmål', sv: 'Svenska',
};
