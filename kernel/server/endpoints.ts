import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, RouteHandlerMethod } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { EndpointDef, ResponseOf } from '../contract/endpoint.ts';
import { routeAdapter } from '../contract/adapter.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (kernel/contract/endpoint.ts). */
    endpoint?: EndpointDef;
  }
}

/** What only the server decides about a route: limits, not part of the contract. */
export interface ServeOptions {
  /** @fastify/rate-limit options (the factor of RATE_LIMIT_FACTOR is the caller's to apply). */
  rateLimit?: { max: number; timeWindow: string | number; keyGenerator?: (req: FastifyRequest) => string };
  /** The largest body in bytes (fastify's default 1 MiB otherwise). */
  bodyLimit?: number;
  /**
   * The answer's schema when other plugins contribute parts of it (the user object: auth's fields
   * and each extension's): the contract's, extended. It is what the answer is serialised from.
   */
  response?: TSchema;
}

/** The fastify schema a contract makes: its input parts and, for JSON answers, the 200 answer. */
export type SchemaOf<E extends EndpointDef> = {
  body: E['body'];
  querystring: E['query'];
  response: E extends { response: infer R extends TSchema } ? { 200: R } : undefined;
};

/**
 * A handler of an endpoint, typed through fastify's TypeBox type provider: `req.body` and `req.query`
 * are the contract's (already checked), and what it returns must be the contract's answer.
 */
export type EndpointHandler<E extends EndpointDef> = RouteHandlerMethod<
  RawServerDefault, IncomingMessage, ServerResponse, { Reply: ResponseOf<E> }, unknown, SchemaOf<E>, TypeBoxTypeProvider
>;
/** The request a handler of `E` gets (for helpers that take it). */
export type EndpointRequest<E extends EndpointDef> = Parameters<EndpointHandler<E>>[0];

export interface ServeContext {
  /** Checks every JSON answer against its contract (tests and development): a mismatch is a 500 naming the path. */
  checkResponses: boolean;
}

const checkers = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * The contract's answer as it will leave: serialised from the schema (fast-json-stringify drops any
 * field the contract does not declare). With `checkResponses`, what the handler returned must also
 * satisfy the schema (after JSON, so a Date counts as its ISO string): a contract that says less or
 * something else than the code is found by every test that calls the route.
 */
function responseCheck(e: EndpointDef, schema: TSchema) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200) return payload;
    let check = checkers.get(schema);
    if (!check) checkers.set(schema, check = Compile(schema));
    const plain: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
    if (!check.Check(plain)) {
      const first = [...check.Errors(plain)][0];
      req.log.error({ endpoint: `${e.method} ${e.path}`, error: first }, 'answer does not fit its contract');
      throw new HttpError(500, 'response_contract', `${e.method} ${e.path}: response${first?.instancePath ?? ''} ${first?.message ?? 'does not fit'}`);
    }
    return payload;
  };
}

/**
 * Registers an endpoint's route on a plugin's scope (or the app): its access level, the schemas of
 * its input, its query flag, and for JSON answers the response schema (serialisation) and, when asked,
 * the contract check. `app` may carry a prefix (a plugin's `/api` scope): the path is the contract's.
 */
export function serve<E extends EndpointDef>(app: FastifyInstance, ctx: ServeContext, e: E, opts: ServeOptions, handler: EndpointHandler<E>): void {
  const url = app.prefix && e.path.startsWith(app.prefix) ? e.path.slice(app.prefix.length) : e.path;
  if (app.prefix && url === e.path) throw new Error(`${e.method} ${e.path}: not under this scope's prefix ${app.prefix}`);
  routeAdapter(app.withTypeProvider<TypeBoxTypeProvider>(), {
    method: e.method,
    url,
    ...(e.flag ? { constraints: { flag: e.flag } } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    schema: {
      ...(e.body ? { body: e.body } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.response ? { response: { 200: opts.response ?? e.response } } : {}),
    },
    config: {
      access: e.access,
      ...(e.csrfExempt ? { csrfExempt: true } : {}),
      ...(e.binaryBody ? { binaryBody: true } : {}),
      ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
      endpoint: e,
    },
    ...(e.response && ctx.checkResponses ? { preSerialization: responseCheck(e, opts.response ?? e.response) } : {}),
    handler,
  });
}

/** `serve` with its context bound (what the kernel hands plugins as `kernel.serve`). */
export interface Serve {
  <E extends EndpointDef>(app: FastifyInstance, e: E, handler: EndpointHandler<E>): void;
  <E extends EndpointDef>(app: FastifyInstance, e: E, opts: ServeOptions, handler: EndpointHandler<E>): void;
}
export function serveWith(ctx: ServeContext): Serve {
  return <E extends EndpointDef>(app: FastifyInstance, e: E, a: ServeOptions | EndpointHandler<E>, b?: EndpointHandler<E>) =>
    typeof a === 'function' ? serve(app, ctx, e, {}, a) : serve(app, ctx, e, a, b!);
}
