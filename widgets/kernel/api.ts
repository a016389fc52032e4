import { ApiError } from '../../kernel/web/api-error.ts';
import type { Bus } from '../../kernel/web/bus.ts';
import type { ApiErrorBody } from '../../kernel/contract/errors.ts';
import type { WidgetEvents } from './context.ts';

type Query = Record<string, string | number | undefined>;

/** The widgets' HTTP client: fetch against the site's origin (CORS, kernel/server/cors.ts). */
export interface WidgetApi {
  get<T>(path: string, opts?: { query?: Query }): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

const RETRIES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Like the app's client (kernel/web/api.ts) but without superagent: the same client header (the
 * server's CSRF rule), credentials for the site's own cookie where the browser sends it, failures as
 * ApiError with the server's code, a couple of retries for network errors and 5xx.
 */
export function createWidgetApi(origin: string, bus: Bus<WidgetEvents>): WidgetApi {
  async function request<T>(method: 'GET' | 'POST', path: string, query: Query = {}, body?: unknown): Promise<T> {
    const url = new URL(path, origin);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let data: Partial<ApiErrorBody> = {};
      try {
        const res = await fetch(url, {
          method, credentials: 'include', mode: 'cors',
          headers: { Accept: 'application/json', 'X-Request-Type': 'client', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
          body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        });
        status = res.status;
        data = await res.json().catch(() => ({}));
        if (res.ok) return data as T;
      } catch { /* network failure or CORS refusal: status 0 */ }
      if ((status === 0 || status >= 500) && attempt < RETRIES) {
        await sleep(300 * 2 ** attempt);
        continue;
      }
      if (status === 403 && data.error === 'authentication_required') bus.emit('auth:required', { path });
      throw new ApiError(status, data.error ?? (status === 0 ? 'network' : 'unknown'), data.message ?? `HTTP ${status}`, data.params);
    }
  }
  return {
    get: (path, opts) => request('GET', path, opts?.query),
    post: (path, body) => request('POST', path, {}, body),
  };
}
