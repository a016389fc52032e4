import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel, useRegistry } from '../context.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { lazyOf } from '../lazy.ts';
import { dismissals } from '../dismissals.ts';

function SlotError() {
  const { t } = useTranslation();
  return <div role="alert" className="container" style={{ color: '#dc3545', padding: '8px 15px' }}>{t('kernel:slotError')}</div>;
}

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
            <Suspense fallback={null}><C dismiss={() => a.dismiss && dismissals.dismiss(a.dismiss)} /></Suspense>
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
