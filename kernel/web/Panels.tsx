import { Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRegistry } from './context.ts';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { lazyOf, preload } from './lazy.ts';
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

/**
 * Starts loading the panels of `slot` at once and says when they are all there: a page that shows
 * them among its first content (e.g. /credits' discount code form above the packages) waits for
 * them with the rest, so they never arrive later and push the page down.
 */
export function usePanelsLoaded<S extends PanelSlot>(slot: S): boolean {
  const registry = useRegistry();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all(registry.panels(slot).map((p) => preload(p.component, [p.plugin]))).then(() => { if (live) setLoaded(true); });
    return () => { live = false; };
  }, [registry, slot]);
  return loaded;
}
