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

/** The fields a visitor types or picks in (not buttons, boxes or files). */
type Field = HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement;
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);
const isField = (el: unknown): el is Field => el instanceof HTMLSelectElement ? !el.multiple
  : el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TYPED.has(el.type));

/** The value the server's HTML gave the field (a select: the option it marked selected). */
const serverValue = (f: Field) => f instanceof HTMLSelectElement
  ? ([...f.options].find((o) => o.defaultSelected) ?? f.options[0])?.value ?? ''
  : f.defaultValue;

/**
 * Gives `field` the value as a person would, with the event React listens to for that field. React
 * keeps its own record of a text field's last value (taken when it hydrated, so already the typed
 * one) and fires onChange only when the value differs from it: a plain assignment (which updates the
 * record) empties it first, then the prototype's setter (which does not) puts the value in.
 */
function enter(field: Field, value: string) {
  if (!(field instanceof HTMLSelectElement)) field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * What a visitor typed or picked on the server's page before it was hydrated (a discount code, a
 * language picked in the footer at once): hydrating puts back the values React renders, and the
 * typing went by before any handler was there. It is kept — what came before this code arrived is
 * told by a value that is not the server's — and the returned function gives it back once the page
 * is hydrated, as input the page's handlers see. Call it before the held taps are given back: an
 * "Apply" tapped early must find its field filled.
 */
export function holdEarlyChoices(root: HTMLElement): () => void {
  const entered = new Map<Field, string>();
  for (const f of root.querySelectorAll('select, input, textarea')) if (isField(f) && f.value !== serverValue(f)) entered.set(f, f.value);
  const onEntry = (e: Event) => { if (isField(e.target) && root.contains(e.target)) entered.set(e.target, e.target.value); };
  root.addEventListener('input', onEntry, true);
  root.addEventListener('change', onEntry, true);
  return () => {
    root.removeEventListener('input', onEntry, true);
    root.removeEventListener('change', onEntry, true);
    for (const [f, value] of entered) {
      if (!f.isConnected || (f instanceof HTMLSelectElement && ![...f.options].some((o) => o.value === value))) continue;
      enter(f, value);
    }
    entered.clear();
  };
}
