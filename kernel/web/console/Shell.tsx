import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '@linaria/core';
import { consoleLogout, consoleMe, type StaffView } from '../../contract/console.ts';
import { CONSOLE_API_PREFIX } from '../../contract/endpoint.ts';
import type { Api } from '../api.ts';
import { ApiError } from '../api-error.ts';
import { ConsoleContext, type ConsoleKernel } from './context.ts';
import { sectionsFor, type ConsoleContribution, type ConsoleSectionProps } from './define.ts';
import { Login } from './Login.tsx';
import { Button, Notice, SelectField } from './ui.tsx';
import { colors, fontFamily } from '../theme.ts';
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from './i18n.ts';

const layout = css`
  display: grid; grid-template-columns: 220px 1fr; min-height: 100vh; font-family: ${fontFamily}; color: ${colors.text};
  /* On a tablet the menu is a band above the page, as tall as its links (the page takes the rest). */
  @media (max-width: 900px) { grid-template-columns: 1fr; grid-template-rows: auto 1fr; }
`;
const nav = css`
  background: ${colors.dark}; color: ${colors.white}; padding: 12px 0; display: flex; flex-direction: column; gap: 2px;
  a { color: ${colors.white}; text-decoration: none; padding: 8px 18px; display: block; font-size: 0.95rem; }
  a:hover, a:focus-visible { background: rgba(255, 255, 255, 0.12); outline: none; }
  a[aria-current='page'] { background: rgba(255, 255, 255, 0.2); font-weight: 600; border-left: 4px solid ${colors.primaryOnDark}; }
  @media (max-width: 900px) { flex-direction: row; flex-wrap: wrap; align-content: flex-start; padding: 4px; }
`;
const brand = css`
  padding: 4px 18px 12px; font-weight: 700; font-size: 1.05rem; color: ${colors.primaryOnDark};
  @media (max-width: 900px) { display: none; }
`;
const topbar = css`
  display: flex; gap: 12px; align-items: flex-end; justify-content: flex-end; padding: 10px 24px; border-bottom: 1px solid ${colors.border};
  background: ${colors.white}; font-size: 0.9rem; flex-wrap: wrap;
`;
const main = css`
  background: #faf8fa; min-width: 0;
`;

const PREFIX = '/operator';
const parse = (pathname: string) => pathname.replace(/^\/operator\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);

/** The console: the login, then the menu of the sections this role sees and the open section's page. */
export function Shell({ api, contributions, language, onLanguage }: { api: Api; contributions: readonly ConsoleContribution[]; language: ConsoleLanguage; onLanguage(l: ConsoleLanguage): void }) {
  const { t } = useTranslation('console');
  const [staff, setStaff] = useState<StaffView | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  const [path, setPath] = useState(() => parse(window.location.pathname));

  useEffect(() => {
    api.call(consoleMe, undefined, { retries: 1 }).then((r) => setStaff(r.staff), () => setStaff(null));
    const onPop = () => setPath(parse(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [api]);

  const navigate = useCallback((to: string) => {
    const target = to.startsWith(PREFIX) ? to : `${PREFIX}/${to.replace(/^\//, '')}`;
    window.history.pushState(null, '', target);
    setPath(parse(target.split('?')[0]));
    window.scrollTo(0, 0);
  }, []);
  const sessionEnded = useCallback(() => { setEnded(true); setStaff(null); }, []);

  // Any 404 from the console's API means the session is gone (idle for 30 minutes, or logged out elsewhere).
  const guarded = useMemo<Api>(() => ({
    call: (async (...args: Parameters<Api['call']>) => {
      try {
        return await api.call(...args);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404 && err.code === 'not_found' && args[0].path.startsWith(CONSOLE_API_PREFIX)) {
          const alive = await api.call(consoleMe, undefined, { retries: 0 }).then(() => true, () => false);
          if (!alive) sessionEnded();
        }
        throw err;
      }
    }) as Api['call'],
    beacon: api.beacon,
  }), [api, sessionEnded]);

  const sections = useMemo(() => (staff ? sectionsFor(contributions, staff.role) : []), [contributions, staff]);
  const pages = useMemo(() => new Map(sections.map((s) => [s.id, lazy(s.page) as ComponentType<ConsoleSectionProps>])), [sections]);

  const languagePicker = (
    <SelectField label={t('language')} value={language} options={CONSOLE_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} onChange={(l) => onLanguage(l as ConsoleLanguage)} />
  );

  if (staff === undefined) return <p role="status" style={{ padding: 24 }}>{t('loading')}</p>;
  if (staff === null) {
    return (
      <div style={{ fontFamily }}>
        <div className={topbar}>{languagePicker}</div>
        <Login api={api} ended={ended} onIn={(s) => { setEnded(false); setStaff(s); if (!path.length && sections[0]) navigate(sections[0].id); }} />
      </div>
    );
  }
  const current = sections.find((s) => s.id === path[0]) ?? sections[0];
  const Page = current ? pages.get(current.id) : undefined;
  const kernel: ConsoleKernel = { staff, api: guarded, navigate, sessionEnded };
  const titleOf = (s: (typeof sections)[number]) => t(s.title, { ns: s.plugin === 'kernel' ? 'console' : `${s.plugin}-console` });

  return (
    <ConsoleContext.Provider value={kernel}>
      <div className={layout}>
        <nav className={nav} aria-label={t('menu')}>
          <div className={brand}>{t('title')}</div>
          {sections.map((s) => (
            <a key={s.id} href={`${PREFIX}/${s.id}`} aria-current={s.id === current?.id ? 'page' : undefined}
              onClick={(e) => { if (e.button === 0 && !e.metaKey && !e.ctrlKey) { e.preventDefault(); navigate(s.id); } }}>
              {titleOf(s)}
            </a>
          ))}
        </nav>
        <div className={main}>
          <div className={topbar}>
            <span>{t('signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}</span>
            {languagePicker}
            <Button onClick={async () => { await api.call(consoleLogout, { body: {} }, { retries: 0 }).catch(() => {}); setStaff(null); }}>{t('logout')}</Button>
          </div>
          <main className={cx()}>
            {!Page && <Notice>{t('noSections')}</Notice>}
            {Page && current && (
              <Suspense fallback={<p role="status" style={{ padding: 24 }}>{t('loading')}</p>}>
                <Page key={current.id} path={path[0] === current.id ? path.slice(1) : []} />
              </Suspense>
            )}
          </main>
        </div>
      </div>
    </ConsoleContext.Provider>
  );
}
