import { useEffect } from 'react';
import { useKernel } from '../../../kernel/web/context.ts';

const GUARD = 'lander-load';

/**
 * A lander reached inside the app: the server renders it, so the browser loads it from there. If the
 * server answered this very address with the app instead (an unknown lander, a member not shown),
 * the page it came back to shows the 404 rather than asking again.
 */
export default function ServerPage() {
  const kernel = useKernel();
  useEffect(() => {
    const here = location.pathname + location.search;
    const asked = sessionStorage.getItem(GUARD);
    sessionStorage.removeItem(GUARD);
    if (asked === here) {
      kernel.appState.showError(404, 'This page could not be found');
      return;
    }
    sessionStorage.setItem(GUARD, here);
    location.replace(here);
  }, [kernel]);
  return null;
}
