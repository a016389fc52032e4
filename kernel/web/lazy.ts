import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const cache = new Map<Loader<any>, LazyExoticComponent<ComponentType<any>>>();
let tracker: (<T>(p: Promise<T>) => Promise<T>) | null = null;

/** Lets the progress bar see chunk downloads. */
export function trackChunkLoads(track: <T>(p: Promise<T>) => Promise<T>) {
  tracker = track;
}

/** One React.lazy component per loader, so re-renders never re-create it. */
export function lazyOf<P>(loader: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  let c = cache.get(loader);
  if (!c) cache.set(loader, (c = lazy(() => (tracker ? tracker(loader()) : loader()))));
  return c as LazyExoticComponent<ComponentType<P>>;
}
