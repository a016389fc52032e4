import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import { serviceRef } from '../../../kernel/server/services.ts';

/** What a spend did. `insufficient`: the balance is below the amount; nothing was written. */
export type SpendResult =
  | { status: 'spent'; balance: number }
  | { status: 'insufficient'; balance: number }
  /** The reference was already used: this spend (or grant) happened before; nothing changed now. */
  | { status: 'duplicate'; balance: number };

export type GrantResult =
  | { status: 'granted'; balance: number }
  /** The reference was already used: credited before; nothing changed now. */
  | { status: 'duplicate'; balance: number };

export interface LedgerEntry {
  id: number;
  amount: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: Date;
}

/**
 * The credits service (injected where a plugin says `deps: { credits: creditsRef }`). Every change
 * to a balance goes through here and leaves a ledger entry (signed amount, balance after, reason,
 * optional reference) in the same transaction, so the entries always sum to the balance, which
 * never goes below zero.
 *
 * `reference` makes a change idempotent: it is unique in the ledger, and a grant or spend whose
 * reference is already there changes nothing and answers `duplicate`, however many arrive at once
 * (a payment's webhook replayed, in parallel: `grant(id, n, 'purchase', 'payment:<id>')`). A
 * reference names one change of one member; the same reference for another member is an error.
 *
 * Pass `trx` to make the change part of the caller's transaction (it then commits or rolls back
 * with what it pays for); without it each call is its own transaction.
 */
export interface CreditsService {
  balance(userId: number, trx?: DB): Promise<number>;
  /** Balance and paid flag in one read (e.g. for a send that checks both). */
  account(userId: number, trx?: DB): Promise<{ balance: number; paid: boolean }>;
  /** Takes `amount` (> 0) if the balance allows it, atomically: parallel spends never overdraw. */
  spend(userId: number, amount: number, reason: string, reference?: string | null, trx?: DB): Promise<SpendResult>;
  /**
   * Takes back up to `upTo` (> 0) credits, as many as the balance holds (a refund or chargeback of
   * credits partly spent already): once per reference. `taken` may be 0 (nothing left to take).
   */
  takeBack(userId: number, upTo: number, reason: string, reference: string, trx?: DB): Promise<{ taken: number; balance: number; duplicate: boolean }>;
  /** Adds `amount` (> 0); once per reference. */
  grant(userId: number, amount: number, reason: string, reference?: string | null, trx?: DB): Promise<GrantResult>;
  /** Premium: has bought credits at least once. */
  isPaid(userId: number, trx?: DB): Promise<boolean>;
  /** The members among `ids` who are premium (member lists, badges, photo access). */
  paidAmong(ids: readonly number[]): Promise<Set<number>>;
  /** Makes the member premium (the first purchase); `changed` is false when they already were. */
  markPaid(userId: number, trx?: DB): Promise<{ changed: boolean }>;
  /** Takes premium back (the member's only purchase was returned or charged back): `changed` when they were. */
  unmarkPaid(userId: number, trx?: DB): Promise<{ changed: boolean }>;
  /** Makes many members premium in one statement (seeding, imports); how many were not already. */
  markPaidAll(ids: readonly number[]): Promise<number>;
  /** The member's ledger, newest first. */
  entries(userId: number, opts?: { limit?: number }): Promise<LedgerEntry[]>;
  /**
   * The ledger entries carrying these references (any member), oldest first: what one payment
   * caused (`payment:<id>`, `refund:<id>`, `reversal:<id>`…), for the operator console.
   */
  byReferences(references: readonly string[], trx?: DB): Promise<(LedgerEntry & { user_id: number })[]>;
}

export const creditsRef = serviceRef<CreditsService>('credits');

/**
 * `paid_user` of the member whose id `userId` (an SQL expression, e.g. sql`p.user_id`) names, as a
 * boolean column: for member lists built in one query. The one place SQL outside this plugin
 * reaches the credits tables.
 */
export const paidSql = (userId: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`COALESCE((SELECT ca.paid_user FROM credit_accounts ca WHERE ca.user_id = ${userId}), false)`;

/** Whether the member is premium (paid_user), read on `db` (a connection or the caller's transaction). */
export async function paidUser(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom('credit_accounts').select('paid_user').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row?.paid_user);
}

const checkAmount = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bad credit amount ${amount}`);
};

/** Runs `fn` in the caller's transaction, or in a new one. */
const inTransaction = <T>(on: DB, fn: (trx: DB) => Promise<T>): Promise<T> =>
  on.isTransaction ? fn(on) : on.transaction().execute(fn);

export function createCreditsService(db: DB): CreditsService {
  async function account(userId: number, on: DB = db) {
    const row = await on.selectFrom('credit_accounts').select(['balance', 'paid_user']).where('user_id', '=', userId).executeTakeFirst();
    return { balance: Number(row?.balance ?? 0), paid: Boolean(row?.paid_user) };
  }

  /**
   * Locks the member's account row (made if missing) for the rest of the transaction and says
   * whether `reference` is already in the ledger. Changes with a reference to one account thus run
   * one at a time, and each sees what the one before committed.
   */
  async function lockAndCheck(trx: DB, userId: number, reference: string): Promise<{ balance: number; used: boolean }> {
    let row = await trx.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) {
      await trx.insertInto('credit_accounts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      row = await trx.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    }
    const used = await trx.selectFrom('credit_ledger').select('user_id').where('reference', '=', reference).executeTakeFirst();
    if (used && Number(used.user_id) !== userId) throw new Error(`credit reference ${reference} belongs to another member`);
    return { balance: Number(row.balance), used: Boolean(used) };
  }

  const record = (trx: DB, userId: number, amount: number, balance: number, reason: string, reference: string | null) =>
    trx.insertInto('credit_ledger').values({ user_id: userId, amount, balance_after: balance, reason, reference }).execute();

  return {
    balance: async (userId, on) => (await account(userId, on)).balance,
    account: (userId, on) => account(userId, on),

    async spend(userId, amount, reason, reference = null, on = db) {
      checkAmount(amount);
      return inTransaction(on, async (trx): Promise<SpendResult> => {
        if (reference != null) {
          const state = await lockAndCheck(trx, userId, reference);
          if (state.used) return { status: 'duplicate', balance: state.balance };
        }
        // The check and the change in one statement: parallel spends cannot both pass the check.
        const row = await trx.updateTable('credit_accounts').set({ balance: sql`balance - ${amount}` })
          .where('user_id', '=', userId).where('balance', '>=', amount).returning('balance').executeTakeFirst();
        if (!row) return { status: 'insufficient', balance: (await account(userId, trx)).balance };
        const balance = Number(row.balance);
        await record(trx, userId, -amount, balance, reason, reference);
        return { status: 'spent', balance };
      });
    },

    async takeBack(userId, upTo, reason, reference, on = db) {
      checkAmount(upTo);
      return inTransaction(on, async (trx) => {
        const state = await lockAndCheck(trx, userId, reference);
        if (state.used) return { taken: 0, balance: state.balance, duplicate: true };
        const taken = Math.min(upTo, state.balance);
        if (taken === 0) return { taken: 0, balance: state.balance, duplicate: false };
        const row = await trx.updateTable('credit_accounts').set({ balance: sql`balance - ${taken}` })
          .where('user_id', '=', userId).returning('balance').executeTakeFirstOrThrow();
        const balance = Number(row.balance);
        await record(trx, userId, -taken, balance, reason, reference);
        return { taken, balance, duplicate: false };
      });
    },

    async grant(userId, amount, reason, reference = null, on = db) {
      checkAmount(amount);
      return inTransaction(on, async (trx): Promise<GrantResult> => {
        if (reference != null) {
          const state = await lockAndCheck(trx, userId, reference);
          if (state.used) return { status: 'duplicate', balance: state.balance };
        }
        const row = await trx.insertInto('credit_accounts').values({ user_id: userId, balance: amount })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ balance: sql`credit_accounts.balance + ${amount}` }))
          .returning('balance').executeTakeFirstOrThrow();
        const balance = Number(row.balance);
        await record(trx, userId, amount, balance, reason, reference);
        return { status: 'granted', balance };
      });
    },

    isPaid: (userId, on = db) => paidUser(on, userId),

    async paidAmong(ids) {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('credit_accounts').select('user_id')
        .where(sql<boolean>`user_id = ANY(${[...ids]}::int[])`).where('paid_user', '=', true).execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    async markPaid(userId, on = db) {
      // A member already premium costs a read, not a write (writes to accounts end cached user views).
      if ((await account(userId, on)).paid) return { changed: false };
      const row = await on.insertInto('credit_accounts').values({ user_id: userId, paid_user: true })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ paid_user: true }).where('credit_accounts.paid_user', '=', false))
        .returning('user_id').executeTakeFirst();
      return { changed: Boolean(row) };
    },

    async unmarkPaid(userId, on = db) {
      const row = await on.updateTable('credit_accounts').set({ paid_user: false })
        .where('user_id', '=', userId).where('paid_user', '=', true).returning('user_id').executeTakeFirst();
      return { changed: Boolean(row) };
    },

    async markPaidAll(ids) {
      if (!ids.length) return 0;
      const { rows } = await sql<{ user_id: number }>`INSERT INTO credit_accounts (user_id, paid_user)
        SELECT id, true FROM unnest(${[...ids]}::int[]) AS id
        ON CONFLICT (user_id) DO UPDATE SET paid_user = true WHERE NOT credit_accounts.paid_user
        RETURNING user_id`.execute(db);
      return rows.length;
    },

    async entries(userId, opts = {}) {
      const rows = await db.selectFrom('credit_ledger').select(['id', 'amount', 'balance_after', 'reason', 'reference', 'created_at'])
        .where('user_id', '=', userId).orderBy('id', 'desc').limit(opts.limit ?? 100).execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount), balance_after: Number(r.balance_after), created_at: new Date(r.created_at) }));
    },

    async byReferences(references, on = db) {
      if (!references.length) return [];
      const rows = await on.selectFrom('credit_ledger').select(['id', 'user_id', 'amount', 'balance_after', 'reason', 'reference', 'created_at'])
        .where('reference', 'in', [...references]).orderBy('id').limit(1000).execute();
      return rows.map((r) => ({
        ...r, id: Number(r.id), user_id: Number(r.user_id), amount: Number(r.amount), balance_after: Number(r.balance_after), created_at: new Date(r.created_at),
      }));
    },
  };
}
