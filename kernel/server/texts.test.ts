import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/locales.ts';
import { loadTexts } from './texts.ts';

describe('server texts (mails)', () => {
  const texts = loadTexts();
  const MAIL_KEYS = ['account:mail.activate', 'account:mail.reset', 'account:mail.mailChange', 'account:mail.deleted', 'account:mail.passwordChanged']
    .flatMap((k) => ['subject', 'heading', 'body', 'note'].map((p) => `${k}.${p}`)).concat(['kernel:mail.footer', 'kernel:mail.unsubscribe']);
  const params = { name: 'FlirtHaven', email: 'a@b.cd', days: 14, hours: 2 };

  it('writes every mail in each of the 11 languages, with its placeholders filled', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const key of MAIL_KEYS) {
        const text = texts.t(locale, key, params);
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(text, `${locale} ${key}`).not.toContain('{{');
        expect(text, `${locale} ${key}`).not.toBe(texts.t('en', key, params));
      }
    }
  });

  it('falls back to English, then to the key', () => {
    expect(texts.t('xx', 'account:mail.reset.heading')).toBe('Choose a new password');
    expect(texts.t('de', 'nothing:here')).toBe('nothing:here');
    expect(texts.t('nb', 'kernel:mail.unsubscribe')).not.toBe('Unsubscribe from these e-mails');
  });
});
