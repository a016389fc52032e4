import type { Static, TSchema } from 'typebox';

/**
 * One API endpoint, defined once in its owner's `contract.ts` (kernel/contract for the kernel's):
 * method, path, who may call it, and TypeBox schemas of its input and of its answer. The server
 * registers the route from it (kernel/server/endpoints.ts: the input checked and typed, the answer
 * serialised from `response`, so a field not in the contract never leaves the server); the browser
 * calls it through `api.call(endpoint, input)` (kernel/web/api.ts), so no URL is written anywhere
 * else and the compiler checks that a call and its route agree.
 *
 *   export const createPayment = endpoint({
 *     method: 'POST', path: '/api/payments.php', access: 'member',
 *     body: Type.Object({ package_id: Id, method: Method }, { additionalProperties: false }),
 *     response: CreatePaymentResponse,
 *   });
 *
 * In browser builds `typebox` is replaced by a stand-in (kernel/contract/typebox-browser.ts): the
 * schemas exist there as types only, and an endpoint is its method and path.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it, checked on the server for every request (kernel/server/access.ts):
 * 'visitor' anyone, 'member' a logged-in member; the console's levels, on paths under
 * `/api/operator/` only and through a console session (password and TOTP), never a member's:
 * 'operator' staff (operators and admins), 'admin' admins only.
 */
export type Access = 'visitor' | 'member' | 'operator' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['visitor', 'member', 'operator', 'admin'];
/** Where every console endpoint lives (a visitor or a member gets 404 for anything under it). */
export const CONSOLE_API_PREFIX = '/api/operator/';

export interface EndpointDef {
  method: Method;
  /** The full path, from the spec where it names one (`/api/user.php`). */
  path: `/api/${string}`;
  access: Access;
  /** The JSON body (POST, PUT, DELETE). */
  body?: TSchema;
  query?: TSchema;
  /** The JSON answer (status 200); absent for an answer that is no JSON (`raw`). */
  response?: TSchema;
  /**
   * The answer is no JSON object: a redirect (a link opened from a mail), a file, an HTML page.
   * Such endpoints are opened by people, not called by the app.
   */
  raw?: true;
  /** A binary body (an upload: the file itself), still with the client header. */
  binaryBody?: true;
  /**
   * Told apart from another endpoint on the same method and path by a flag in the query
   * (`POST /api/user.php?push=1`, spec section 7): requests carrying `<flag>=1` come here.
   */
  flag?: string;
  /** Answered without the client header (one-click unsubscribe from a mail client, provider webhooks). */
  csrfExempt?: true;
}

/** An endpoint as its owner writes it (`const` keeps the schemas' exact types). */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type Part<E, K extends 'body' | 'query'> = E extends Record<K, infer S extends TSchema> ? Static<S> : never;

/** What a handler receives and a caller sends. */
export type BodyOf<E> = Part<E, 'body'>;
export type QueryOf<E> = Part<E, 'query'>;
/** What the endpoint answers (its JSON). */
export type ResponseOf<E> = E extends { response: infer S extends TSchema } ? Static<S> : unknown;

type Required<E> = E extends { body: TSchema } ? true : E extends { query: infer Q extends TSchema } ? ({} extends Static<Q> ? false : true) : false;

/** The input of a call: `{ body }` and/or `{ query }`, as the endpoint declares them. */
export type CallInput<E> =
  (E extends { body: TSchema } ? { body: BodyOf<E> } : { body?: never })
  & (E extends { query: TSchema } ? ({} extends QueryOf<E> ? { query?: QueryOf<E> } : { query: QueryOf<E> }) : { query?: never });

/** The arguments of `api.call(e, …)` after the endpoint: the input is optional when nothing in it is. */
export type CallArgs<E, Opts> = Required<E> extends true ? [input: CallInput<E>, opts?: Opts] : [input?: CallInput<E>, opts?: Opts];

/** The request a call makes: method, path (with the endpoint's flag), query and body. */
export function requestOf(e: EndpointDef, input: { body?: unknown; query?: object } = {}) {
  const query: Record<string, string> = e.flag ? { [e.flag]: '1' } : {};
  for (const [k, v] of Object.entries(input.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    query[k] = String(v);
  }
  return { method: e.method, path: e.path, query, body: e.method === 'GET' ? undefined : (input.body ?? {}) };
}
