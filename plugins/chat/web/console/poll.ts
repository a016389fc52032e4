import { useEffect, useRef } from 'react';

/** How often the inbox's pages refresh while visible. */
export const REFRESH_MS = 10_000;

/** Calls `fn` every `ms` while the tab is visible (and once more when it becomes visible again). */
export function useVisibleInterval(fn: () => void, ms: number) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const tick = () => { if (document.visibilityState !== 'hidden') latest.current(); };
    const timer = setInterval(tick, ms);
    const onVisible = () => { if (document.visibilityState === 'visible') latest.current(); };
    document.addEventListener('visibilitychange', onVisible);
    return () => { clearInterval(timer); document.removeEventListener('visibilitychange', onVisible); };
  }, [ms]);
}
