// The browser half of attribution, loaded only on a page opened with tracking parameters: records
// the visit (the server keeps it once per visitor and day and sets the attribution cookie) and,
// with `lb` in the address, reports how the visit ended (time on page, interaction within 10 s).
import { requestOf } from '../../../kernel/contract/endpoint.ts';
import { NICHES } from '../../../kernel/contract/settings.ts';
import type { Api } from '../../../kernel/web/api.ts';
import { TRACKING_KEYS } from '../../signup/contract.ts';
import { BOUNCE_PARAM, BOUNCE_WINDOW_MS, CLICK_ID_PARAMS, logBounce, recordVisit, VISIT_PARAMS, type VisitRequest } from '../contract.ts';

export interface BounceReport { source?: string; visitor?: string; time_on_page_ms: number; interacted: boolean }

/** How the page talks to the server: the app's api client, or plain fetch on pages without the app (landers). */
export interface VisitTransport {
  visit(body: VisitRequest): Promise<{ source: string; bounce: boolean }>;
  /** A request that outlives the page (keepalive), its answer not awaited. */
  bounce(body: BounceReport): void;
}

export const apiTransport = (api: Pick<Api, 'call' | 'beacon'>): VisitTransport => ({
  visit: (body) => api.call(recordVisit, { body }, { retries: 1 }),
  bounce: (body) => api.beacon(logBounce, { body }),
});

const CLIENT = { 'X-Request-Type': 'client', 'Content-Type': 'application/json' };
/** For pages the app does not run on (the server-rendered landers): fetch with the client header. */
export const fetchTransport = (): VisitTransport => ({
  async visit(body) {
    const r = requestOf(recordVisit, { body });
    const res = await fetch(r.path, { method: r.method, credentials: 'same-origin', headers: CLIENT, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`visit: ${res.status}`);
    return res.json() as Promise<{ source: string; bounce: boolean }>;
  },
  bounce(body) {
    const r = requestOf(logBounce, { body });
    void fetch(r.path, { method: r.method, keepalive: true, credentials: 'same-origin', headers: CLIENT, body: JSON.stringify(body) }).catch(() => {});
  },
});

const VISITOR_KEY = 'affiliates:visitor';
/** This browser's own id (local storage), so a second visit on the same day is the same visitor's; none without storage. */
function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** The lander a path shows, and its niche (`/landers/gallery/6`, `/landers/video/milf`, `/members/12/landing2`). */
export function landerOf(pathname: string): { lander?: string; niche?: number } {
  const m = /^\/landers\/([a-z0-9-]{1,40})(?:\/([^/]+))?\/?$/i.exec(pathname);
  if (m) {
    const slug = m[2] ? decodeURIComponent(m[2]).toLowerCase() : '';
    const n = Number(slug);
    const niche = Number.isInteger(n) && n >= 1 && n <= NICHES.length ? n : (NICHES as readonly string[]).indexOf(slug) + 1 || undefined;
    return { lander: m[1].toLowerCase(), ...(niche ? { niche } : {}) };
  }
  const p = /^\/members\/\d+\/(landing2|landing3|landing|signup)(?:\/[^/]*)?\/?$/.exec(pathname);
  return p ? { lander: `profile-${p[1]}` } : {};
}

/** The visit as the address says it (tracking parameters, click id, lander, niche, bounce logging). */
export function visitFrom(search: string, pathname: string, visitor: string | undefined): VisitRequest {
  const q = new URLSearchParams(search);
  const body: VisitRequest = { ...landerOf(pathname) };
  for (const k of TRACKING_KEYS) { const v = q.get(k); if (v) body[k] = v.slice(0, 300); }
  const click = CLICK_ID_PARAMS.map((k) => q.get(k)).find(Boolean);
  if (click) body.click_id = click.slice(0, 300);
  const lb = q.get(BOUNCE_PARAM);
  if (lb !== null && lb !== '0' && lb !== 'false') body.lb = true;
  if (visitor) body.visitor = visitor;
  return body;
}

/**
 * Reports how the visit ended once, when the page is hidden or left: time on page (from the start
 * of the load) and whether a click, key, scroll or touch came within the first 10 s.
 */
export function watchBounce(transport: VisitTransport, report: () => Pick<BounceReport, 'source' | 'visitor'>) {
  let interacted = false;
  let sent = false;
  const events = ['click', 'keydown', 'scroll', 'touchstart'] as const;
  const onInteract = () => {
    if (performance.now() < BOUNCE_WINDOW_MS) interacted = true;
    events.forEach((e) => window.removeEventListener(e, onInteract, true));
  };
  events.forEach((e) => window.addEventListener(e, onInteract, { capture: true, passive: true }));
  const leave = () => {
    if (sent) return;
    sent = true;
    transport.bounce({ ...report(), time_on_page_ms: Math.round(performance.now()), interacted });
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', leave);
  };
  const onHidden = () => { if (document.visibilityState === 'hidden') leave(); };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', leave);
}

/** Parameters that only this visit needs, taken out of the address (it may be bookmarked or shared). */
function tidyAddress() {
  const url = new URL(location.href);
  const before = url.search;
  for (const k of [...VISIT_PARAMS, BOUNCE_PARAM]) url.searchParams.delete(k);
  if (url.search !== before) history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Records the visit the address describes (read before the app took anything out of it); answers the source. */
export async function trackVisit(transport: VisitTransport, address: { search: string; pathname: string }, extra: Pick<VisitRequest, 'lander' | 'niche'> = {}) {
  const body = { ...visitFrom(address.search, address.pathname, visitorId()), ...extra };
  tidyAddress();
  let source: string | undefined;
  if (body.lb) watchBounce(transport, () => ({ ...(source ? { source } : {}), ...(body.visitor ? { visitor: body.visitor } : {}) }));
  const answer = await transport.visit(body);
  source = answer.source;
  return answer;
}
