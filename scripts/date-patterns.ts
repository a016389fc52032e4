// Writes kernel/web/date-patterns.ts: for each of the site's languages, what Intl gives for a time of
// day ({ hour: 'numeric', minute: '2-digit' }) and a day with its short month ({ day: 'numeric',
// month: 'short' }), as templates the browser fills without making a DateTimeFormat (kernel/web/clock.ts).
// Run again after adding a language: `node --import tsx scripts/date-patterns.ts`; kernel/web/clock.test.ts
// checks the file against Intl.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../kernel/contract/locales.ts';
import type { DatePatterns } from '../kernel/web/clock.ts';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };

/** The parts of one formatted date as a template: each field by its token, literals as they are. */
function template(locale: string, options: Intl.DateTimeFormatOptions, date: Date, token: Record<string, (value: string) => string>): string {
  return new Intl.DateTimeFormat(locale, options).formatToParts(date).map((p) => {
    if (p.type === 'literal') {
      if (/[{}]/.test(p.value)) throw new Error(`${locale}: a brace in "${p.value}"`);
      // format() gives a plain space where ICU's parts have a narrow one ("9:05 AM"): V8 swaps it for
      // pages that parse times.
      return p.value.replace(/\u202f/g, ' ');
    }
    const t = token[p.type];
    if (!t) throw new Error(`${locale}: unexpected part ${p.type}`);
    return t(p.value);
  }).join('');
}

function patternsFor(locale: string): DatePatterns {
  // The 3rd at 09:05 tells a padded field ("09", "03") from a plain one.
  const morning = new Date(Date.UTC(2000, 0, 3, 9, 5));
  const evening = new Date(Date.UTC(2000, 0, 3, 21, 5));
  const period = (d: Date) => new Intl.DateTimeFormat(locale, TIME).formatToParts(d).find((p) => p.type === 'dayPeriod')?.value ?? '';
  return {
    time: template(locale, TIME, morning, { hour: (v) => (v.length === 2 ? '{hh}' : '{h}'), minute: () => '{mm}', dayPeriod: () => '{a}' }),
    hourCycle: new Intl.DateTimeFormat(locale, TIME).resolvedOptions().hourCycle ?? 'h23',
    dayPeriods: [period(morning), period(evening)],
    day: template(locale, DAY, morning, { day: (v) => (v.length === 2 ? '{dd}' : '{d}'), month: () => '{MMM}' }),
    months: Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(locale, DAY).formatToParts(new Date(Date.UTC(2000, m, 3))).find((p) => p.type === 'month')!.value),
  };
}

const lines = LOCALES.map((l) => `  ${l}: ${JSON.stringify(patternsFor(l))},`);
const out = path.resolve(import.meta.dirname, '../kernel/web/date-patterns.ts');
fs.writeFileSync(out, `// Written by scripts/date-patterns.ts from Intl (ICU ${process.versions.icu}); kernel/web/clock.test.ts checks it.
import type { DatePatterns } from './clock.ts';

export const DATE_PATTERNS: Record<string, DatePatterns> = {
${lines.join('\n')}
};
`);
console.log(`wrote ${out}`);
