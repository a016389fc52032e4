import { Suspense, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { css } from '@linaria/core';
import { useKernel, useRegistry } from '../context.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { lazyOf } from '../lazy.ts';
import { dismissals } from '../dismissals.ts';
import { DISMISSED_BOOT } from '../../contract/dismissed.ts';
import type { BannerDef, LayoutName, LayoutSlot, ModalId } from '../plugin.ts';
import { modalComponent } from '../../contract/adapter.ts';

function SlotError() {
  const { t } = useTranslation();
  return <div role="alert" className="container" style={{ color: '#dc3545', padding: '8px 15px' }}>{t('kernel:slotError')}</div>;
}

/**
 * While an alert's chunk loads, its place is held at the height of a usual alert bar (AlertBar:
 * text and a button, two lines and the button below on a phone, one line from 576 px), so the page
 * below does not move down when the alert arrives.
 */
const alertSpace = css`
  min-height: 117px;
  border-bottom: 1px solid #e3c8e6;
  background: #f7eef8;
  @media (min-width: 576px) { min-height: 64px; }
  /* Docked (AlertBar): nothing to hold in the page. */
  [data-alert-dock] & { display: none; }
`;


/**
 * The plugins' alert for this layout: one at a time, the highest priority that applies (the next
 * shows once it is dismissed or no longer applies), so alerts never push a phone's first screen
 * below the fold. In its own boundary.
 */
export const Alerts = observer(function Alerts({ layout = 'default' }: { layout?: LayoutName }) {
  const registry = useRegistry();
  const kernel = useKernel();
  const { ctx } = kernel;
  // The server renders the alert the browser will show: from the member's state in the boot block,
  // the dismissals the browser's cookie names and what plugins keep of the browser there (push
  // permission). Until the app has settled (the server's render, hydrating) only that; then the
  // browser's own record too (an item dismissed before the cookie existed).
  const told = kernel.bootData<string[] | null>(DISMISSED_BOOT) ?? [];
  const settled = ctx.appState.settled;
  const alerts = registry.alerts((key) => told.includes(key) || (settled && dismissals.isDismissed(key)), layout).slice(0, 1);
  // A conversation's composer sits at the bottom of the screen: there the alert stays in the page.
  const docked = layout !== 'chat';
  return (
    <div data-alert-dock={docked || undefined}>
      {alerts.map((a) => {
        const C = lazyOf(a.component, a.plugin);
        return (
          <ErrorBoundary key={`${a.plugin}:${a.id}`} fallback={() => <SlotError />}>
            <Suspense fallback={<div className={alertSpace} aria-hidden="true" />}><C dismiss={() => a.dismiss && dismissals.dismiss(a.dismiss)} ctx={ctx} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </div>
  );
});

/** While a banner's chunk loads its place is held at its declared height (phones, then from 576 px). */
const bannerSpace = css`
  min-height: var(--slot-h);
  @media (min-width: 576px) { min-height: var(--slot-h-wide, var(--slot-h)); }
`;

function BannerSpace({ height }: { height: BannerDef['height'] }) {
  if (height == null) return null;
  const [phone, wide] = typeof height === 'number' ? [height, height] : [height.phone, height.wide];
  return <div className={bannerSpace} style={{ '--slot-h': `${phone}px`, '--slot-h-wide': `${wide}px` } as CSSProperties} aria-hidden="true" />;
}

/**
 * A layout slot (`banner` above the navigation, `below-nav` under it): the plugins' visible
 * contributions in order, each in its own boundary. Nothing at all while none is visible.
 */
export const LayoutSlotView = observer(function LayoutSlotView({ slot }: { slot: LayoutSlot }) {
  const registry = useRegistry();
  const { ctx } = useKernel();
  const banners = registry.banners(slot);
  if (banners.length === 0) return null;
  return (
    <div data-slot={slot}>
      {banners.map((b) => {
        const C = lazyOf(b.component, b.plugin);
        return (
          <ErrorBoundary key={`${b.plugin}:${b.id}`} fallback={() => <SlotError />}>
            <Suspense fallback={<BannerSpace height={b.height} />}><C ctx={ctx} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </div>
  );
});

/** Open modals, each rendered by the plugin that declared it. */
export const Modals = observer(function Modals() {
  const registry = useRegistry();
  const { appState } = useKernel();
  return (
    <>
      {appState.modals.map((m) => {
        const def = registry.modal(m.id as ModalId);
        if (!def) return null;
        const C = lazyOf(modalComponent(def.component), def.plugin);
        return (
          <ErrorBoundary key={m.id} fallback={() => <SlotError />}>
            <Suspense fallback={null}><C props={m.props} close={() => appState.closeModal(def.id)} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
});
