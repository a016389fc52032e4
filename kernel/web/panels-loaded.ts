import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRegistry } from './context.ts';
import { isPreloaded, preload } from './lazy.ts';
import type { PanelSlot } from './plugin.ts';

const nothing = () => () => {};

// Its own module: only the pages that wait for their panels carry it (not the initial scripts).
/**
 * Starts loading the panels of `slot` at once and says when they are all there: a page that shows
 * them among its first content (e.g. /credits' discount code form above the packages) waits for
 * them with the rest, so they never arrive later and push the page down. The server renders a page
 * with its panels in it (it waits for every part), and the browser hydrates that page with their
 * code loaded first: there they count as there from the start.
 */
export function usePanelsLoaded<S extends PanelSlot>(slot: S): boolean {
  const registry = useRegistry();
  const [loaded, setLoaded] = useState(() => registry.panels(slot).every((p) => isPreloaded(p.component)));
  // True on the server and while hydrating what it rendered; the browser's own state after.
  const rendered = useSyncExternalStore(nothing, () => false, () => true);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void Promise.all(registry.panels(slot).map((p) => preload(p.component, [p.plugin]))).then(() => { if (live) setLoaded(true); });
    return () => { live = false; };
  }, [registry, slot, loaded]);
  return loaded || rendered;
}
