// What pages outside the app (the server-rendered landers, with their own small script) use to
// record a visit with the same rules as the app: `trackLanderVisit({ lander, niche })` on load.
import { fetchTransport, trackVisit } from './web/visit.ts';
import type { VisitRequest } from './contract.ts';

/** Records this page's visit when its address has tracking parameters (and bounce logging with `lb`). */
export function trackLanderVisit(extra: Pick<VisitRequest, 'lander' | 'niche'> = {}): void {
  if (!/[?&](?:network|ref|sub[123]|click_?id)=[^&]/.test(location.search)) return;
  void trackVisit(fetchTransport(), { search: location.search, pathname: location.pathname }, extra).catch(() => {});
}
