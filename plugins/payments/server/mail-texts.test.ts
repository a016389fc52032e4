import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../kernel/contract/locales.ts';
import { loadTexts } from '../../../kernel/server/texts.ts';
import en from '../locales/en.json' with { type: 'json' };

// The receipt and refund mails: written in every language, every placeholder filled.
const texts = loadTexts();
const keys = (['receipt', 'refund'] as const).flatMap((mail) => Object.keys(en.mail[mail]).map((k) => `payments:mail.${mail}.${k}`));
const params = { name: 'FlirtHaven', number: '2026-000042', credits: 150, date: '24 Nov 2026', method: 'iDEAL', fee: '€1.00', discount: '€6.24',
  amount: '€24.99', account: '4300', company: 'Example BV', address: 'Main 1, Amsterdam, NL', kvk: '12345678', vat: 'NL0001' };

describe('payments mails', () => {
  it('are written in each of the 11 languages with their placeholders filled', () => {
    expect(keys.length).toBeGreaterThan(15);
    for (const locale of LOCALES) {
      for (const key of keys) {
        const text = texts.t(locale, key, params);
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(text, `${locale} ${key}`).not.toContain('{{');
        if (locale !== 'en') expect(text, `${locale} ${key}`).not.toBe(texts.t('en', key, params));
      }
    }
  });
});
