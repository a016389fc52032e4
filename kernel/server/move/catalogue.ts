import { sql } from 'kysely';
import type { DB } from '../db.ts';

// What a database holds in its current schema, read from PostgreSQL's own catalogue (the same
// queries on PGlite and on PostgreSQL): no table is named here, every plugin's tables are found.

export interface Column {
  name: string;
  /** The SQL type as PostgreSQL writes it (`timestamp with time zone`, `smallint[]`, `numeric(12,2)`). */
  type: string;
  /** A generated column: computed by the database, never inserted. */
  generated: boolean;
  /** `a` (GENERATED ALWAYS AS IDENTITY: an insert must say OVERRIDING SYSTEM VALUE), `d`, or ''. */
  identity: string;
}

export interface Table { name: string; columns: Column[] }

export interface Sequence {
  name: string;
  /** The column it numbers (serial, bigserial, identity), when it belongs to one. */
  owner: { table: string; column: string } | null;
}

export interface ForeignKey { table: string; name: string; definition: string }

export interface Catalogue {
  /** The schema looked at (current_schema()). */
  schema: string;
  tables: Table[];
  sequences: Sequence[];
  foreignKeys: ForeignKey[];
  /** Tables with triggers of their own (not the ones behind foreign keys) that are switched on. */
  triggerTables: string[];
  /**
   * One line per column, constraint, index, trigger, sequence and function, sorted: two databases
   * made by the same migrations have the same lines, whatever the order their columns were added in.
   */
  shape: string[];
}

/** The current schema's name, or null when the search_path names no existing schema. */
export async function currentSchema(db: DB): Promise<string | null> {
  return (await sql<{ s: string | null }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s ?? null;
}

export async function readCatalogue(db: DB): Promise<Catalogue> {
  const schema = await currentSchema(db);
  if (!schema) throw new Error('the search_path names no existing schema');
  const columns = (await sql<{ table: string; column: string; type: string; generated: boolean; identity: string; not_null: boolean; default: string | null }>`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
      a.attgenerated <> '' AS generated, a.attidentity::text AS identity, a.attnotnull AS not_null,
      pg_get_expr(d.adbin, d.adrelid) AS default
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
    ORDER BY c.relname, a.attnum`.execute(db)).rows;
  const constraints = (await sql<{ table: string; name: string; type: string; definition: string }>`
    SELECT c.relname AS table, k.conname AS name, k.contype::text AS type, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f', 'c', 'x')
    ORDER BY 1, 2`.execute(db)).rows;
  const indexes = (await sql<{ table: string; name: string; definition: string }>`
    SELECT tablename AS table, indexname AS name, indexdef AS definition
    FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`.execute(db)).rows;
  const triggers = (await sql<{ table: string; name: string; enabled: string }>`
    SELECT c.relname AS table, t.tgname AS name, t.tgenabled::text AS enabled
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal
    ORDER BY 1, 2`.execute(db)).rows;
  const sequences = (await sql<{ name: string; table: string | null; column: string | null }>`
    SELECT s.relname AS name, t.relname AS table, a.attname AS column
    FROM pg_class s
    JOIN pg_namespace n ON n.oid = s.relnamespace
    LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
      AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
    LEFT JOIN pg_class t ON t.oid = d.refobjid
    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE n.nspname = current_schema() AND s.relkind = 'S'
    ORDER BY 1`.execute(db)).rows;
  const functions = (await sql<{ name: string }>`
    SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() ORDER BY 1`.execute(db)).rows;

  const tables = new Map<string, Table>();
  for (const c of columns) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [] };
    t.columns.push({ name: c.column, type: c.type, generated: c.generated, identity: c.identity });
    tables.set(c.table, t);
  }
  // The index's method, columns and predicate: the part after USING does not name the schema.
  const indexShape = (d: string) => `${/^CREATE UNIQUE /.test(d) ? 'unique ' : ''}${d.slice(d.indexOf(' USING ') + 1)}`;
  const shape = [
    ...[...tables.keys()].map((t) => `table ${t}`),
    ...columns.map((c) => `column ${c.table}.${c.column} ${c.type}${c.not_null ? ' not null' : ''}${c.generated ? ' generated' : ''}${c.identity ? ` identity ${c.identity}` : ''}${c.default ? ` default ${c.default}` : ''}`),
    ...constraints.map((k) => `constraint ${k.table}.${k.name} ${k.definition}`),
    ...indexes.map((i) => `index ${i.table}.${i.name} ${indexShape(i.definition)}`),
    ...triggers.map((t) => `trigger ${t.table}.${t.name}${t.enabled === 'D' ? ' disabled' : ''}`),
    ...sequences.map((s) => `sequence ${s.name}${s.table ? ` of ${s.table}.${s.column}` : ''}`),
    ...functions.map((f) => `function ${f.name}`),
  ].sort();
  return {
    schema,
    tables: [...tables.values()],
    sequences: sequences.map((s) => ({ name: s.name, owner: s.table && s.column ? { table: s.table, column: s.column } : null })),
    foreignKeys: constraints.filter((k) => k.type === 'f').map((k) => ({ table: k.table, name: k.name, definition: k.definition })),
    triggerTables: [...new Set(triggers.filter((t) => t.enabled !== 'D').map((t) => t.table))],
    shape,
  };
}

/** Lines only one side has (the first few of each), or null when both have the same shape. */
export function shapeDifference(source: string[], target: string[], max = 8): string | null {
  const a = new Set(source);
  const b = new Set(target);
  const onlySource = source.filter((l) => !b.has(l));
  const onlyTarget = target.filter((l) => !a.has(l));
  if (!onlySource.length && !onlyTarget.length) return null;
  return [
    ...onlySource.slice(0, max).map((l) => `  only in the embedded database: ${l}`),
    ...onlyTarget.slice(0, max).map((l) => `  only in PostgreSQL: ${l}`),
  ].join('\n');
}
