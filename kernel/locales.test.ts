import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeFile } from './contract/locales.ts';
import { textFolders, textFile, type TextTree } from './server/text-files.ts';

// Every text namespace (locales/, plugins/<id>/locales) in all 11 languages.
const load = (file: string): TextTree => JSON.parse(fs.readFileSync(file, 'utf8'));
const flatten = (t: TextTree, prefix = ''): Map<string, string> => new Map(Object.entries(t).flatMap(([k, v]) =>
  typeof v === 'string' ? [[prefix + k, v] as const] : [...flatten(v, `${prefix}${k}.`)]));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// Texts made only of placeholders and punctuation ("{{company}}, {{address}}") are the same everywhere.
const words = (v: string) => /\p{L}/u.test(v.replace(/\{\{\s*\w+\s*\}\}/g, ''));
// A few texts are the same in every language (legal notices, proper names).
const SAME_EVERYWHERE = ['kernel:footer.us'];

// The example plugin in test-fixtures/ keeps the same rules as the product's plugins.
const folders = textFolders(undefined, ['plugins', 'test-fixtures']);

describe('text files', () => {
  it('has the kernel namespace and the plugins\' namespaces', () => {
    expect(folders.has('kernel')).toBe(true);
    expect(folders.size).toBeGreaterThan(5);
  });

  it('names each plugin\'s namespace by its id: plugins/<id>/locales holds namespace <id> (server, build and browser rely on it)', async () => {
    const webPlugins = (await import('../plugins/index.ts')).allWebPlugins();
    expect(webPlugins.filter((p) => p.texts !== undefined && p.texts !== p.id).map((p) => p.id)).toEqual([]);
    expect(folders.has('hello')).toBe(true);
  });

  for (const [ns, folder] of folders) {
    describe(ns, () => {
      it('exists for all 11 locales (Norwegian as no.json) and nothing else', () => {
        expect(LOCALES.map((l) => textFile(folder, l)).filter((f) => !fs.existsSync(f))).toEqual([]);
        const known = new Set(LOCALES.map((l) => `${localeFile(l)}.json`));
        expect(fs.readdirSync(folder).filter((f) => !known.has(f))).toEqual([]);
      });

      const en = flatten(load(textFile(folder, 'en')));
      it('has English texts, none empty', () => {
        expect(en.size).toBeGreaterThan(0);
        expect([...en].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
      });

      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        describe(path.basename(textFile(folder, locale)), () => {
          const other = flatten(load(textFile(folder, locale)));
          it('has every English key and no stray ones', () => {
            expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
            expect([...other.keys()].filter((k) => !en.has(k))).toEqual([]);
          });
          it('keeps the placeholders of every text', () => {
            const wrong = [...en].filter(([k, v]) => other.has(k) && placeholders(v).join() !== placeholders(other.get(k)!).join());
            expect(wrong.map(([k]) => k)).toEqual([]);
          });
          it('is translated, not an English copy', () => {
            // A single word may be the same in two languages ("Notifications" in French).
            const copies = [...en].filter(([k, v]) => v.length > 12 && /\s/.test(v.trim()) && words(v) && other.get(k) === v).map(([k]) => `${ns}:${k}`);
            expect(copies.filter((k) => !SAME_EVERYWHERE.some((p) => k.startsWith(p)))).toEqual([]);
          });
          it('has no empty texts', () => {
            expect([...other].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
          });
        });
      }
    });
  }
});
