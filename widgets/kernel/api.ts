import { ApiError } from '../../kernel/web/api-error.ts';
import type { Bus } from '../../kernel/web/bus.ts';
import type { ApiErrorBody } from '../../kernel/contract/errors.ts';
import { requestOf, type CallArgs, type EndpointDef, type ResponseOf } from '../../kernel/contract/endpoint.ts';
import type { WidgetEvents } from './context.ts';

/**
 * The widgets' HTTP client: fetch against the site's origin (CORS, kernel/server/cors.ts). Every
 * call names an endpoint of a contract (kernel/contract/endpoint.ts), as in the app.
 */
export interface WidgetApi {
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E, never>): Promise<ResponseOf<E>>;
}

const RETRIES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Like the app's client (kernel/web/api.ts) but without superagent: the same client header (the
 * server's CSRF rule), credentials for the site's own cookie where the browser sends it, failures as
 * ApiError with the server's code, a couple of retries for network errors and 5xx.
 */
export function createWidgetApi(origin: string, bus: Bus<WidgetEvents>): WidgetApi {
  async function request<T>(r: ReturnType<typeof requestOf>): Promise<T> {
    const url = new URL(r.path, origin);
    for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
    const hasBody = r.method !== 'GET';
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let data: Partial<ApiErrorBody> = {};
      try {
        const res = await fetch(url, {
          method: r.method, credentials: 'include', mode: 'cors',
          headers: { Accept: 'application/json', 'X-Request-Type': 'client', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
          body: hasBody ? JSON.stringify(r.body ?? {}) : undefined,
        });
        status = res.status;
        data = await res.json().catch(() => ({}));
        if (res.ok) return data as T;
      } catch { /* network failure or CORS refusal: status 0 */ }
      if ((status === 0 || status >= 500) && attempt < RETRIES) {
        await sleep(300 * 2 ** attempt);
        continue;
      }
      if (status === 403 && data.error === 'authentication_required') bus.emit('auth:required', { path: r.path });
      throw new ApiError(status, data.error ?? (status === 0 ? 'network' : 'unknown'), data.message ?? `HTTP ${status}`, data.params);
    }
  }
  return {
    call: (endpoint, ...[input]) => request(requestOf(endpoint, input)),
  };
}
