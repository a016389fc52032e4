import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeFile, toLocale, type Locale } from '../contract/locales.ts';
import { texts } from '../contract/api.ts';

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

// One download per namespace and language (locales/<lang>.json, plugins/<id>/locales/<lang>.json):
// a page downloads only the texts of what it shows, in the language the visitor reads.
// In the built app they come from the server (GET /api/texts.php): as bundler chunks, the map of 165
// chunk hashes would weigh about 1 KiB gzip on every page's initial JavaScript. Tests (no build)
// import the files directly.
class MissingTexts extends Error { code = 'MODULE_NOT_FOUND'; }
/** The namespaces that have text files (the build lists them); null where nobody said (tests). */
const withTexts = process.env.FLIRT_TEXT_NAMESPACES ? new Set(process.env.FLIRT_TEXT_NAMESPACES.split(',')) : null;
function importNamespace(ns: string, locale: Locale): Promise<Bundle> {
  if (withTexts && !withTexts.has(ns)) return Promise.reject(new MissingTexts(`no texts ${ns}`));
  if (process.env.FLIRT_BROWSER === '1') {
    return fetch(`${texts.path}?lang=${locale}&ns=${encodeURIComponent(ns)}`, { credentials: 'same-origin' }).then((res) => {
      if (!res.ok) {
        // An answer not used is still read to its end (or cancelled), else the request stays open.
        void res.body?.cancel().catch(() => {});
        if (res.status === 404) throw new MissingTexts(`no texts ${ns}`);
        throw new Error(`texts ${ns}: HTTP ${res.status}`);
      }
      return res.json() as Promise<Bundle>;
    });
  }
  const file = localeFile(locale);
  const chunk = ns === 'kernel'
    ? import(`../../locales/${file}.json`)
    : import(`../../plugins/${ns}/locales/${file}.json`);
  return chunk.then((m: { default: Bundle }) => m.default);
}

// rspack's context says "Cannot find module" (MODULE_NOT_FOUND), vite's "Unknown variable dynamic import".
const isMissing = (e: unknown) => e instanceof Error && ((e as { code?: string }).code === 'MODULE_NOT_FOUND' || /Cannot find module|Unknown variable dynamic import/.test(e.message));

/**
 * i18next loads a namespace it does not hold through this backend: `i18n.loadNamespaces`,
 * react-i18next's `useTranslation(ns)` (which suspends until it is there) and `changeLanguage`
 * (which loads every namespace held so far in the new language before it switches).
 */
const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, ns: string, callback: (err: unknown, data: Bundle | false) => void) {
    importNamespace(ns, toLocale(language) ?? DEFAULT_LOCALE).then(
      (bundle) => callback(null, bundle),
      // A plugin without texts has no file: an empty namespace. A failed download is retried by i18next.
      (e: unknown) => (isMissing(e) ? callback(null, {}) : callback(e, false)),
    );
  },
};

/** Loads the namespaces (in the current language) that the i18n instance does not hold yet. */
export function ensureNamespaces(i18n: I18n, namespaces: Iterable<string>): Promise<void> {
  const missing = [...new Set(namespaces)].filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  return missing.length ? i18n.loadNamespaces(missing) : Promise.resolve();
}

/**
 * `preloaded`: the namespaces the page already carries (the server's boot block), never fetched
 * again; `namespaces`: what else to load before the first render.
 */
export async function createI18n(locale: Locale, preloaded: Record<string, Bundle> = {}, namespaces: Iterable<string> = ['kernel'], opts: { load?: boolean } = {}): Promise<I18n> {
  const i18n = i18next.createInstance();
  // A page rendered on the server has its texts with it (load: false): nothing is fetched there.
  if (opts.load !== false) i18n.use(chunkBackend);
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    load: 'currentOnly',
    resources: { [locale]: preloaded },
    // The boot block's namespaces are there; the backend loads the others when asked.
    partialBundledLanguages: true,
    ns: [...new Set(['kernel', ...Object.keys(preloaded), ...namespaces])],
    defaultNS: 'kernel',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
