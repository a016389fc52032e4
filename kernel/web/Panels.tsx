import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useRegistry } from './context.ts';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { lazyOf } from './lazy.ts';

/** Renders the panels other plugins contribute to `slot`, each in its own boundary; nothing when none. */
export const Panels = observer(function Panels({ slot, props = {} }: { slot: string; props?: Record<string, unknown> }) {
  const registry = useRegistry();
  return (
    <>
      {registry.panels(slot).map((p) => {
        const C = lazyOf(p.component, p.plugin);
        return (
          <ErrorBoundary key={`${p.plugin}:${p.id}`} fallback={() => null}>
            <Suspense fallback={null}><C props={props} /></Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
});
