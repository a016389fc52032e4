import { useEffect, useState, type ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { colors } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { cleanPhone, termsDate, type StaticPage as Page } from '../contract.ts';
import { pagesSlice } from './store.ts';

const Article = styled.article`
  max-width: 820px;
  margin: 0 auto;
  padding: 24px 20px;
  background: #fff;
  border-radius: 12px;
  h1 { color: ${colors.dark}; }
  h2 { font-size: 19px; color: ${colors.dark}; margin-top: 24px; }
  .updated { color: ${colors.muted}; font-size: 14px; }
  .contact { display: flex; flex-wrap: wrap; gap: 10px 24px; margin-top: 20px; font-weight: 600; }
`;

const StaticPageView = observer(function StaticPageView({ page }: { page: Page }) {
  const { t, i18n } = useTranslation();
  const { settings, store } = useKernel();
  const pages = pagesSlice.of({ store });
  const [failed, setFailed] = useState(false);
  useEffect(() => { pages.loadCompany().catch(() => setFailed(true)); }, [pages]);

  const company = pages.company;
  const params = {
    name: settings.name,
    company: company?.name ?? settings.name,
    address: company ? `${company.address}, ${company.city}` : '',
    support_email: settings.support_email,
    support_phone: settings.support_phone || company?.support_phone || '',
    refund_days: settings.refund_days,
  };
  const sections = Object.keys(t(`pages:${page}.sections`, { returnObjects: true }) as Record<string, unknown>);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(termsDate(company?.added)));

  return (
    <div className="container">
      <Article>
        <h1>{t(`pages:${page}.title`)}</h1>
        {page === 'terms' && (company || failed) && <p className="updated">{t('pages:updated', { date })}</p>}
        <p>{t(`pages:${page}.intro`, params)}</p>
        {sections.map((key) => (
          <section key={key}>
            <h2>{t(`pages:${page}.sections.${key}.title`, params)}</h2>
            {t(`pages:${page}.sections.${key}.body`, params).split('\n\n').map((p, i) => <p key={i}>{p}</p>)}
          </section>
        ))}
        {page === 'service' && (
          <p className="contact">
            <a href={`mailto:${params.support_email}`}>{params.support_email}</a>
            {params.support_phone && <a href={`tel:${cleanPhone(params.support_phone)}`}>{params.support_phone}</a>}
          </p>
        )}
      </Article>
    </div>
  );
});

const cache = new Map<Page, ComponentType<PageProps>>();
/** One page component per static page, so each route keeps its identity. */
export function pageFor(page: Page): ComponentType<PageProps> {
  let c = cache.get(page);
  if (!c) cache.set(page, (c = () => <StaticPageView page={page} />));
  return c;
}
