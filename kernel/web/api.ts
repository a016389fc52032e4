import type { Bus } from './bus.ts';
import type { ApiErrorBody } from '../contract/errors.ts';

export const MAX_RETRIES = 5;
export const RETRY_BASE_MS = 250;

/** An API failure with the server's code, mapped by the UI to a translated catalogue text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
  /** i18n key of the member-facing text: `errors.<code>`, falling back to the generic text. */
  get key(): string {
    return `kernel:errors.${this.code}`;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions { query?: Query; body?: unknown; retries?: number; file?: Blob }

/** The only place the browser talks HTTP. */
export interface Api {
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  del<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  /** POSTs a file as the request body (its own Content-Type). */
  upload<T>(path: string, file: Blob, opts?: RequestOptions): Promise<T>;
  /** A POST that outlives the page (sent as it is hidden or closed); its answer is not awaited. */
  beacon(path: string, body?: object): void;
}

export interface ApiDeps {
  bus: Bus;
  base?: string;
  sleep?: (ms: number) => Promise<void>;
  /** The transport; tests pass a fake. */
  fetch?: typeof fetch;
}

const retryable = (status: number) => status === 0 || status >= 500;
const USER_CALL = /^\/api\/user\.php(\?|$)/;

/** A failed HTTP answer, shaped like the error body the server sends (`{ error, message, params }`). */
class HttpFailure extends Error {
  constructor(readonly status: number, readonly body: Partial<ApiErrorBody>, readonly text: string) {
    super(`HTTP ${status}`);
  }
}

/**
 * On `fetch`: the browser's own client is enough for JSON calls and file bodies, and the landing
 * page loads no HTTP library (superagent and qs were ~20 KiB gzip and a chunk on the way to the
 * first API answer).
 */
export function createApi({ bus, base = '', sleep = (ms) => new Promise((r) => setTimeout(r, ms)), fetch: send = (...a) => fetch(...a) }: ApiDeps): Api {
  async function once(method: string, path: string, query: Record<string, string>, opts: RequestOptions): Promise<unknown> {
    const qs = new URLSearchParams(query).toString();
    const url = base + path + (qs ? (path.includes('?') ? '&' : '?') + qs : '');
    const headers: Record<string, string> = { 'X-Request-Type': 'client', Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (opts.file) {
      headers['Content-Type'] = opts.file.type || 'application/octet-stream';
      body = opts.file;
    } else if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body ?? {});
    }
    const res = await send(url, { method, headers, body, credentials: 'same-origin' });
    const text = await res.text();
    let json: unknown = null;
    try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    if (!res.ok) throw new HttpFailure(res.status, (json && typeof json === 'object' ? json : {}) as Partial<ApiErrorBody>, text);
    return json ?? {};
  }

  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
    const retries = opts.retries ?? MAX_RETRIES;
    const query = Object.fromEntries(Object.entries(opts.query ?? {})
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]));
    for (let attempt = 0; ; attempt++) {
      try {
        return (await once(method, path, query, opts)) as T;
      } catch (err) {
        // A network failure (fetch rejects) counts as status 0.
        const failure = err instanceof HttpFailure ? err : null;
        const status = failure?.status ?? 0;
        if (retryable(status) && attempt < retries) {
          // Exponential delay: 250, 500, 1000, 2000, 4000 ms.
          await sleep(RETRY_BASE_MS * 2 ** attempt);
          continue;
        }
        const body = failure?.body ?? {};
        const text = `${body.error ?? ''} ${body.message ?? ''} ${failure?.text ?? ''}`;
        if (status === 403 && text.includes('authentication_required') && !USER_CALL.test(path)) {
          bus.emit('auth:required', { path });
        }
        throw new ApiError(status, body.error ?? (status === 0 ? 'network' : 'unknown'), body.message ?? String(err), body.params);
      }
    }
  }
  return {
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    del: (path, body, opts) => request('DELETE', path, { ...opts, body }),
    upload: (path, file, opts) => request('POST', path, { ...opts, file }),
    beacon(path, body = {}) {
      // fetch with keepalive is sendBeacon that can carry the client header (CSRF rule).
      void send(base + path, {
        method: 'POST', keepalive: true, credentials: 'same-origin', body: JSON.stringify(body),
        headers: { 'X-Request-Type': 'client', 'Content-Type': 'application/json' },
      }).catch(() => {});
    },
  };
}
