/**
 * Scroll like a multi-page site would: new pages start at the top, Back and Forward return to
 * where the member was (e.g. the same spot in the search results).
 */
export function createScrollKeeper(win: Window = window) {
  const positions = new Map<string, number>();
  let popped = false;
  let current: string | null = null;
  try {
    win.history.scrollRestoration = 'manual';
  } catch { /* old browsers: their own restoration */ }
  const onPop = () => { popped = true; };
  win.addEventListener('popstate', onPop);
  return {
    /** Call when a route is about to show `path`. */
    arrive(path: string) {
      if (current) positions.set(current, win.scrollY);
      current = path;
      const target = popped ? positions.get(path) ?? 0 : 0;
      popped = false;
      win.scrollTo?.(0, 0);
      if (target) {
        // The page renders from cached data on the next frames; scroll once it has height.
        let tries = 0;
        const step = () => {
          win.scrollTo?.(0, target);
          if (Math.abs(win.scrollY - target) > 2 && ++tries < 20) win.requestAnimationFrame(step);
        };
        win.requestAnimationFrame(step);
      }
    },
    dispose: () => win.removeEventListener('popstate', onPop),
  };
}
