import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const cache = new Map<Loader<any>, ComponentType<any> | LazyExoticComponent<ComponentType<any>>>();
let tracker: (<T>(p: Promise<T>) => Promise<T>) | null = null;

/** Lets the progress bar see chunk downloads. */
export function trackChunkLoads(track: <T>(p: Promise<T>) => Promise<T>) {
  tracker = track;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loaded = new Map<Loader<any>, ComponentType<any>>();
let pending: Promise<unknown> = Promise.resolve();

/**
 * Starts loading a page's chunk and keeps the component once it is there. A page loaded before it
 * first renders renders at once: no Suspense fallback, and no retry render, which React holds back
 * until the page's own lazy parts (panels) have arrived too.
 */
export function preload<P>(loader: Loader<P>): Promise<unknown> {
  const p = loader().then((m) => { loaded.set(loader, m.default); }, () => {});
  pending = p;
  return p;
}

/** The chunk `preload` last started, at most `ms` later (boot waits for the first page). */
export function preloaded(ms: number): Promise<unknown> {
  return Promise.race([pending, new Promise((r) => setTimeout(r, ms))]);
}

/** One component per loader, so re-renders never re-create it: the loaded one, else a React.lazy. */
export function lazyOf<P>(loader: Loader<P>): ComponentType<P> | LazyExoticComponent<ComponentType<P>> {
  let c = cache.get(loader) ?? loaded.get(loader);
  if (!c) c = lazy(() => (tracker ? tracker(loader()) : loader()));
  cache.set(loader, c as LazyExoticComponent<ComponentType<P>>);
  return c as ComponentType<P>;
}
