import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * The kernel's one input sanitiser, run on every route after its JSON schema has validated (and
 * coerced) the request: what a schema does not say, these rules decide, so no plugin has to repeat
 * them and no odd input reaches SQL, mail or a template.
 *
 * - Strings: no C0 control character (NUL included: PostgreSQL refuses it) and no DEL; tab, line
 *   feed and carriage return only where the schema marks the field `multiline: true` (text areas);
 *   no lone UTF-16 surrogate. Object keys follow the same rule.
 * - Strings without `maxLength` in their schema: at most {@link MAX_STRING} characters.
 * - Numbers: finite (`"1e999"` in a query is coerced to Infinity by ajv and passes `type: integer`).
 *   Integers without `maximum`/`minimum` stay within PostgreSQL's `integer` (ids, counters).
 * - Objects and arrays without `maxProperties`/`maxItems`: at most {@link MAX_KEYS} keys /
 *   {@link MAX_ITEMS} items, nested at most {@link MAX_DEPTH} deep.
 * - Values a schema leaves undescribed under an explicit `additionalProperties: true` are not
 *   looked into (only the size caps hold): the route declared it takes anything there and reads none of it.
 *
 * A refusal is a 400 `invalid_input` naming the field (`params.field`), like a schema error:
 * "body/name contains a control character".
 */
export const MAX_STRING = 10_000;
export const MAX_KEYS = 200;
export const MAX_ITEMS = 1000;
export const MAX_DEPTH = 32;
const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

/** C0 controls but tab, LF and CR; DEL. */
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control; DEL. */
const CONTROL = /[\u0000-\u001F\u007F]/;
/** Half of a UTF-16 surrogate pair without its other half (not valid text; PostgreSQL would store U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * ajv plugin (Fastify `ajv.plugins`): declares the `multiline` annotation, so a schema may say
 * `{ type: 'string', maxLength: 2000, multiline: true }` for a text area's field.
 */
export function sanitiseAjvPlugin<A extends { addKeyword(keyword: string): unknown }>(ajv: A): A {
  // An annotation (no validation of its own): the sanitiser reads it.
  ajv.addKeyword('multiline');
  return ajv;
}

/** The subschemas that may describe one value (a schema, or the branches of anyOf/oneOf/allOf). */
function variants(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  const out: Schema[] = [schema];
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[k];
    if (Array.isArray(list)) for (const s of list) if (isObject(s)) out.push(...variants(s));
  }
  return out;
}

/** The first number a schema (or one of its branches) gives for `key`. */
function limit(schemas: Schema[], key: string): number | undefined {
  for (const s of schemas) if (typeof s[key] === 'number') return s[key] as number;
  return undefined;
}

function childOfObject(schemas: Schema[], key: string): Schema | undefined {
  for (const s of schemas) {
    const props = s.properties;
    if (isObject(props) && Object.hasOwn(props, key) && isObject(props[key])) return props[key];
  }
  for (const s of schemas) {
    const pattern = s.patternProperties;
    if (isObject(pattern)) {
      for (const [re, sub] of Object.entries(pattern)) if (isObject(sub) && new RegExp(re, 'u').test(key)) return sub;
    }
  }
  for (const s of schemas) if (isObject(s.additionalProperties)) return s.additionalProperties;
  return undefined;
}

function childOfArray(schemas: Schema[], index: number): Schema | undefined {
  for (const s of schemas) {
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : null;
    if (prefix && index < prefix.length && isObject(prefix[index])) return prefix[index];
    if (isObject(s.items)) return s.items;
  }
  return undefined;
}

const isIntegerSchema = (schemas: Schema[]) => schemas.some((s) => s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer')));

/** What is wrong with a string, or null. */
function stringProblem(value: string, multiline: boolean): string | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL).test(value)) return 'contains a control character';
  if (LONE_SURROGATE.test(value)) return 'contains an invalid character';
  return null;
}

/**
 * The first problem in `value` (described by `schema`, when the route has one), as
 * `{ field, problem }`; null when the value is fine.
 */
export function findProblem(value: unknown, schema?: Schema, field: string[] = [], depth = 0, free = false): { field: string; problem: string } | null {
  const at = (problem: string) => ({ field: field.join('/'), problem });
  const schemas = variants(schema);
  if (typeof value === 'string') {
    const bad = free ? null : stringProblem(value, schemas.some((s) => s.multiline === true));
    if (bad) return at(bad);
    if (limit(schemas, 'maxLength') === undefined && value.length > MAX_STRING) return at(`must NOT have more than ${MAX_STRING} characters`);
    return null;
  }
  if (typeof value === 'number') {
    if (free) return null;
    if (!Number.isFinite(value)) return at('must be a finite number');
    // Integers are held to PostgreSQL's integer range unless their schema sets its own bounds.
    if (isIntegerSchema(schemas)) {
      const max = limit(schemas, 'maximum') ?? limit(schemas, 'exclusiveMaximum') ?? INT_MAX;
      const min = limit(schemas, 'minimum') ?? limit(schemas, 'exclusiveMinimum') ?? INT_MIN;
      if (value > max || value < min) return at('is out of range');
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) return at('is nested too deeply');
  if (Array.isArray(value)) {
    if (limit(schemas, 'maxItems') === undefined && value.length > MAX_ITEMS) return at(`must NOT have more than ${MAX_ITEMS} items`);
    for (let i = 0; i < value.length; i++) {
      const found = findProblem(value[i], childOfArray(schemas, i), [...field, String(i)], depth + 1, free);
      if (found) return found;
    }
    return null;
  }
  const keys = Object.keys(value);
  if (limit(schemas, 'maxProperties') === undefined && keys.length > MAX_KEYS) return at(`must NOT have more than ${MAX_KEYS} properties`);
  // What a schema leaves undescribed under an explicit `additionalProperties: true` (the page's own
  // query on settings.php, the rest of a provider's webhook) is taken as it comes: the route reads
  // none of it. Only the size caps hold there.
  const takesAnything = schemas.some((s) => s.additionalProperties === true);
  for (const key of keys) {
    const sub = childOfObject(schemas, key);
    const childFree = free || (sub === undefined && takesAnything);
    const badKey = (childFree ? null : stringProblem(key, false)) ?? (key.length > 200 ? 'is too long a name' : null);
    if (badKey) return { field: [...field, key.slice(0, 200)].join('/'), problem: badKey };
    const found = findProblem((value as Record<string, unknown>)[key], sub, [...field, key], depth + 1, childFree);
    if (found) return found;
  }
  return null;
}

const PARTS = [
  ['params', 'params', 'params'],
  ['querystring', 'query', 'querystring'],
  ['body', 'body', 'body'],
] as const;

/** Fastify preHandler hook (after validation and coercion): throws a 400 on the first problem. */
export async function sanitiseRequest(req: FastifyRequest): Promise<void> {
  const schema = (req.routeOptions.schema ?? {}) as Record<string, unknown>;
  for (const [part, prop, context] of PARTS) {
    const value: unknown = prop === 'params' ? req.params : prop === 'query' ? req.query : req.body;
    if (value === undefined || Buffer.isBuffer(value)) continue;
    const partSchema = schema[part] ?? (part === 'querystring' ? schema.query : undefined);
    const found = findProblem(value, isObject(partSchema) ? partSchema : undefined);
    if (found) {
      const where = found.field ? `${context}/${found.field}` : context;
      throw new HttpError(400, 'invalid_input', `${where} ${found.problem}`, found.field ? { field: found.field } : {});
    }
  }
}
