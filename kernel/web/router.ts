import Navigo, { type Match } from 'navigo';
import type { RouteDef } from './plugin.ts';
import type { RouteRef } from '../contract/routes.ts';

export interface RouteMatch { path: string; params: Record<string, string>; query: Record<string, string> }
type Params = Record<string, string | number>;

/** History-mode routing on navigo, addressed by the spec's route names. */
export interface Router {
  navigate(name: string, params?: Params, query?: Record<string, string>, opts?: { replace?: boolean }): void;
  /** Goes to a path of this site (e.g. a ?redirect= target). */
  go(path: string, opts?: { replace?: boolean }): void;
  /** The path of one of the plugin's own routes (a name that is not registered is an error). */
  href(name: string, params?: Params, query?: Record<string, string>): string;
  /**
   * The path of a route another plugin owns, or null when that plugin is off for this domain (the
   * link is then not shown): `router.resolve(routeRef('members')) ?? '/'`.
   */
  resolve(ref: RouteRef, params?: Params, query?: Record<string, string>): string | null;
  start(): void;
  destroy(): void;
}

const withQuery = (path: string, query?: Record<string, string>) => {
  const qs = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== '')).toString();
  return qs ? `${path}?${qs}` : path;
};

/** The path of a named route with its parameters and query (a route not in `byName` is an error). */
export function hrefOf(byName: ReadonlyMap<string, { path: string }>) {
  return (name: string, params: Params = {}, query?: Record<string, string>) => {
    const route = byName.get(name);
    if (!route) throw new Error(`unknown route ${name}`);
    const path = route.path.replace(/:(\w+)\??/g, (_, k: string) => (params[k] != null ? encodeURIComponent(String(params[k])) : ''))
      .replace(/\/+$/, '') || '/';
    return withQuery(path, query);
  };
}

/**
 * The router of a page rendered on the server (kernel/web/ssr.tsx): the same paths, no history.
 * `match` finds the route of an address the way navigo does in the browser.
 */
export function staticRouter<R extends RouteDef<string> & { path: string }>(routes: R[]): Router & { match(pathname: string): { route: R; params: Record<string, string> } | null } {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const href = hrefOf(byName);
  const forms = routes.flatMap((r) => pathForms(r.path).map((form) => {
    const keys: string[] = [];
    const re = new RegExp(`^${form.split('/').filter(Boolean).map((seg) => (seg.startsWith(':') ? (keys.push(seg.slice(1)), '/([^/]+)') : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).join('')}/?$`);
    return { route: r, re: form === '/' ? /^\/?$/ : re, keys };
  }));
  return {
    navigate() {}, go() {}, start() {}, destroy() {},
    href,
    resolve: (ref, params, query) => (byName.has(ref.route) ? href(ref.route, params, query) : null),
    match(pathname) {
      for (const f of forms) {
        const m = f.re.exec(pathname);
        if (m) return { route: f.route, params: Object.fromEntries(f.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])) };
      }
      return null;
    },
  };
}

/** `/a/:b/:c?` -> ['/a/:b/:c', '/a/:b']: each trailing optional parameter present or not. */
export function pathForms(path: string): string[] {
  const forms = [path.replace(/(:\w+)\?/g, '$1')];
  let rest = path;
  while (/\/:\w+\?$/.test(rest)) {
    rest = rest.replace(/\/:\w+\?$/, '');
    forms.push(rest.replace(/(:\w+)\?/g, '$1') || '/');
  }
  return forms;
}

export function createRouter(
  routes: (RouteDef<string> & { path: string })[],
  onMatch: (route: RouteDef<string> | null, match: RouteMatch) => void,
): Router {
  const nav = new Navigo('/', { strategy: 'ONE', noMatchWarning: true });
  const byName = new Map<string, RouteDef<string> & { path: string }>(routes.map((r) => [r.name, r]));
  const toMatch = (m: Match | undefined): RouteMatch => ({
    path: '/' + (m?.url ?? '').replace(/^\//, ''),
    params: { ...(m?.data ?? {}) },
    query: { ...(m?.params ?? {}) },
  });
  for (const r of byName.values()) {
    const handler = (m?: Match) => onMatch(r, toMatch(m));
    // navigo reads `/:x?` as a required segment: a route with optional parameters is registered
    // once per form, the longest first (`/credits/:id/:paymentmethod?` as `/credits/:id/:paymentmethod`
    // and `/credits/:id`).
    pathForms(r.path).forEach((path, i) => {
      nav.on({ [path]: { as: i ? `${r.name}~${i}` : r.name, uses: handler, hooks: { already: handler } } });
    });
  }
  nav.notFound((m?: Match) => onMatch(null, toMatch(m)));

  const href = hrefOf(byName);
  const go = (path: string, opts?: { replace?: boolean }) => {
    // Only same-site paths: a ?redirect=//evil.example must not leave the site.
    const safe = path.startsWith('/') && !path.startsWith('//') ? path : '/';
    nav.navigate(safe, opts?.replace ? { historyAPIMethod: 'replaceState' } : {});
  };
  return {
    navigate: (name, params, query, opts) => go(href(name, params, query), opts),
    go,
    href,
    resolve: (ref, params, query) => (byName.has(ref.route) ? href(ref.route, params, query) : null),
    start: () => void nav.resolve(),
    destroy: () => nav.destroy(),
  };
}
