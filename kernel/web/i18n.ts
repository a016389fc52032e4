import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeFile, toLocale, type Locale } from '../contract/locales.ts';
import { texts } from '../contract/api.ts';
import { readCookie, writeCookie } from './cookies.ts';

export const LOCALE_COOKIE = 'i18n_redirected';

/** The cookie wins; without one, the first two letters of the domain's language. */
export function initialLocale(domainLanguage: string | undefined): Locale {
  return toLocale(readCookie(LOCALE_COOKIE)) ?? toLocale(domainLanguage) ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale);
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

/** Namespaces an instance holds only some keys of (the page's labels, from the boot block), as `lng|ns`. */
const partial = new WeakMap<I18n, Set<string>>();

/**
 * Loads the namespaces (in the current language) that the i18n instance does not hold yet, or holds
 * only the labels of. `labelsOnly`: namespaces whose labels are enough (any of their keys held).
 */
export function ensureNamespaces(i18n: I18n, namespaces: Iterable<string>, labelsOnly: Iterable<string> = []): Promise<void> {
  const held = (ns: string) => i18n.hasResourceBundle(i18n.language, ns);
  const wanted = [...new Set(namespaces)];
  const needed = [
    ...wanted.filter((ns) => !held(ns) || holdsPartly(i18n, ns)),
    ...[...labelsOnly].filter((ns) => !wanted.includes(ns) && !held(ns)),
  ];
  return needed.length ? i18n.loadNamespaces(needed).then(() => {}) : Promise.resolve();
}

/**
 * Whoever asks the instance whether a namespace is loaded, or to load it (react-i18next's
 * `useTranslation`, a plugin's `i18n.loadNamespaces`), gets the whole of one held partly: i18next
 * itself would take the labels for the namespace.
 */
function loadPartlyHeldWhole(i18n: I18n) {
  const has = i18n.hasLoadedNamespace.bind(i18n);
  const load = i18n.loadNamespaces.bind(i18n);
  const reloading = new Map<string, Promise<void>>();
  const whole = (ns: string) => {
    const key = `${i18n.language}|${ns}`;
    let p = reloading.get(key);
    if (!p) {
      p = i18n.reloadResources([i18n.language], [ns]).then(() => { partial.get(i18n)?.delete(key); }).finally(() => reloading.delete(key));
      reloading.set(key, p);
    }
    return p;
  };
  i18n.hasLoadedNamespace = ((ns: string | readonly string[], options?: Parameters<I18n['hasLoadedNamespace']>[1]) => [ns].flat().every((n) => !holdsPartly(i18n, n)) && has(ns as string, options)) as I18n['hasLoadedNamespace'];
  i18n.loadNamespaces = ((ns, callback) => {
    const list = typeof ns === 'string' ? [ns] : [...ns];
    const rest = list.filter((n) => holdsPartly(i18n, n) && i18n.hasResourceBundle(i18n.language, n));
    return Promise.all([load(list.filter((n) => !rest.includes(n))), ...rest.map(whole)]).then(
      () => { callback?.(null, i18n.t); },
      (err: unknown) => { callback?.(err, i18n.t); throw err; },
    );
  }) as I18n['loadNamespaces'];
}

/**
 * `preloaded`: the namespaces the page already carries (the server's boot block), never fetched
 * again; `namespaces`: what else to load before the first render.
 */
export async function createI18n(locale: Locale, preloaded: Record<string, Bundle> = {}, namespaces: Iterable<string> = ['kernel'], opts: { load?: boolean; partial?: readonly string[] } = {}): Promise<I18n> {
  const i18n = i18next.createInstance();
  // `partial`: namespaces of `preloaded` that hold only some keys (boot data `partialTexts`).
  // Only in the page's language: another one loads every namespace it holds, whole.
  partial.set(i18n, new Set(opts.partial?.filter((ns) => ns in preloaded).map((ns) => `${locale}|${ns}`)));
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
  if (opts.load !== false) loadPartlyHeldWhole(i18n);
  return i18n;
}

/** Whether the instance holds only some keys of `ns` (it loads the rest when `ensureNamespaces` asks for it). */
export const holdsPartly = (i18n: I18n, ns: string) => partial.get(i18n)?.has(`${i18n.language}|${ns}`) ?? false;
/** Marks `ns` as held whole (the server's render added it, or it was loaded whole). */
export const heldWhole = (i18n: I18n, ns: string) => { partial.get(i18n)?.delete(`${i18n.language}|${ns}`); };
