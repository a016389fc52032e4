import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeFile, toLocale, type Locale } from '../contract/locales.ts';

export const LOCALE_COOKIE = 'i18n_redirected';
const YEAR_SECONDS = 365 * 86400;

export function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

/** The cookie wins; without one, the first two letters of the domain's language. */
export function initialLocale(domainLanguage: string | undefined): Locale {
  return toLocale(readCookie(LOCALE_COOKIE)) ?? toLocale(domainLanguage) ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

// Each locale file is its own chunk: a visitor downloads only the language they read.
const loadMessages = (locale: Locale) =>
  import(
    /* webpackChunkName: "locale-[request]" */
    `../../locales/${localeFile(locale)}.json`
  ).then((m: { default: Record<string, Record<string, unknown>> }) => m.default);

export async function ensureLocale(i18n: I18n, locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'kernel')) return;
  const messages = await loadMessages(locale);
  for (const [ns, bundle] of Object.entries(messages)) i18n.addResourceBundle(locale, ns, bundle, true, true);
}

/** `messages`: the locale file when the page already carries it (the server's boot block). */
export async function createI18n(locale: Locale, preloaded?: Record<string, Record<string, unknown>>): Promise<I18n> {
  const i18n = i18next.createInstance();
  const messages = preloaded ?? await loadMessages(locale);
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: messages },
    ns: Object.keys(messages),
    defaultNS: 'kernel',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
