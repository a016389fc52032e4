import { describe, expect, it } from 'vitest';
import { formatMoney, formatPerCredit, minorPerMajor } from './money.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money in the reader\'s locale', () => {
  it('formats integer minor units per locale and currency', () => {
    expect(plain(formatMoney(4299, 'PLN', 'pl'))).toBe('42,99 zł');
    expect(plain(formatMoney(2499, 'EUR', 'de'))).toBe('24,99 €');
    expect(plain(formatMoney(2499, 'EUR', 'nl'))).toBe('€ 24,99');
    expect(formatMoney(899, 'GBP', 'en')).toBe('£8.99');
    expect(plain(formatMoney(10900, 'SEK', 'sv'))).toBe('109,00 kr');
    expect(plain(formatMoney(149500, 'NOK', 'nb'))).toBe('1 495,00 kr');
    expect(plain(formatMoney(2490, 'CHF', 'de'))).toBe('24,90 CHF');
  });

  it('shows the price of one credit to a tenth of a minor unit', () => {
    expect(plain(formatPerCredit(10499, 150, 'PLN', 'pl'))).toBe('0,70 zł');
    expect(formatPerCredit(999, 50, 'EUR', 'en')).toBe('€0.20');
    expect(formatPerCredit(2499, 150, 'EUR', 'en')).toBe('€0.167');
  });

  it('knows the minor units of a currency', () => {
    expect(minorPerMajor('EUR')).toBe(100);
    expect(minorPerMajor('JPY')).toBe(1);
  });
});
