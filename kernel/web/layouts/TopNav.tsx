import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { css } from '@linaria/core';
import { useTranslation } from 'react-i18next';
import { namespaceOfKey, useTexts } from '../texts.ts';
import { useKernel, useRegistry } from '../context.ts';
import { Badge, badgeText } from '../ui/Badge.tsx';
import { Link } from '../ui/Link.tsx';
import { Icon } from '../ui/Icon.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { isStandalone } from '../standalone.ts';
import { colors, up } from '../theme.ts';
import type { NavItemDef } from '../plugin.ts';

const Bar = styled.header`
  background: ${colors.dark};
  color: #fff;
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.15);
  position: sticky;
  top: 0;
  z-index: 1000;
`;
const Inner = styled.nav`
  display: flex;
  align-items: center;
  /* Six icons and the brand fit in 375 px (search, swipe, messages, likes, credits or premium, account). */
  gap: 2px;
  min-height: 56px;
  ${up('sm')} { gap: 6px; }
`;
const Brand = styled.a`
  color: #fff;
  font-weight: 700;
  font-size: 20px;
  text-decoration: none;
  margin-right: auto;
  white-space: nowrap;
  /* A long site name ("FlirtHaven Deutschland") next to a visitor's Sign up and Log in buttons on a
     375 px phone: cut with an ellipsis rather than push the page wider than the screen. */
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  &:hover { color: ${colors.primaryOnDark}; }
`;
const item = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 8px 6px;
  ${up('sm')} { padding: 8px 10px; }
  border-radius: 18px;
  color: #fff;
  text-decoration: none;
  font-weight: 600;
  background: none;
  border: 0;
  cursor: pointer;
  &:hover, &[aria-current='page'] { color: ${colors.primaryOnDark}; }
  &[data-variant='button'] { background: ${colors.primary}; color: #1d1200; padding: 6px 16px; }
  &[data-variant='button']:hover { color: #1d1200; background: #ffbb33; }
  .label { display: none; }
  /* Phones show icons only: the badge sits on the icon's corner so five items fit in 375 px. */
  & > [data-tone] { position: absolute; top: 0; right: -2px; }
  ${up('md')} { .label { display: inline; } & > [data-tone] { position: static; } }
  &[data-variant='button'] .label { display: inline; }
`;
const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  min-width: 180px;
  margin: 0;
  padding: 6px 0;
  list-style: none;
  background: #fff;
  border-radius: 8px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
  a, button {
    display: block;
    width: 100%;
    padding: 8px 16px;
    text-align: left;
    color: ${colors.text};
    text-decoration: none;
    background: none;
    border: 0;
    cursor: pointer;
  }
  a:hover, button:hover, a:focus, button:focus { background: ${colors.light}; color: ${colors.dark}; }
`;

const NavEntry = observer(function NavEntry({ item: navItem }: { item: NavItemDef }) {
  const kernel = useKernel();
  // Its label is its plugin's text: the item shows once that is there (the kernel loads it with the page).
  const { t } = useTexts([namespaceOfKey(navItem.labelKey)]);
  const ctx = kernel.ctx;
  const badge = navItem.badge?.(ctx);
  const showBadge = badge != null && (badge > 0 || navItem.badgeAtZero);
  const label = t(navItem.labelKey);
  const content = (
    <>
      {navItem.icon && <Icon name={navItem.icon} />}
      <span className="label">{label}</span>
      {showBadge && <Badge data-tone={navItem.badgeTone?.(ctx) ?? 'info'} aria-label={t('kernel:nav.badge', { count: badge })}>{badgeText(badge)}</Badge>}
    </>
  );
  if (navItem.route) {
    return (
      <Link className={item} to={navItem.route} params={navItem.params?.(ctx)} aria-label={showBadge ? `${label} (${badgeText(badge)})` : label}
        aria-current={kernel.appState.route.name === navItem.route ? 'page' : undefined} data-variant={navItem.variant}>
        {content}
      </Link>
    );
  }
  return <button className={item} type="button" onClick={() => navItem.action?.(kernel)} aria-label={label} data-variant={navItem.variant}>{content}</button>;
});

/** Arrow keys, Home and End move between menu items (the ARIA menu pattern). */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
  if (to === undefined || !items.length) return;
  e.preventDefault();
  items[(to + items.length) % items.length].focus();
}

const AccountMenu = observer(function AccountMenu() {
  const registry = useRegistry();
  const kernel = useKernel();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const items = registry.navItems('account');
  useTexts(items.map((i) => namespaceOfKey(i.labelKey)));
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: Event) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        box.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
      }
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    box.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => { document.removeEventListener('mousedown', onDoc); document.removeEventListener('keydown', onKey); };
  }, [open]);
  if (!items.length) return null;
  return (
    <div ref={box} style={{ position: 'relative' }}>
      <button className={item} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={t('kernel:nav.account')}>
        <Icon name="user" /><span className="label">{t('kernel:nav.account')}</span>
      </button>
      {open && (
        <Menu role="menu" onClick={() => setOpen(false)} onKeyDown={moveFocus}>
          {items.map((i) => (
            <li key={i.id} role="none">
              {i.route
                ? <Link role="menuitem" to={i.route} params={i.params?.(kernel.ctx)}>{t(i.labelKey)}</Link>
                : <button role="menuitem" type="button" onClick={() => i.action?.(kernel)}>{t(i.labelKey)}</button>}
            </li>
          ))}
        </Menu>
      )}
    </div>
  );
});

/** Top navigation: brand, the plugins' top items (with badges), the account menu. */
export const TopNav = observer(function TopNav() {
  const registry = useRegistry();
  const kernel = useKernel();
  const { t } = useTranslation();
  return (
    <Bar>
      <Inner className="container" aria-label={t('kernel:nav.main')}>
        {isStandalone() && registry.routes.some((r) => r.backButton && r.name === kernel.appState.route.name) && history.length > 1 && (
          <button className={item} type="button" onClick={() => history.back()} aria-label={t('kernel:nav.back')}>‹</button>
        )}
        <Brand href="/" onClick={(e) => { e.preventDefault(); kernel.router.go('/'); }}>{kernel.settings.name}</Brand>
        {registry.navItems('top').map((i) => (
          <ErrorBoundary key={`${i.plugin}:${i.id}`} fallback={() => null}><Suspense fallback={null}><NavEntry item={i} /></Suspense></ErrorBoundary>
        ))}
        {kernel.appState.loggedIn && <Suspense fallback={null}><AccountMenu /></Suspense>}
      </Inner>
    </Bar>
  );
});
