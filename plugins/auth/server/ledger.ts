import { sql } from 'kysely';
import type { AnyDB } from '../../../kernel/server/db.ts';
import type { Migration } from '../../../kernel/server/migrations.ts';

/**
 * Credits as a ledger: every change is a row (who, how much, why, what for, the balance after),
 * and `users.credits` is the running balance, changed in the same statement that checks it, so it
 * can never go below zero and the rows always sum to it.
 */
export const ledgerMigrations: Migration[] = [{
  name: '003_credit_ledger',
  async up(db) {
    await sql`CREATE TABLE credit_ledger (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      delta integer NOT NULL,
      balance_after integer NOT NULL CHECK (balance_after >= 0),
      reason text NOT NULL,
      ref text,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id)`.execute(db);
    // Balances that existed before the ledger become its opening entries.
    await sql`INSERT INTO credit_ledger (user_id, delta, balance_after, reason)
      SELECT id, credits, credits, 'opening' FROM users WHERE credits > 0`.execute(db);
  },
}];

/**
 * Takes `amount` credits if the member has them; null (and nothing written) when not. Run it in
 * the transaction that stores what was bought, so both happen or neither.
 */
export async function spendCredits(db: AnyDB, userId: number, amount: number, reason: string, ref: string | null): Promise<number | null> {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`bad credit amount ${amount}`);
  const row = await db.updateTable('users').set({ credits: sql`credits - ${amount}` })
    .where('id', '=', userId).where('credits', '>=', amount).returning('credits').executeTakeFirst();
  if (!row) return null;
  const balance = Number(row.credits);
  if (amount > 0) await db.insertInto('credit_ledger').values({ user_id: userId, delta: -amount, balance_after: balance, reason, ref }).execute();
  return balance;
}

export async function grantCredits(db: AnyDB, userId: number, amount: number, reason: string, ref: string | null): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`bad credit amount ${amount}`);
  const row = await db.updateTable('users').set({ credits: sql`credits + ${amount}` })
    .where('id', '=', userId).returning('credits').executeTakeFirstOrThrow();
  const balance = Number(row.credits);
  await db.insertInto('credit_ledger').values({ user_id: userId, delta: amount, balance_after: balance, reason, ref }).execute();
  return balance;
}
