import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales.ts';
import { consoleTime, utcFromField } from './time.ts';

describe('console times', () => {
  it('shows a moment in UTC and says so, in every language', () => {
    expect(consoleTime('2026-12-01T21:05:09Z', 'en')).toBe('12/1/26, 9:05 PM UTC');
    expect(consoleTime('2026-12-01T21:05:09Z', 'de')).toBe('01.12.26, 21:05 UTC');
    expect(consoleTime('2026-12-01T21:05:09Z', 'de', { seconds: true })).toBe('01.12.26, 21:05:09 UTC');
    for (const lng of LOCALES) expect(consoleTime('2026-12-01T23:30:00Z', lng), lng).toMatch(/(23|11).30.* UTC$/);
  });

  it('is empty for no time or a broken one', () => {
    expect(consoleTime(null, 'en')).toBe('');
    expect(consoleTime(undefined, 'en')).toBe('');
    expect(consoleTime('not a date', 'en')).toBe('');
  });

  it('reads a date-and-time field as UTC', () => {
    expect(utcFromField('2026-12-01T10:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(utcFromField('2026-12-01T10:00:30')?.toISOString()).toBe('2026-12-01T10:00:30.000Z');
    expect(utcFromField('')).toBeNull();
    expect(utcFromField('2026-13-01T10:00')).toBeNull();
    expect(utcFromField('tomorrow')).toBeNull();
  });
});
