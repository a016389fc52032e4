import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../kernel/server/db.ts';
import { runMigrations } from '../../../kernel/server/migrations.ts';
import { changeMigrations } from '../../../kernel/server/changes.ts';
import { authMigrations } from '../../auth/server/migrations.ts';
import { creditsMigrations } from './migrations.ts';
import { createCreditsService } from './service.ts';

// A database made before the credits plugin: auth's migrations, plus what auth's old migrations
// 001 (users.credits, users.paid_user) and 003 (credit_ledger with delta and ref) made.
const legacyAuthCredits = async (db: Database['db']) => {
  await sql`ALTER TABLE users ADD COLUMN credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
    ADD COLUMN paid_user boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE TABLE credit_ledger (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    delta integer NOT NULL,
    balance_after integer NOT NULL CHECK (balance_after >= 0),
    reason text NOT NULL,
    ref text,
    created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id)`.execute(db);
};

let database: Database;
const schema = process.env.TEST_DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
beforeAll(async () => {
  database = await openDatabase(process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, schema } : {});
});
afterAll(async () => {
  if (schema) await database?.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await database?.close();
});

describe('credits migration from auth', () => {
  it('keeps balances, paid flags and the ledger of a database made with the old schema, then drops the old columns', async () => {
    const { db } = database;
    await runMigrations(db, [{ owner: 'kernel', migrations: changeMigrations }, { owner: 'auth', migrations: authMigrations }]);
    await legacyAuthCredits(db);
    // Rows written the old way: balances in users, every change in the old ledger.
    const ids: Record<string, number> = {};
    for (const [name, credits, paid] of [['rich', 45, true], ['free', 5, false], ['paidBroke', 0, true], ['none', 0, false]] as const) {
      const { rows } = await sql<{ id: number }>`INSERT INTO users (email, credits, paid_user) VALUES (${`${name}@example.com`}, ${credits}, ${paid}) RETURNING id`.execute(db);
      ids[name] = Number(rows[0].id);
    }
    await sql`INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref) VALUES
      (${ids.rich}, 50, 50, 'opening', NULL), (${ids.rich}, -5, 45, 'chat:text', 'conversation:7'),
      (${ids.free}, 10, 10, 'signup', NULL), (${ids.free}, -5, 5, 'chat:text', 'conversation:7'),
      (${ids.paidBroke}, 20, 20, 'test', NULL), (${ids.paidBroke}, -20, 0, 'chat:gift', 'conversation:9')`.execute(db);
    const before = await sql<{ id: number; created_at: Date }>`SELECT id, created_at FROM credit_ledger ORDER BY id`.execute(db);

    expect(await runMigrations(db, [{ owner: 'credits', migrations: creditsMigrations }])).toEqual(['credits/001_accounts_and_ledger']);

    const credits = createCreditsService(db);
    expect(await credits.account(ids.rich)).toEqual({ balance: 45, paid: true });
    expect(await credits.account(ids.free)).toEqual({ balance: 5, paid: false });
    expect(await credits.account(ids.paidBroke)).toEqual({ balance: 0, paid: true });
    expect(await credits.account(ids.none)).toEqual({ balance: 0, paid: false });
    // Nobody without credits or premium needs an account row.
    const accounts = await db.selectFrom('credit_accounts').select('user_id').execute();
    expect(accounts.map((a) => a.user_id).sort()).toEqual([ids.rich, ids.free, ids.paidBroke].sort());

    // The ledger, adopted in place: same ids and dates, signed amounts, the old ref in the reason.
    expect((await credits.entries(ids.rich)).reverse()).toMatchObject([
      { amount: 50, balance_after: 50, reason: 'opening', reference: null },
      { amount: -5, balance_after: 45, reason: 'chat:text conversation:7', reference: null },
    ]);
    const after = await sql<{ id: number; created_at: Date }>`SELECT id, created_at FROM credit_ledger ORDER BY id`.execute(db);
    expect(after.rows).toEqual(before.rows);

    // The old columns are gone: nothing can keep a second, stale balance.
    const { rows: cols } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'users'`.execute(db);
    expect(cols.map((c) => c.column_name)).not.toContain('credits');
    expect(cols.map((c) => c.column_name)).not.toContain('paid_user');

    // And the service carries on from the copied state, the ledger still summing to the balance.
    expect(await credits.spend(ids.rich, 40, 'chat:gift')).toEqual({ status: 'spent', balance: 5 });
    expect(await credits.grant(ids.free, 100, 'purchase', 'payment:1')).toEqual({ status: 'granted', balance: 105 });
    expect(await credits.grant(ids.free, 100, 'purchase', 'payment:1')).toEqual({ status: 'duplicate', balance: 105 });
    for (const id of Object.values(ids)) {
      const sum = (await credits.entries(id)).reduce((s, e) => s + e.amount, 0);
      expect(sum, `ledger of ${id}`).toBe(await credits.balance(id));
    }
  });
});
