import { EARLY_CLICKS_GLOBAL, type EarlyClicks } from '../contract/boot.ts';

/**
 * A page the server rendered shows its buttons and links before React has hydrated it; a tap in that
 * moment would find no handler and be lost (a like that never happens). Holds such plain clicks on
 * `root` and, once hydrated, gives each back to the same element (React keeps the server's nodes).
 * Returns the release.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const early = (window as Window & Partial<Record<typeof EARLY_CLICKS_GLOBAL, EarlyClicks>>)[EARLY_CLICKS_GLOBAL];
  const hold = (e: MouseEvent) => {
    // A middle or modified click opens a link elsewhere: the browser does that without the app.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = (e.target as Element | null)?.closest?.('button, a[href], [role="button"]');
    if (!(target instanceof HTMLElement) || !root.contains(target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(target);
  };
  root.addEventListener('click', hold, true);
  // The taps the page's script loader held before this code had arrived come first.
  if (early) held.push(...early.take());
  let released = false;
  return () => {
    if (released) return;
    released = true;
    root.removeEventListener('click', hold, true);
    for (const t of held.splice(0)) if (t.isConnected) t.click();
  };
}
