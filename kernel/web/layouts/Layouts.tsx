import { Suspense, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { styled } from '@linaria/react';
import { TopNav } from './TopNav.tsx';
import { Alerts, LayoutSlotView, Modals } from './Slots.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { useKernel } from '../context.ts';
import { colors } from '../theme.ts';
import type { LayoutName } from '../plugin.ts';
import { lazyOf } from '../lazy.ts';

// The footer is below the first screen (main is at least a screen high): its code comes after the
// page's, keeping the first download small. The server renders it in place (ssr.tsx waits for all).
// A server-rendered page loads it before hydrating (lazy-parts.ts), so the footer hydrates with the
// page: a tap on one of its links or a change of its language select is never lost.
export const loadFooter = () => import('./Footer.tsx').then((m) => ({ default: m.Footer }));
function Footer() {
  const Loaded = lazyOf(loadFooter);
  return <Suspense fallback={null}><Loaded /></Suspense>;
}

/**
 * The page area reaches at least the bottom of the first screen, so the footer starts below it: it
 * does not jump down when the page chunk or the page's data arrive (layout shift, CLS). The nav
 * bar is 56 px (TopNav).
 */
const Main = styled.main`
  min-height: calc(100vh - 56px);
  padding: 20px 0;
`;
const BrandBar = styled.header`
  padding: 12px 0;
  background: ${colors.dark};
  color: #fff;
  font-weight: 700;
  font-size: 20px;
`;

type Props = { children: ReactNode };

function SkipLink() {
  const { t } = useTranslation();
  return <a className="skip-link" href="#main">{t('kernel:skipToContent')}</a>;
}

/**
 * Banner slot, top navigation, below-nav slot, alerts, page, footer with disclaimer; modals
 * (signup, warnings) on top.
 */
function DefaultLayout({ children }: Props) {
  return (
    <>
      <SkipLink />
      <LayoutSlotView slot="banner" />
      <TopNav />
      <LayoutSlotView slot="below-nav" />
      <Alerts />
      <Main id="main" tabIndex={-1}>{children}</Main>
      <Footer />
      <Modals />
      <Toasts />
    </>
  );
}

/**
 * Chat: the page fills the screen under the navigation; no footer. The layout slots and the alerts
 * that ask for the chat layout (an alert's `layouts`) show here too.
 */
function ChatLayout({ children }: Props) {
  return (
    <>
      <SkipLink />
      <LayoutSlotView slot="banner" />
      <TopNav />
      <LayoutSlotView slot="below-nav" />
      <Alerts layout="chat" />
      <main id="main" tabIndex={-1}>{children}</main>
      <Modals />
      <Toasts />
    </>
  );
}

/** Landers for paid traffic: a plain brand bar, the page, footer and disclaimer (no banners, per the spec). */
const LanderLayout = observer(function LanderLayout({ children }: Props) {
  const { settings } = useKernel();
  return (
    <>
      <BrandBar><div className="container">{settings.name}</div></BrandBar>
      <Main id="main">{children}</Main>
      <Footer />
      <Modals />
      <Toasts />
    </>
  );
});

/** Nothing but the page (and the signup modal when asked for). */
function EmptyLayout({ children }: Props) {
  return (
    <>
      <main id="main">{children}</main>
      <Modals />
      <Toasts />
    </>
  );
}

export const layouts: Record<LayoutName, (p: Props) => ReactNode> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
};
