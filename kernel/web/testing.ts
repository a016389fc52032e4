import type { Api } from './api.ts';
import { requestOf } from '../contract/endpoint.ts';
import type { Access, RouteDef, WebPlugin } from './plugin.ts';

type Handler = (body?: unknown, query?: Record<string, unknown>) => unknown;

/** A scripted Api for store and component tests: routes "GET /api/x.php" to handlers. */
export function fakeApi(routes: Record<string, Handler>): Api & { calls: string[] } {
  const calls: string[] = [];
  const call = async (method: string, path: string, body?: unknown, query?: Record<string, unknown>) => {
    calls.push(`${method} ${path}`);
    const h = routes[`${method} ${path}`];
    if (!h) throw new Error(`unexpected ${method} ${path}`);
    return h(body, query);
  };
  return {
    calls,
    call: (e, ...[input]) => {
      const r = requestOf(e, input);
      const { [e.flag ?? '']: _flag, ...query } = r.query;
      return call(r.method, e.flag ? `${r.path}?${e.flag}=1` : r.path, e.method === 'GET' ? undefined : r.body, e.method === 'GET' ? query : undefined) as never;
    },
    beacon: (e, ...[input]) => void call('POST', e.path, input?.body).catch(() => {}),
  };
}

/**
 * A plugin for kernel tests written in one object, as a plugin's folder would say it in two
 * (descriptor + manifest): `routes` carry their paths (default `/<name>`, `/` for index).
 */
export function testPlugin(p: Omit<WebPlugin, 'routes' | 'pages'> & { routes?: (Omit<RouteDef<string>, 'access'> & { access?: Access; path?: string })[] }): WebPlugin {
  const { routes, ...rest } = p;
  return {
    ...rest,
    routes: Object.fromEntries((routes ?? []).map((r) => [r.name, r.path ?? (r.name === 'index' ? '/' : `/${r.name}`)])),
    // Routes say who may see them; a test's default is everyone.
    pages: (routes ?? []).map(({ path: _path, ...r }) => ({ ...r, access: r.access ?? 'visitor' })),
  };
}
