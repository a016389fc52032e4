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

/** The option the server marked selected (the browser's own default when none is). */
const serverValue = (s: HTMLSelectElement) => ([...s.options].find((o) => o.defaultSelected) ?? s.options[0])?.value;

/**
 * Choices made on the server's page before it was hydrated (a language picked in the footer at
 * once): hydrating a controlled <select> puts back the value React renders, and the change went by
 * before any handler was there. They are kept — those made before this code arrived are told by a
 * value that is not the one the server marked selected — and the returned function gives them
 * back once the page is hydrated, as a change its handler sees.
 */
export function holdEarlyChoices(root: HTMLElement): () => void {
  const chosen = new Map<HTMLSelectElement, string>();
  for (const s of root.querySelectorAll('select')) if (!s.multiple && s.value !== serverValue(s)) chosen.set(s, s.value);
  const onChange = (e: Event) => {
    if (e.target instanceof HTMLSelectElement && !e.target.multiple && root.contains(e.target)) chosen.set(e.target, e.target.value);
  };
  root.addEventListener('change', onChange, true);
  return () => {
    root.removeEventListener('change', onChange, true);
    for (const [s, value] of chosen) {
      if (!s.isConnected || ![...s.options].some((o) => o.value === value)) continue;
      s.value = value;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    }
    chosen.clear();
  };
}

