import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useRegistry } from './context.ts';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { lazyOf } from './lazy.ts';
import type { PanelSlot, PanelSlots } from './plugin.ts';

/**
 * Renders the panels other plugins contribute to `slot`, each in its own boundary; nothing when
 * none. `props` are what the slot's host declared in PanelSlots.
 */
function PanelsOf<S extends PanelSlot>({ slot, props }: { slot: S; props: PanelSlots[S] }) {
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
}
const ObservedPanels = observer(PanelsOf);

export function Panels<S extends PanelSlot>(p: { slot: S; props: PanelSlots[S] }) {
  return <ObservedPanels {...p} />;
}

