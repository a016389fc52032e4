import { localeFile, type Locale } from '../../kernel/contract/locales.ts';
import { createMiniI18n, type Tree, type WidgetI18n } from './mini-i18n.ts';

/**
 * The text namespaces a widget may show, from the very files the app reads (locales/,
 * plugins/<id>/locales). The widgets build emits them as JSON files (rsbuild.config.ts): the widget
 * fetches its language's files only, and the loader stays free of a chunk map of every language.
 */
const NAMESPACES = {
  kernel: import.meta.webpackContext('../../locales', { recursive: false, regExp: /^\.\/[a-z]{2}\.json$/, mode: 'sync' }),
  signup: import.meta.webpackContext('../../plugins/signup/locales', { recursive: false, regExp: /^\.\/[a-z]{2}\.json$/, mode: 'sync' }),
  members: import.meta.webpackContext('../../plugins/members/locales', { recursive: false, regExp: /^\.\/[a-z]{2}\.json$/, mode: 'sync' }),
  // The swipe widget's texts (the landers' namespace: its deck is the tinderswipe lander's).
  landers: import.meta.webpackContext('../../plugins/landers/locales', { recursive: false, regExp: /^\.\/[a-z]{2}\.json$/, mode: 'sync' }),
};

export type WidgetNamespace = keyof typeof NAMESPACES;

/** One namespace's texts in one language, as the JSON file the build emitted (fetched from the site). */
export async function fetchTexts(ns: WidgetNamespace, locale: Locale): Promise<Tree> {
  const url = NAMESPACES[ns](`./${localeFile(locale)}.json`) as string;
  const res = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!res.ok) throw new Error(`texts ${ns}/${locale}: HTTP ${res.status}`);
  return res.json() as Promise<Tree>;
}

/** The widget's own translations (never the page's i18n), holding the given namespaces of one language. */
export async function createWidgetI18n(locale: Locale, namespaces: WidgetNamespace[]): Promise<WidgetI18n> {
  const trees = await Promise.all(namespaces.map(async (ns) => [ns, await fetchTexts(ns, locale)] as const));
  return createMiniI18n(locale, Object.fromEntries(trees));
}
