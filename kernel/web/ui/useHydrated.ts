import { useSyncExternalStore } from 'react';

const nothing = () => () => {};

/**
 * False on the server and while the browser hydrates the page it rendered, true after (and at
 * once on a page rendered in the browser): what depends on the browser itself (its time zone, say)
 * renders then, so hydrating matches the server's HTML and the browser's value follows at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(nothing, () => true, () => false);
}
