// The members plugin's console texts: every key in English, Dutch and German, every key the pages
// name exists, and the queue's and the form's vocabularies are all there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENDERS, HAIR_COLORS, INTEREST_KEYS, PHOTO_DECISIONS, QUEUE_STATUSES, REPORT_DECISIONS, REPORT_REASONS, SEXUALITIES } from '../../contract.ts';
import de from '../../console/locales/de.json';
import en from '../../console/locales/en.json';
import nl from '../../console/locales/nl.json';

const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const has = (k: string) => keys(en).includes(k) || keys(en).includes(`${k}_one`);

describe('members console texts', () => {
  it('has every key in all three languages, translated', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(nl.reports.title).not.toBe(en.reports.title);
    expect(de.fictional.title).not.toBe(en.fictional.title);
  });

  it('has every key the pages name, and every value of the vocabularies they show', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const used = fs.readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.includes('.test.') && f !== 'testing.tsx')
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\('([a-zA-Z_.]+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !has(k))).toEqual([]);
    const want = [
      ...QUEUE_STATUSES.map((s) => `queue.statuses.${s}`), ...REPORT_DECISIONS.map((d) => `reports.decisions.${d}`),
      ...REPORT_REASONS.map((r) => `report.reasons.${r}`), ...PHOTO_DECISIONS.map((d) => `photos.decisions.${d}`),
      ...GENDERS.map((g) => `values.gender.${g}`), ...SEXUALITIES.map((s) => `values.sexuality.${s}`), ...HAIR_COLORS.map((h) => `values.hair_color.${h}`),
      ...INTEREST_KEYS.map((i) => `interests.${i}`), ...[1, 2, 3, 4, 5, 6, 7].map((n) => `fictional.niche.${n}`),
    ];
    expect(want.filter((k) => !has(k))).toEqual([]);
  });
});
