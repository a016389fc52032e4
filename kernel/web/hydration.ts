import { preloadPart } from './lazy.ts';
import { lazyParts } from './lazy-parts.ts';
import type { WebPlugin } from './plugin.ts';

export { holdEarlyClicks } from './early-clicks.ts';

// What the browser needs only for a page the server rendered: loaded beside the kernel's set-up
// (boot.tsx), not part of every page's first download.

/**
 * Loads the code of the lazy parts the server rendered into `root` (its `data-parts`: the footer, a
 * banner, the panels of its cards), so React hydrates them with the rest and no part waits for its
 * code while the page's state moves on.
 */
export function loadRenderedParts(root: HTMLElement, plugins: readonly WebPlugin[]): Promise<unknown>[] {
  const all = lazyParts(plugins);
  return (root.dataset.parts ?? '').split(' ').flatMap((name) => all.get(name) ?? [])
    .map((p) => preloadPart(p.loader, p.owner ? [p.owner] : []));
}

// React's own mark on each element it has taken over; hoisted head tags (<link rel="preload">
// the server put into the page) are never matched to components.
const NOT_RENDERED = new Set(['LINK', 'META', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
const FIBER = '__reactFiber$';

/** Whether React has hydrated every element under `root` (a part in a Suspense boundary comes in a later pass). */
export function isHydrated(root: Element): boolean {
  for (const el of root.querySelectorAll('*')) {
    if (NOT_RENDERED.has(el.tagName)) continue;
    if (!Object.keys(el).some((k) => k.startsWith(FIBER))) return false;
  }
  return true;
}

/**
 * Resolves once React has hydrated all of `root` (at most `limitMs` later): React hydrates the parts
 * inside Suspense boundaries after the first commit, so a page's effects run before they answer.
 */
export async function whenHydrated(root: Element, limitMs = 5000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!isHydrated(root) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
