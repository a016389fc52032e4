import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, LoggerOptions } from 'pino';

/**
 * One id per piece of work, on every log line written while doing it: an HTTP request (its own
 * X-Request-Id when the balancer or the caller sent a well-formed one, else a new one), a job run,
 * a socket message, and a realtime event delivered on another instance (the id of the request that
 * published it travels with the Redis message). Lines written through `kernel.log` get it as well
 * as those through `req.log`: the id sits in an AsyncLocalStorage that the logger reads.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
interface Work { reqId: string }
const context = new AsyncLocalStorage<Work>();

/** Letters, digits and `._:-`, 8 to 128 of them: what balancers (HAProxy's unique-id) and tracers send; anything else is replaced. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
export const wellFormedRequestId = (v: unknown): v is string => typeof v === 'string' && WELL_FORMED.test(v);
// A random prefix per process and a counter: unique across instances without drawing random bytes
// for every request (ids name work in logs; they are no secret).
const PREFIX = crypto.randomBytes(9).toString('base64url');
let counter = 0;
export const newRequestId = () => `${PREFIX}${(++counter).toString(36)}`;

/** The id of the work this code runs for (undefined outside any). */
export const currentRequestId = (): string | undefined => context.getStore()?.reqId;
/** Runs `fn` as work of this id (a job, a socket message, a delivered event). */
export const withRequestId = <T>(reqId: string, fn: () => T): T => context.run({ reqId }, fn);

/** fastify's genReqId: the incoming header when well-formed (the first, if repeated), else a new id. */
export function requestIdOf(raw: IncomingMessage): string {
  const h = raw.headers[REQUEST_ID_HEADER];
  const v = Array.isArray(h) ? h[0] : h;
  return wellFormedRequestId(v) ? v : newRequestId();
}

// fastify's per-request logger already carries the id as a binding: the mixin must not repeat it.
const BOUND = Symbol('request-id-bound');

/** The logger options that put the current work's id on every line (`reqId`, fastify's own label). */
export const requestIdLogging: Pick<LoggerOptions, 'mixin'> = {
  mixin(_obj, _level, logger) {
    if (Reflect.get(logger, BOUND) === true) return {};
    const reqId = context.getStore()?.reqId;
    return reqId ? { reqId } : {};
  },
};

/** fastify's childLoggerFactory: the request's logger, marked as carrying its id (its children inherit the mark). */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const child = logger.child(bindings, opts);
  Reflect.set(child, BOUND, true);
  return child;
}

const works = new WeakMap<FastifyRequest, Work>();

/**
 * Makes the request's id current for its hooks and handler (register before any other hook) and
 * hands it back in the answer. The body is read from socket events outside that context, so it is
 * entered again before validation (as @fastify/request-context does).
 */
export function registerRequestIds(app: FastifyInstance) {
  const enter = (req: FastifyRequest, done: () => void) => {
    let work = works.get(req);
    if (!work) works.set(req, work = { reqId: req.id });
    // A request without a body reaches validation still inside onRequest's run: no second one.
    if (context.getStore() === work) return done();
    context.run(work, done);
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    enter(req, done);
  });
  app.addHook('preValidation', (req, _reply, done) => enter(req, done));
}
