import { sql } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';

/**
 * What two copies of the credits must agree on (`npm run db:move` compares them before keeping a
 * copy): the ledger's rows and total, every member's ledger sum (one digest over all members, so
 * thousands of members stay one figure), and the accounts' balances and paid flags.
 */
export async function creditsTallies(db: DB): Promise<Record<string, number | string>> {
  const ledger = (await sql<{ rows: number; total: number; members: number; per_member: string }>`
    WITH m AS (SELECT user_id, count(*)::int8 AS n, sum(amount)::int8 AS s FROM credit_ledger GROUP BY user_id)
    SELECT coalesce(sum(n), 0)::int8 AS rows, coalesce(sum(s), 0)::int8 AS total, count(*)::int8 AS members,
      md5(coalesce(string_agg(user_id::text || ':' || s::text, ',' ORDER BY user_id), '')) AS per_member
    FROM m`.execute(db)).rows[0];
  const accounts = (await sql<{ accounts: number; balances: number; paid: number }>`
    SELECT count(*)::int8 AS accounts, coalesce(sum(balance), 0)::int8 AS balances, (count(*) FILTER (WHERE paid_user))::int8 AS paid
    FROM credit_accounts`.execute(db)).rows[0];
  return {
    'ledger entries': ledger.rows,
    'ledger total': ledger.total,
    'members with ledger entries': ledger.members,
    'ledger sum of every member (md5)': ledger.per_member,
    'accounts': accounts.accounts,
    'balances total': accounts.balances,
    'paid members': accounts.paid,
  };
}
