import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, re-rendering when it changes (false where matchMedia is missing).
 * `rendered`: what the server assumes when it renders the page (and the browser while it hydrates it).
 */
export function useMediaQuery(query: string, rendered = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia?.(query).matches) || false,
    () => rendered,
  );
}
