import { sql } from 'kysely';
import type { DB } from '../db.ts';
import type { Table } from './catalogue.ts';

/**
 * Copies one table's rows from `source` into the same table in `target`, `batchRows` at a time: a
 * cursor reads each value as PostgreSQL's own text for it (exact for every type: timestamps with
 * their offset, numeric and float digits, jsonb, arrays, bytea in hex), and one INSERT per batch
 * turns the texts back into values with the column's type (one text array per column, unnested).
 * Generated columns are left to the target to compute. Returns the number of rows copied.
 */
export async function copyTable(source: DB, target: DB, table: Table, batchRows: number, onBatch?: (copied: number) => void): Promise<number> {
  const columns = table.columns.filter((c) => !c.generated);
  const alias = (i: number) => sql.id(`c${i}`);
  const overriding = columns.some((c) => c.identity === 'a') ? sql`OVERRIDING SYSTEM VALUE` : sql``;
  let copied = 0;
  await source.transaction().execute(async (src) => {
    await sql`DECLARE move_rows NO SCROLL CURSOR FOR
      SELECT ${sql.join(columns.map((c, i) => sql`${sql.id(c.name)}::text AS ${alias(i)}`))} FROM ${sql.id(table.name)}`.execute(src);
    for (;;) {
      const { rows } = await sql<Record<string, string | null>>`FETCH ${sql.raw(String(batchRows))} FROM move_rows`.execute(src);
      if (!rows.length) break;
      const arrays = columns.map((_, i) => rows.map((r) => r[`c${i}`]));
      await sql`INSERT INTO ${sql.id(table.name)} (${sql.join(columns.map((c) => sql.id(c.name)))}) ${overriding}
        SELECT ${sql.join(columns.map((c, i) => sql`${alias(i)}::${sql.raw(c.type)}`))}
        FROM unnest(${sql.join(arrays.map((a) => sql`${a}::text[]`))}) AS u(${sql.join(columns.map((_, i) => alias(i)))})`.execute(target);
      copied += rows.length;
      onBatch?.(copied);
    }
    await sql`CLOSE move_rows`.execute(src);
  });
  return copied;
}

/**
 * The table's row count and a checksum of its contents: the sum of each row's md5 (its columns in
 * name order, as text), so it does not depend on the order rows are stored in, nor on the order the
 * columns were added in. Equal on two databases: the same rows, value for value.
 */
export async function tableSum(db: DB, table: Table): Promise<{ rows: number; sum: string }> {
  const columns = [...table.columns].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const row = sql`ROW(${sql.join(columns.map((c) => sql.ref(`t.${c.name}`)))})::text`;
  const r = (await sql<{ rows: number; sum: string }>`
    SELECT count(*)::int8 AS rows, coalesce(sum(('x' || substr(md5(${row}), 1, 15))::bit(60)::int8), 0)::text AS sum
    FROM ${sql.id(table.name)} AS t`.execute(db)).rows[0];
  return { rows: Number(r.rows), sum: r.sum };
}
