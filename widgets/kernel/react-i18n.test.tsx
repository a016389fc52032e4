import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMiniI18n, I18nextProvider, useTranslation } from './react-i18n.tsx';
import deSignup from '../../plugins/signup/locales/de.json';

describe('the widgets\' i18n', () => {
  const i18n = createMiniI18n('de', { signup: deSignup, kernel: { close: 'Schließen', errors: { generic: 'Fehler' } } });

  it('reads "ns:a.b" keys of the app\'s text files, kernel by default, with {{placeholders}}', () => {
    expect(i18n.t('signup:errors.dob_missing', { min_age: 18 })).toBe(deSignup.errors.dob_missing.replace('{{min_age}}', '18'));
    expect(i18n.t('close')).toBe('Schließen');
    expect(i18n.t('kernel:errors.generic')).toBe('Fehler');
  });

  it('answers a missing key as i18next does: defaultValue, else the key', () => {
    expect(i18n.t('signup:errors.nope', { defaultValue: '' })).toBe('');
    expect(i18n.t('signup:errors.nope')).toBe('signup:errors.nope');
    expect(i18n.t('signup:errors')).toBe('signup:errors');
    // An unknown placeholder stays visible rather than turning into "undefined".
    expect(i18n.t('signup:progress', { step: 1 })).toContain('{{total}}');
  });

  it('gives components useTranslation() like react-i18next', () => {
    function Title() {
      const { t, i18n: inst } = useTranslation();
      return <h1 lang={inst.language}>{t('signup:modalTitle')}</h1>;
    }
    render(<I18nextProvider i18n={i18n}><Title /></I18nextProvider>);
    expect(screen.getByRole('heading', { name: deSignup.modalTitle }).getAttribute('lang')).toBe('de');
  });
});
