import { describe, expect, it } from 'vitest';
import { compareText, countryName, timeOfDay, timeOrDay } from './intl.ts';

describe('Intl helpers', () => {
  it('names countries in the reader\'s language and keeps an unknown code', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'nl')).toBe('Duitsland');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });

  it('sorts the way readers of the language do', () => {
    expect(['Ö', 'O', 'Z'].sort(compareText('sv'))).toEqual(['O', 'Z', 'Ö']);
    expect(['Ö', 'O', 'Z'].sort(compareText('de'))).toEqual(['O', 'Ö', 'Z']);
  });

  it('shows the time of day today and the day and month before', () => {
    const now = new Date(2026, 10, 28, 18, 0);
    const today = new Date(2026, 10, 28, 9, 5).toISOString();
    const earlier = new Date(2026, 2, 3, 9, 5).toISOString();
    expect(timeOfDay(today, 'de')).toMatch(/^0?9:05$/);
    expect(timeOfDay(today, 'en-US')).toBe('9:05 AM');
    expect(timeOrDay(today, 'en-GB', now)).toMatch(/^0?9:05$/);
    expect(timeOrDay(earlier, 'en-GB', now)).toBe('3 Mar');
    expect(timeOrDay(earlier, 'de', now)).toBe('3. März');
  });
});
