import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, localeFile, toLocale, type Locale } from '../contract/locales.ts';

type Tree = { [key: string]: string | Tree };

/**
 * Translations on the server (mails): the same locale files the browser uses, with the same
 * "ns:a.b" keys and {{name}} placeholders; a missing text falls back to English.
 */
export interface Texts {
  t(locale: string | null | undefined, key: string, params?: Record<string, string | number>): string;
}

export function loadTexts(dir = path.resolve('locales')): Texts {
  const trees = new Map<Locale, Tree>();
  for (const l of LOCALES) {
    const file = path.join(dir, `${localeFile(l)}.json`);
    if (fs.existsSync(file)) trees.set(l, JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
  }
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
