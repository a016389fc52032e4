import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { Clock } from './clock.ts';

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * One-time tokens for links sent by mail (activation, password reset, email change, reactivation):
 * random 256 bits, stored only as a SHA-256, single use, with an expiry.
 */
export interface Tokens {
  issue(opts: { purpose: string; userId: number; ttlMs: number; data?: Record<string, unknown>; db?: DB }): Promise<string>;
  /** Uses the token up; null when unknown, used, expired or for another purpose. */
  consume(purpose: string, token: string, db?: DB): Promise<{ userId: number; data: Record<string, unknown> } | null>;
  /** Looks without using it up (e.g. to show the "new password" form only for a live link). */
  peek(purpose: string, token: string): Promise<{ userId: number; data: Record<string, unknown> } | null>;
  /** Tokens of this purpose issued to the member since `sinceMs` ago (per-account mail limits). */
  countRecent(purpose: string, userId: number, sinceMs: number): Promise<number>;
  /** How many tokens of this purpose the member was issued since `since`, and when the last one was. */
  issuedSince(purpose: string, userId: number, since: Date, db?: DB): Promise<{ count: number; last: Date | null }>;
  /** Deletes every token of the member (an erased account leaves nothing behind). */
  forget(userId: number, db?: DB): Promise<void>;
  /**
   * Makes the member's open links of these purposes (all when none given) unusable, e.g. reset and
   * e-mail-change links once the password or the address changed; they still count for the per-day limits.
   */
  revoke(userId: number, purpose?: string | string[], db?: DB): Promise<void>;
  /** Forgets tokens that expired long ago. */
  cleanup(olderThanMs: number): Promise<void>;
}

export const tokenMigrations: Migration[] = [{
  name: '002_tokens',
  async up(db) {
    await sql`CREATE TABLE kernel_tokens (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL,
      user_id integer NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz)`.execute(db);
    await sql`CREATE INDEX kernel_tokens_user ON kernel_tokens (user_id, purpose, created_at)`.execute(db);
  },
}];

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;
const wellFormed = (token: string) => typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token);

export function dbTokens(db: DB, clock: Clock): Tokens {
  return {
    async issue({ purpose, userId, ttlMs, data = {}, db: on = db }) {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = clock.now();
      await on.insertInto('kernel_tokens').values({
        token_hash: hash(token), purpose, user_id: userId, data: JSON.stringify(data),
        created_at: now, expires_at: new Date(now.getTime() + ttlMs),
      }).execute();
      return token;
    },
    async consume(purpose, token, on = db) {
      if (!wellFormed(token)) return null;
      const now = clock.now();
      // One UPDATE decides: two clicks racing on the same link cannot both win.
      const row = await on.updateTable('kernel_tokens').set({ used_at: now })
        .where('token_hash', '=', hash(token)).where('purpose', '=', purpose)
        .where('used_at', 'is', null).where('expires_at', '>', now)
        .returning(['user_id', 'data']).executeTakeFirst();
      return row ? { userId: Number(row.user_id), data: parse(row.data) } : null;
    },
    async peek(purpose, token) {
      if (!wellFormed(token)) return null;
      const row = await db.selectFrom('kernel_tokens').select(['user_id', 'data'])
        .where('token_hash', '=', hash(token)).where('purpose', '=', purpose)
        .where('used_at', 'is', null).where('expires_at', '>', clock.now()).executeTakeFirst();
      return row ? { userId: Number(row.user_id), data: parse(row.data) } : null;
    },
    async countRecent(purpose, userId, sinceMs) {
      const row = await db.selectFrom('kernel_tokens').select(sql<number>`count(*)::int`.as('n'))
        .where('purpose', '=', purpose).where('user_id', '=', userId)
        .where('created_at', '>', new Date(clock.now().getTime() - sinceMs)).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async issuedSince(purpose, userId, since, on = db) {
      const row = await on.selectFrom('kernel_tokens')
        .select([sql<Date | string | null>`max(created_at)`.as('last'), sql<number>`count(*)::int`.as('n')])
        .where('purpose', '=', purpose).where('user_id', '=', userId).where('created_at', '>', since).executeTakeFirst();
      return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
    },
    async forget(userId, on = db) {
      await on.deleteFrom('kernel_tokens').where('user_id', '=', userId).execute();
    },
    async revoke(userId, purpose, on = db) {
      let q = on.updateTable('kernel_tokens').set({ used_at: clock.now() }).where('user_id', '=', userId).where('used_at', 'is', null);
      if (Array.isArray(purpose)) {
        if (!purpose.length) return;
        q = q.where('purpose', 'in', purpose);
      } else if (purpose) q = q.where('purpose', '=', purpose);
      await q.execute();
    },
    async cleanup(olderThanMs) {
      await db.deleteFrom('kernel_tokens').where('expires_at', '<', new Date(clock.now().getTime() - olderThanMs)).execute();
    },
  };
}
