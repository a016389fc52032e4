import { sql } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { Migration } from '../../../kernel/server/migrations.ts';
import { memberChangeTrigger, type MemberTable } from '../../../kernel/server/changes.ts';

/** The balance and the paid flag are in the user object: a change to an account ends its cached view. */
export const accountsChanges: MemberTable = { table: 'credit_accounts', idColumn: 'user_id' };

const hasColumn = async (db: DB, table: string, column: string) => (await sql<{ n: number }>`SELECT count(*)::int AS n
  FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`.execute(db)).rows[0].n > 0;
const hasTable = async (db: DB, table: string) =>
  (await sql<{ found: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS found`.execute(db)).rows[0].found;

export const creditsMigrations: Migration[] = [{
  /**
   * Credits used to live in the auth plugin: `users.credits`, `users.paid_user` and a
   * `credit_ledger` (delta, ref) made by auth's migration 003. A database made before this plugin
   * has them (auth's migrations run first: credits requires auth); a new one does not. Either way
   * this ends in the same shape, in one transaction: balances and paid flags copied into
   * `credit_accounts`; the old ledger adopted in place (ids and dates kept; `delta` is now `amount`;
   * the old `ref`, a conversation that repeated per message, joins the reason; `reference` is the
   * new unique key); then the two old columns dropped, so nothing can read or write a stale balance.
   */
  name: '001_accounts_and_ledger',
  async up(db) {
    await sql`CREATE TABLE credit_accounts (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
      paid_user boolean NOT NULL DEFAULT false)`.execute(db);
    const legacyColumns = await hasColumn(db, 'users', 'credits');
    if (legacyColumns) {
      await sql`INSERT INTO credit_accounts (user_id, balance, paid_user)
        SELECT id, credits, paid_user FROM users WHERE credits > 0 OR paid_user`.execute(db);
    }
    if (await hasTable(db, 'credit_ledger')) {
      await sql`ALTER TABLE credit_ledger RENAME COLUMN delta TO amount`.execute(db);
      await sql`ALTER TABLE credit_ledger ADD COLUMN reference text`.execute(db);
      await sql`UPDATE credit_ledger SET reason = reason || ' ' || ref WHERE ref IS NOT NULL`.execute(db);
      await sql`ALTER TABLE credit_ledger DROP COLUMN ref`.execute(db);
    } else {
      await sql`CREATE TABLE credit_ledger (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        amount integer NOT NULL,
        balance_after integer NOT NULL CHECK (balance_after >= 0),
        reason text NOT NULL,
        reference text,
        created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
      await sql`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id)`.execute(db);
    }
    // A grant or spend with a reference happens once, whoever sends it how often.
    await sql`CREATE UNIQUE INDEX credit_ledger_reference ON credit_ledger (reference)`.execute(db);
    if (legacyColumns) await sql`ALTER TABLE users DROP COLUMN credits, DROP COLUMN paid_user`.execute(db);
    await memberChangeTrigger(accountsChanges).execute(db);
  },
}];
