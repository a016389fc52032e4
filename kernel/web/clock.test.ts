import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/locales.ts';
import { dayAndMonth, timeOfDay, timeOrDay } from './clock.ts';

// The patterns (date-patterns.ts) must give what Intl gives; when an ICU update changes a language's
// format, this fails: write them again with `node --import tsx scripts/date-patterns.ts`.
describe('times and days without a DateTimeFormat', () => {
  it('gives what Intl gives for every language, at every hour and on every month', () => {
    for (const locale of LOCALES) {
      const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
      const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
      for (let h = 0; h < 24; h++) {
        for (const m of [0, 5, 30, 59]) {
          const d = new Date(2026, 10, 28, h, m);
          expect(timeOfDay(d.toISOString(), locale), `${locale} ${h}:${m}`).toBe(time.format(d));
        }
      }
      for (let month = 0; month < 12; month++) {
        for (const date of [1, 3, 10, 28]) {
          const d = new Date(2026, month, date, 12, 0);
          expect(dayAndMonth(d.toISOString(), locale), `${locale} ${date}/${month + 1}`).toBe(day.format(d));
        }
      }
    }
  });

  it('shows the time of day today and the day and month before; other locales go through Intl', () => {
    const now = new Date(2026, 10, 28, 18, 0);
    const today = new Date(2026, 10, 28, 9, 5).toISOString();
    const earlier = new Date(2026, 2, 3, 9, 5).toISOString();
    expect(timeOfDay(today, 'de')).toMatch(/^0?9:05$/);
    expect(timeOrDay(today, 'fi', now)).toBe('9.05');
    expect(timeOrDay(earlier, 'de', now)).toBe('3. März');
    expect(timeOfDay(today, 'en-US')).toBe('9:05 AM');
    expect(timeOrDay(today, 'en-GB', now)).toMatch(/^0?9:05$/);
    expect(timeOrDay(earlier, 'en-GB', now)).toBe('3 Mar');
    expect(timeOrDay(new Date(2026, 10, 28, 21, 30).toISOString(), 'en', now)).toMatch(/^9:30\sPM$/);
  });
});
