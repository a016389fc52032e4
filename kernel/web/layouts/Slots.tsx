import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { css } from '@linaria/core';
import { useKernel, useRegistry } from '../context.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { lazyOf } from '../lazy.ts';
import { dismissals } from '../dismissals.ts';

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
`;

/** The alerts of the plugins, highest priority first, each in its own boundary. */
export const Alerts = observer(function Alerts() {
  const registry = useRegistry();
  const alerts = registry.alerts((key) => dismissals.isDismissed(key));
  return (
    <>
      {alerts.map((a) => {
        const C = lazyOf(a.component);
        return (
          <ErrorBoundary key={`${a.plugin}:${a.id}`} fallback={() => <SlotError />}>
            <Suspense fallback={<div className={alertSpace} aria-hidden="true" />}><C dismiss={() => a.dismiss && dismissals.dismiss(a.dismiss)} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
});

/** Open modals, each rendered by the plugin that declared it. */
export const Modals = observer(function Modals() {
  const registry = useRegistry();
  const { kernel } = useKernel();
  return (
    <>
      {kernel.modals.map((m) => {
        const def = registry.modal(m.id);
        if (!def) return null;
        const C = lazyOf(def.component);
        return (
          <ErrorBoundary key={m.id} fallback={() => <SlotError />}>
            <Suspense fallback={null}><C props={m.props} close={() => kernel.closeModal(m.id)} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
});
