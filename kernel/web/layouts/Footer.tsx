import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { footerNamespaces, useTexts } from '../texts.ts';
import { useKernel, useRegistry } from '../context.ts';
import { Link } from '../ui/Link.tsx';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../contract/locales.ts';
import { colors } from '../theme.ts';

const Foot = styled.footer`
  margin-top: 40px;
  padding: 24px 0 32px;
  background: #2b1a2c;
  color: #d9cde0;
  font-size: 14px;
  a { color: #f3e6f6; }
  a:hover { color: ${colors.primary}; }
  ul { display: flex; flex-wrap: wrap; gap: 6px 18px; list-style: none; margin: 0 0 16px; padding: 0; }
  label { margin-right: 8px; }
  select { padding: 4px 8px; border-radius: 6px; border: 1px solid #6e4f70; background: #3b2a3d; color: #fff; }
  p { margin: 12px 0 0; }
`;

export const LanguageSelect = observer(function LanguageSelect() {
  const kernel = useKernel();
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor="language-select">{t('kernel:footer.language')}</label>
      <select id="language-select" value={kernel.appState.locale} onChange={(e) => void kernel.setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => <option key={l} value={l} lang={l}>{LOCALE_NAMES[l]}</option>)}
      </select>
    </>
  );
});

/**
 * The plugins' links. Their labels are their plugins' texts: the links show once those are there
 * (the kernel loads them with the page; only after an address without a footer may they come later).
 */
const FooterLinks = observer(function FooterLinks() {
  const registry = useRegistry();
  const { t } = useTexts(footerNamespaces(registry.plugins));
  const links = registry.footerLinks();
  if (!links.length) return null;
  return (
    <nav aria-label={t('kernel:footer.links')}>
      <ul>{links.map((l) => <li key={l.id}><Link to={l.route}>{t(l.labelKey)}</Link></li>)}</ul>
    </nav>
  );
});

/** Footer: the plugins' links, the language, the disclaimer and (for English) the US notice. */
export const Footer = observer(function Footer({ compact = false }: { compact?: boolean }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const s = kernel.settings;
  return (
    <Foot>
      <div className="container">
        <Suspense fallback={null}><FooterLinks /></Suspense>
        <LanguageSelect />
        {!compact && (
          <p>{t('kernel:footer.disclaimer', { name: s.name })}</p>
        )}
        {!compact && kernel.appState.locale === 'en' && <p>{t('kernel:footer.us')}</p>}
        <p>© {new Date().getFullYear()} {s.name} · {t('kernel:footer.adults')}</p>
      </div>
    </Foot>
  );
});
