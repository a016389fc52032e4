import { describe, expect, it } from 'vitest';
import { compareText, countryName } from './intl.ts';
import { collator, dateFormat, makeIntl, noteIntlWith, numberFormat } from '../contract/intl.ts';

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
});

describe('Intl objects made once (kernel/contract/intl.ts)', () => {
  it('keeps each object by kind, locale and options, and tells the listener of every one asked for', () => {
    const heard: string[] = [];
    noteIntlWith((_use, key) => heard.push(key));
    try {
      expect(collator('de')).toBe(collator('de'));
      expect(numberFormat('en-GB', { style: 'currency', currency: 'GBP' })).toBe(numberFormat('en-GB', { style: 'currency', currency: 'GBP' }));
      expect(numberFormat('en-GB', { style: 'currency', currency: 'EUR' })).not.toBe(numberFormat('en-GB', { style: 'currency', currency: 'GBP' }));
      expect(countryName('FR', 'de')).toBe('Frankreich');
    } finally { noteIntlWith(null); }
    expect(heard).toContain('["collator","de"]');
    expect(heard).toContain('["number","en-GB",{"style":"currency","currency":"GBP"}]');
    expect(heard).toContain('["regions","de"]');
    // An unknown currency throws, as Intl does; an unknown locale falls back.
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOPE!' })).toThrow();
    expect(dateFormat('not a locale!', { month: 'short' }).format(new Date(Date.UTC(2026, 2, 3, 12)))).toBe('Mar');
  });

  it('makes what a server render noted before hydrating, one per pause, and skips what is not an Intl object', async () => {
    let pauses = 0;
    await makeIntl([['collator', 'sv'], ['regions', 'nl'], ['number', 'pl', { style: 'currency', currency: 'PLN' }], ['date', 'fr', { month: 'long' }],
      ['eval', 'en'], 'junk', [1, 2], ['number', 'en', { style: 'currency', currency: 'NOPE!' }]], async () => { pauses++; });
    expect(pauses).toBe(4);
    const heard: string[] = [];
    noteIntlWith((_use, key) => heard.push(key));
    try { expect(['Ö', 'Z'].sort(compareText('sv'))).toEqual(['Z', 'Ö']); } finally { noteIntlWith(null); }
    expect(heard).toEqual(['["collator","sv"]']);
    await makeIntl({ not: 'a list' }, async () => { pauses++; });
    expect(pauses).toBe(4);
  });
});
