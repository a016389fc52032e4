import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { User } from '../contract.ts';

// What other plugins may read and change of the `users` table, which only auth writes
// (kernel/data-ownership.test.ts). Each takes the caller's connection or transaction. Re-exported
// from ../server.ts as `accounts`.

/** The account's own columns (account settings, mails), deleted or not. */
export const account = (db: DB, id: number) => db.selectFrom('users')
  .select(['id', 'email', 'status', 'language', 'password_hash', 'deleted_at', 'disabled_at']).where('id', '=', id).executeTakeFirst();

/** When the member signed up (welcome bonuses count from it); null when no such account. */
export async function signupDate(db: DB, id: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('signup_date').where('id', '=', id).executeTakeFirst();
  return row ? new Date(row.signup_date) : null;
}

/** Address and language of a live (not deleted) account, for mails and notices. */
export const contact = (db: DB, id: number) => db.selectFrom('users')
  .select(['id', 'email', 'language', 'status']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

/**
 * Locks the member's account row until the transaction ends: one member's actions that check a
 * limit against what the previous one committed (sends, swipes, uploads) run one at a time.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows that refer to the account (a conversation, a like) take a
 * KEY SHARE lock on it for their foreign key, which FOR UPDATE blocks; two members starting the same
 * conversation at the same moment, each holding their own row, then deadlocked on PostgreSQL.
 */
export async function lock(trx: DB, id: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forNoKeyUpdate().execute();
}

/**
 * Confirms the account (status active), optionally with a new address; `liveOnly`: not while the
 * account is deleted. True when a row changed.
 */
export async function confirm(db: DB, id: number, opts: { email?: string; liveOnly?: boolean } = {}): Promise<boolean> {
  const r = await db.updateTable('users').set({ status: 'active', ...(opts.email !== undefined ? { email: opts.email } : {}) })
    .where('id', '=', id).$if(!!opts.liveOnly, (qb) => qb.where('deleted_at', 'is', null)).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the account deleted at `at` (null: reactivated). */
export async function setDeleted(db: DB, id: number, at: Date | null): Promise<void> {
  await db.updateTable('users').set({ deleted_at: at }).where('id', '=', id).execute();
}

/** Accounts deleted before `cutoff` (to be erased). */
export async function deletedBefore(db: DB, cutoff: Date): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('deleted_at', '<', cutoff).execute();
  return rows.map((r) => Number(r.id));
}

/** Last activity (demo members are given one when seeded). */
export async function setLastSeen(db: DB, id: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_seen: at }).where('id', '=', id).execute();
}

/** The notification categories the member switched off. */
export async function notificationsDisabled(db: DB, id: number): Promise<string[]> {
  const row = await db.selectFrom('users').select('notifications_disabled').where('id', '=', id).executeTakeFirst();
  const v: unknown = row?.notifications_disabled;
  return (typeof v === 'string' ? JSON.parse(v) as string[] : v as string[] | null | undefined) ?? [];
}

export async function setNotificationsDisabled(db: DB, id: number, list: User['notifications_disabled']): Promise<void> {
  await db.updateTable('users').set({ notifications_disabled: JSON.stringify(list) }).where('id', '=', id).execute();
}

/**
 * Many accounts made in SQL alone (demo and benchmark members): `rows` is a SELECT of
 * (email, status, signup_date, last_seen). Returns the number inserted.
 */
export async function insertMany(db: DB, rows: RawBuilder<unknown>): Promise<number> {
  const r = await sql`INSERT INTO users (email, status, signup_date, last_seen) ${rows}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** SQL: the id of the account with this (lower-case) address, null when none (bulk seeding). */
export const idByEmail = (email: RawBuilder<unknown>) => sql<number | null>`(SELECT id FROM users WHERE lower(email) = ${email})`;

/**
 * SQL: `JOIN users <alias>` on the live (not deleted) account of the member whose id is `id`
 * (`active`: confirmed ones only), for another plugin's batch query that needs <alias>.email and
 * <alias>.language in the same statement (one query for a batch instead of one per member).
 */
export const joinLive = (alias: string, id: RawBuilder<unknown>, opts: { active?: boolean } = {}) => {
  const a = sql.id(alias);
  return sql`JOIN users ${a} ON ${a}.id = ${id} AND ${a}.deleted_at IS NULL${opts.active ? sql` AND ${a}.status = 'active'` : sql``}`;
};

// --- The operator console's members section (plugins/account/server/console.ts) ----------------

const consoleColumns = ['id', 'email', 'status', 'role', 'language', 'signup_date', 'created_at', 'last_seen', 'deleted_at', 'disabled_at'] as const;

/**
 * Accounts whose address contains `term` (any case) or whose id is among `ids` (a typed id, the
 * members found by name), and among `only` when given; newest first, one page; with how many there are in all.
 */
export async function consoleSearch(db: DB, opts: { term: string | null; ids: readonly number[]; only?: readonly number[]; limit: number; offset: number }) {
  if (opts.only && !opts.only.length) return { rows: [], total: 0 };
  const ids = [...new Set(opts.ids)];
  const term = opts.term;
  const base = db.selectFrom('users')
    .$if(term != null, (qb) => qb.where((eb) => eb.or([
      eb('email', 'ilike', `%${term!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ...(ids.length ? [eb('id', 'in', ids)] : []),
    ])))
    // Only among these (the members who signed up on a domain).
    .$if(!!opts.only, (qb) => qb.where('id', 'in', [...opts.only!]));
  const [rows, count] = await Promise.all([
    base.select([...consoleColumns]).orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(count.n) };
}

/** One account as the console shows it (deleted or not), with its last login; undefined: no such account. */
export async function consoleAccount(db: DB, id: number) {
  const row = await db.selectFrom('users').select([...consoleColumns]).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const last = await db.selectFrom('auth_known_addresses').select((eb) => eb.fn.max('last_login').as('at')).where('user_id', '=', id).executeTakeFirst();
  return { ...row, id: Number(row.id), last_login: (last?.at as Date | string | null | undefined) ?? null };
}

/**
 * The addresses the account logged in from, the latest login from each first (auth keeps one row
 * per address, for the login throttle; addresses unused for half a year are forgotten).
 */
export async function loginHistory(db: DB, id: number, limit = 50) {
  return db.selectFrom('auth_known_addresses').select(['ip', 'last_login']).where('user_id', '=', id)
    .orderBy('last_login', 'desc').limit(limit).execute();
}

/** Disables the account (`at`) or enables it again (null). Its sessions are the caller's to end. */
export async function setDisabled(db: DB, id: number, at: Date | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
}
