import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeFile } from '../kernel/contract/locales.ts';

type Tree = { [k: string]: string | Tree };
const dir = path.dirname(new URL(import.meta.url).pathname);
const load = (file: string): Tree => JSON.parse(fs.readFileSync(path.join(dir, `${file}.json`), 'utf8'));
const flatten = (t: Tree, prefix = ''): Map<string, string> => new Map(Object.entries(t).flatMap(([k, v]) =>
  typeof v === 'string' ? [[prefix + k, v] as const] : [...flatten(v, `${prefix}${k}.`)]));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe('locale files', () => {
  it('exist for all 11 locales (Norwegian as no.json)', () => {
    expect(LOCALES.map(localeFile).filter((f) => !fs.existsSync(path.join(dir, `${f}.json`)))).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const file = localeFile(locale);
    describe(file, () => {
      const other = flatten(load(file));
      it('has every English key and no stray ones', () => {
        expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
        expect([...other.keys()].filter((k) => !en.has(k))).toEqual([]);
      });
      it('keeps the placeholders of every text', () => {
        const wrong = [...en].filter(([k, v]) => other.has(k) && placeholders(v).join() !== placeholders(other.get(k)!).join());
        expect(wrong.map(([k]) => k)).toEqual([]);
      });
      it('is translated, not an English copy', () => {
        // Texts made only of placeholders and punctuation ("{{company}}, {{address}}") are the same everywhere.
        const words = (v: string) => /\p{L}/u.test(v.replace(/\{\{\s*\w+\s*\}\}/g, ''));
        // A single word may be the same in two languages ("Notifications" in French).
        const copies = [...en].filter(([k, v]) => v.length > 12 && /\s/.test(v.trim()) && words(v) && other.get(k) === v).map(([k]) => k);
        // A few texts are the same in every language (legal notices, proper names).
        expect(copies.filter((k) => !k.startsWith('kernel.footer.us'))).toEqual([]);
      });
      it('has no empty texts', () => {
        expect([...other].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
      });
    });
  }
});
