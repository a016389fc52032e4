import { useEffect, useState } from 'react';
import { useRegistry } from './context.ts';
import { preload } from './lazy.ts';
import type { PanelSlot } from './plugin.ts';
// Its own module: only the pages that wait for their panels carry it (not the initial scripts).
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
