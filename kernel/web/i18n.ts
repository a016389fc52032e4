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

type Bundle = Record<string, unknown>;

// One chunk per namespace and language (kernel/texts/<lang>.json, plugins/<id>/texts/<lang>.json):
// a page downloads only the texts of what it shows, in the language the visitor reads.
function importNamespace(ns: string, locale: Locale): Promise<Bundle> {
  const file = localeFile(locale);
  const chunk = ns === 'kernel'
    ? import(/* webpackChunkName: "texts-kernel-[request]" */ `../texts/${file}.json`)
    : import(/* webpackChunkName: "texts-[request]" */ `../../plugins/${ns}/texts/${file}.json`);
  return chunk.then((m: { default: Bundle }) => m.default);
}

// rspack's context says "Cannot find module" (MODULE_NOT_FOUND), vite's "Unknown variable dynamic import".
const isMissing = (e: unknown) => e instanceof Error && ((e as { code?: string }).code === 'MODULE_NOT_FOUND' || /Cannot find module|Unknown variable dynamic import/.test(e.message));

// Loads in flight, per i18n instance: two components asking for one namespace share one request.
const pending = new WeakMap<I18n, Map<string, Promise<void>>>();

/** Loads the namespaces of one language that the i18n instance does not hold yet. */
export function ensureNamespaces(i18n: I18n, locale: Locale, namespaces: Iterable<string>): Promise<void> {
  let inFlight = pending.get(i18n);
  if (!inFlight) pending.set(i18n, (inFlight = new Map()));
  const loads: Promise<void>[] = [];
  for (const ns of new Set(namespaces)) {
    if (i18n.hasResourceBundle(locale, ns)) continue;
    const key = `${locale}/${ns}`;
    let load = inFlight.get(key);
    if (!load) {
      load = importNamespace(ns, locale).then(
        (bundle) => { i18n.addResourceBundle(locale, ns, bundle, true, true); },
        // A plugin without texts has no file: an empty namespace. A failed download is tried again next time.
        (e: unknown) => { if (isMissing(e)) i18n.addResourceBundle(locale, ns, {}, true, true); },
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, load);
    }
    loads.push(load);
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * `preloaded`: the namespaces the page already carries (the server's boot block), never fetched
 * again; `namespaces`: what else to load before the first render.
 */
export async function createI18n(locale: Locale, preloaded: Record<string, Bundle> = {}, namespaces: Iterable<string> = ['kernel']): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: preloaded },
    ns: Object.keys(preloaded),
    defaultNS: 'kernel',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureNamespaces(i18n, locale, namespaces);
  return i18n;
}
