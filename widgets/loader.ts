/**
 * The widget loader a partner page loads (<site>/widgets/loader.js, through the snippet of
 * widgets/snippet.ts): a command queue like Intercom's or Cal.com's. The snippet defines a stub
 * `flirt(...)` that queues its calls; this file replaces it, runs the queued calls, and loads each
 * widget's code only when a command asks for it. Kept tiny: the snippet and this file together
 * must stay within 2 KiB gzip (scripts/size-budget.ts).
 *
 *   flirt('signup', { ref, network, sub1, sub2, sub3, lang, theme, target, onComplete })
 *   flirt('swipe', { ref, network, sub1, sub2, sub3, niche, lang, theme, target, onComplete })
 */
export interface WidgetOptions {
  /** Where to show the widget (CSS selector or element); without one it opens as a dialog. */
  target?: string | Element;
  lang?: string;
  theme?: 'light' | 'dark';
  [key: string]: unknown;
}
export interface MountArgs { origin: string; options: WidgetOptions }
type Flirt = ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[]; loaded?: boolean };

// The site's origin is where this file came from: the widgets' code, files and API calls come from there.
const src = new URL((document.currentScript as HTMLScriptElement).src);
__webpack_public_path__ = new URL('./', src).href;

// Each widget's code: its own chunk, fetched from the site when first used.
const WIDGETS: Record<string, () => Promise<{ mount(args: MountArgs): Promise<void> }>> = {
  signup: () => import(/* webpackChunkName: "widget-signup" */ './signup/mount.tsx'),
  swipe: () => import(/* webpackChunkName: "widget-swipe" */ './swipe/mount.tsx'),
};

function run(name: unknown, options: unknown) {
  const load = WIDGETS[String(name)];
  if (!load || !Object.hasOwn(WIDGETS, String(name))) return console.error('flirt: no widget', name);
  load().then((m) => m.mount({ origin: src.origin, options: (options && typeof options === 'object' ? options : {}) as WidgetOptions }))
    .catch((err: unknown) => console.error('flirt:', name, err));
}

declare global {
  interface Window { flirt?: Flirt }
}

const w = window;
const stub = w.flirt;
if (!stub?.loaded) {
  const flirt: Flirt = (name, options) => run(name, options);
  flirt.loaded = true;
  w.flirt = flirt;
  for (const args of Array.from(stub?.q ?? [])) run(args[0], args[1]);
}
