import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const cache = new Map<Loader<any>, ComponentType<any> | LazyExoticComponent<ComponentType<any>>>();
let tracker: (<T>(p: Promise<T>) => Promise<T>) | null = null;

/** Lets the progress bar see chunk downloads. */
export function trackChunkLoads(track: <T>(p: Promise<T>) => Promise<T>) {
  tracker = track;
}

let onRender: ((loader: Loader<any>, owner?: string) => void) | null = null; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The server notes which lazy parts a page renders, and whose texts they show (kernel/web/ssr.tsx;
 * see lazy-parts.ts): a part loaded by an earlier render brings no texts along by itself.
 */
export function recordLazyWith(record: (loader: Loader<any>, owner?: string) => void) { // eslint-disable-line @typescript-eslint/no-explicit-any
  onRender = record;
}

let textLoader: ((owners: readonly string[]) => Promise<unknown>) | null = null;

/**
 * How the kernel loads the texts of a component's owners (plugin ids, or text namespaces such as
 * `kernel`): a lazily loaded component renders only once its chunk and those texts are both there,
 * so no raw key ever shows.
 */
export function loadTextsWith(load: (owners: readonly string[]) => Promise<unknown>) {
  textLoader = load;
}

/** The component's chunk together with its owners' texts. */
function withTexts<P>(loader: Loader<P>, owners: readonly string[]): ReturnType<Loader<P>> {
  if (!textLoader || !owners.length) return loader();
  return Promise.all([loader(), textLoader(owners)]).then(([m]) => m);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loaded = new Map<Loader<any>, ComponentType<any>>();
let pending: Promise<unknown> = Promise.resolve();

/**
 * Starts loading a page's chunk and the texts it shows (`owners`: plugin ids or namespaces), and keeps
 * the component once both are there. A page loaded before it first renders renders at once: no
 * Suspense fallback, and no retry render, which React holds back until the page's own lazy parts
 * (panels) have arrived too.
 */
export function preload<P>(loader: Loader<P>, owners: readonly string[] = []): Promise<unknown> {
  const p = preloadPart(loader, owners);
  pending = p;
  return p;
}

/** Like `preload`, for a part of the layout rather than the page (boot does not wait for it by default). */
export function preloadPart<P>(loader: Loader<P>, owners: readonly string[] = []): Promise<unknown> {
  return withTexts(loader, owners).then((m) => { loaded.set(loader, m.default); }, () => {});
}

/** Whether `loader`'s component is loaded already (a page's parts before it hydrates, say). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPreloaded = (loader: Loader<any>): boolean => loaded.has(loader);

/** The chunk `preload` last started, at most `ms` later (boot waits for the first page). */
export function preloaded(ms: number): Promise<unknown> {
  return Promise.race([pending, new Promise((r) => setTimeout(r, ms))]);
}

/**
 * One component per loader, so re-renders never re-create it: the loaded one, else a React.lazy.
 * `owner`: the plugin it comes from, whose texts load with it.
 */
export function lazyOf<P>(loader: Loader<P>, owner?: string): ComponentType<P> | LazyExoticComponent<ComponentType<P>> {
  onRender?.(loader, owner);
  let c = cache.get(loader) ?? loaded.get(loader);
  const load = () => withTexts(loader, owner ? [owner] : []);
  if (!c) c = lazy(() => (tracker ? tracker(load()) : load()));
  cache.set(loader, c as LazyExoticComponent<ComponentType<P>>);
  return c as ComponentType<P>;
}
