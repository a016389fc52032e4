import type { Api } from './api.ts';

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
    get: (p, o) => call('GET', p, undefined, o?.query) as never,
    post: (p, b) => call('POST', p, b) as never,
    put: (p, b) => call('PUT', p, b) as never,
    del: (p, b) => call('DELETE', p, b) as never,
    upload: (p, f) => call('POST', p, f) as never,
    beacon: (p, b) => void call('POST', p, b).catch(() => {}),
  };
}
