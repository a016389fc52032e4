import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates a page the server rendered; true otherwise (and at
 * once after hydrating). For what only the browser knows — stored dismissals, permissions — so that
 * the hydrating render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
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
