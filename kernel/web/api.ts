// superagent (~20 KiB gzip with qs) is not needed for the first paint: it loads as its own chunk,
// fetched as soon as the client is created, in parallel with the page.
import type Superagent from 'superagent';
import type { Bus } from './bus.ts';
import type { ApiErrorBody } from '../contract/errors.ts';
import { ApiError } from './api-error.ts';
import { requestOf, type CallArgs, type EndpointDef, type ResponseOf } from '../contract/endpoint.ts';

export const MAX_RETRIES = 5;
export const RETRY_BASE_MS = 250;

export { ApiError } from './api-error.ts';

type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions { query?: Query; body?: unknown; retries?: number; file?: Blob; whoAmI?: true }
/**
 * How a call is made: fewer retries (a form the member just sent), a file as the body (an upload),
 * `whoAmI` for the call that asks who is logged in (spec: its 403 means nobody is, so it does not
 * log anyone out).
 */
export interface CallOptions { retries?: number; file?: Blob; whoAmI?: true }

/**
 * The only place the browser talks HTTP: every call names an endpoint of a contract
 * (kernel/contract/endpoint.ts), whose input and answer types the compiler checks.
 */
export interface Api {
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E, CallOptions>): Promise<ResponseOf<E>>;
  /** A POST that outlives the page (sent as it is hidden or closed); its answer is not awaited. */
  beacon<E extends EndpointDef & { method: 'POST' }>(endpoint: E, ...args: CallArgs<E, never>): void;
}

export interface ApiDeps {
  bus: Bus;
  base?: string;
  sleep?: (ms: number) => Promise<void>;
  agent?: typeof Superagent;
}

const retryable = (status: number) => status === 0 || status >= 500;

export function createApi({ bus, base = '', sleep = (ms) => new Promise((r) => setTimeout(r, ms)), agent: given }: ApiDeps): Api {
  let loading: Promise<typeof Superagent> | undefined;
  const loadAgent = () => (loading ??= import('superagent').then((m) => m.default, (err) => { loading = undefined; throw err; }));
  if (!given && typeof window !== 'undefined') loadAgent().catch(() => {});
  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
    const retries = opts.retries ?? MAX_RETRIES;
    const query = Object.fromEntries(Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    for (let attempt = 0; ; attempt++) {
      try {
        const agent = given ?? await loadAgent();
        let req = agent(method, base + path).set('X-Request-Type', 'client').set('Accept', 'application/json').query(query);
        if (opts.file) req = req.type(opts.file.type || 'application/octet-stream').send(opts.file);
        else if (method !== 'GET') req = req.send((opts.body ?? {}) as object);
        const res = await req;
        return res.body as T;
      } catch (err) {
        const e = err as { status?: number; response?: { body?: Partial<ApiErrorBody>; text?: string } };
        const status = e.status ?? 0;
        if (retryable(status) && attempt < retries) {
          // Exponential delay: 250, 500, 1000, 2000, 4000 ms.
          await sleep(RETRY_BASE_MS * 2 ** attempt);
          continue;
        }
        const body = e.response?.body ?? {};
        const text = `${body.error ?? ''} ${body.message ?? ''} ${e.response?.text ?? ''}`;
        if (status === 403 && text.includes('authentication_required') && !opts.whoAmI) {
          bus.emit('auth:required', { path });
        }
        throw new ApiError(status, body.error ?? (status === 0 ? 'network' : 'unknown'), body.message ?? String(err), body.params);
      }
    }
  }
  return {
    call<E extends EndpointDef>(endpoint: E, ...[input, opts]: CallArgs<E, CallOptions>) {
      const r = requestOf(endpoint, input);
      return request<ResponseOf<E>>(r.method, r.path, { query: r.query, body: r.body, retries: opts?.retries, file: opts?.file, whoAmI: opts?.whoAmI });
    },
    beacon(endpoint, ...[input]) {
      const r = requestOf(endpoint, input);
      const qs = new URLSearchParams(r.query).toString();
      // fetch with keepalive is sendBeacon that can carry the client header (CSRF rule).
      void fetch(base + r.path + (qs ? `?${qs}` : ''), {
        method: 'POST', keepalive: true, credentials: 'same-origin', body: JSON.stringify(r.body ?? {}),
        headers: { 'X-Request-Type': 'client', 'Content-Type': 'application/json' },
      }).catch(() => {});
    },
  };
}
