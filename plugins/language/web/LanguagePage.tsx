import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { colors, up } from '../../../kernel/web/theme.ts';
import { LOCALES, type Locale } from '../../../kernel/contract/locales.ts';
import { LANGUAGE_NAMES } from './names.ts';

const Box = styled.div`
  max-width: 720px;
  margin: 0 auto;
  padding: 24px 20px;
  background: #fff;
  border-radius: 12px;
  h1 { color: ${colors.dark}; }
  ul { display: grid; grid-template-columns: 1fr; gap: 10px; list-style: none; padding: 0; margin: 20px 0; }
  ${up('sm')} { ul { grid-template-columns: 1fr 1fr; } }
  ${up('md')} { ul { grid-template-columns: 1fr 1fr 1fr; } }
  button {
    display: flex; align-items: center; justify-content: space-between; gap: 8px;
    width: 100%; min-height: 48px; padding: 10px 16px;
    border: 1px solid #ead9ee; border-radius: 10px; background: ${colors.light};
    color: ${colors.dark}; font: inherit; font-weight: 600; text-align: left; cursor: pointer;
  }
  button:hover { border-color: ${colors.secondary}; }
  button:focus-visible { outline: 3px solid ${colors.dark}; outline-offset: 2px; }
  button[aria-pressed='true'] { background: ${colors.dark}; border-color: ${colors.dark}; color: #fff; }
  .note { color: #596068; font-size: 14px; }
`;

/** /lang-config: every language named in itself; choosing one switches the site (kernel.setLocale). */
export default observer(function LanguagePage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const current = kernel.appState.locale as Locale;
  const [changed, setChanged] = useState(false);
  // The kernel's locale change: the texts in the new language, the cookie i18n_redirected for 365
  // days, and (auth's listener) the member's language saved on the server.
  const choose = async (locale: Locale) => {
    await kernel.setLocale(locale);
    setChanged(true);
  };
  return (
    <div className="container">
      <Box>
        <h1>{t('language:title')}</h1>
        <p>{t('language:lead', { name: kernel.settings.name })}</p>
        <ul aria-label={t('language:list')}>
          {LOCALES.map((l) => (
            <li key={l}>
              <button type="button" lang={l} aria-pressed={l === current} onClick={() => void choose(l)}>
                {LANGUAGE_NAMES[l]}
                {l === current && <span aria-hidden="true">✓</span>}
              </button>
            </li>
          ))}
        </ul>
        <p role="status">{changed ? t('language:changed', { language: LANGUAGE_NAMES[current] }) : ''}</p>
        <p className="note">{t(kernel.appState.loggedIn ? 'language:account' : 'language:browser')}</p>
      </Box>
    </div>
  );
});
