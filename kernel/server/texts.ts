import { DEFAULT_LOCALE, LOCALES, toLocale, type Locale } from '../contract/locales.ts';
import { APP_ROOT, readTexts, type TextTree as Tree } from './text-files.ts';

/**
 * Translations on the server (mails): the same text files the browser uses (every namespace:
 * locales/ and plugins/<id>/locales), with the same "ns:a.b" keys and {{name}} placeholders;
 * a missing text falls back to English.
 */
export interface Texts {
  t(locale: string | null | undefined, key: string, params?: Record<string, string | number>): string;
}

export function loadTexts(root = APP_ROOT): Texts {
  const trees = new Map<Locale, Record<string, Tree>>();
  for (const l of LOCALES) trees.set(l, readTexts(l, undefined, root));
  const lookup = (locale: Locale, key: string): string | undefined => {
    const [ns, rest] = key.includes(':') ? key.split(':', 2) : ['kernel', key];
    let node: string | Tree | undefined = trees.get(locale)?.[ns];
    for (const part of rest.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return {
    t(locale, key, params = {}) {
      const l = toLocale(locale ?? '') ?? DEFAULT_LOCALE;
      const text = lookup(l, key) ?? lookup(DEFAULT_LOCALE, key) ?? key;
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
    },
  };
}
