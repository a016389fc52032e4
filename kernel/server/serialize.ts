import fastJson from 'fast-json-stringify';
import type { Static, TSchema } from 'typebox';

const made = new WeakMap<TSchema, (value: unknown) => string>();

/**
 * JSON made from a contract's schema, as fastify makes a route's answer (fast-json-stringify): only
 * the fields the schema declares are written. For answers put together ahead of the request (a
 * cache of each member's JSON): what leaves the server is still only what the contract declares.
 */
export function jsonOf<S extends TSchema>(schema: S, value: Static<S>): string {
  let serialize = made.get(schema);
  if (!serialize) made.set(schema, serialize = fastJson(schema));
  return serialize(value);
}
