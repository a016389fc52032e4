import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { Audience, Gender } from '../contract.ts';
import { notBlocked } from './queries.ts';
import { audienceWhere } from './audience.ts';

export interface CandidatePick {
  viewerId: number;
  genders: readonly Gender[];
  /** Members of this country come first. */
  country: string;
  /**
   * 'listed': members others can find (not invisible, account not deleted), most recently active
   * first (swipe cards); 'demo': demo (seeded) members in random order (auto-likes).
   */
  kind: 'listed' | 'demo';
  /**
   * Members of this audience come first, before the own country (a niche site's: `audienceOf(site)`
   * of members/contract.ts); the others follow.
   */
  audience?: Audience;
  /** The caller's own conditions on a candidate, given its id as an SQL expression (e.g. "not liked yet"). */
  where?: (id: RawBuilder<number>) => RawBuilder<unknown>[];
  limit: number;
}

/**
 * Ids of members with a main photo who could be shown to the viewer as a card: active, not the
 * viewer, of a sought gender, not blocked either way, and passing the caller's conditions; the
 * site's audience first when given, then the viewer's country. One
 * statement (the caller's conditions on its own tables filter while the profiles are walked), so
 * the swipe game and auto-likes never read profiles themselves.
 */
export async function pickCandidates(db: DB, q: CandidatePick): Promise<number[]> {
  const conds = [
    // Fictional profiles are never cards: the swipe cards do not carry the fictional mark.
    q.kind === 'demo' ? sql`p.seed_key IS NOT NULL AND NOT p.fictional` : sql`NOT p.invisible AND NOT p.account_deleted AND NOT p.fictional`,
    ...(q.where?.(sql<number>`p.user_id`) ?? []),
  ];
  // last_seen and account_deleted are the profile's copies of the account's (triggers, migration 004).
  const order = q.kind === 'demo' ? sql`random()` : sql`p.last_seen DESC NULLS LAST, p.user_id`;
  const audience = audienceWhere(q.audience ?? {});
  const first = audience.length ? sql`(${sql.join(audience, sql` AND `)}) IS TRUE DESC, ` : sql``;
  const { rows } = await sql<{ id: number }>`SELECT p.user_id AS id FROM profiles p
      JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main
      WHERE p.status = 'active' AND p.user_id <> ${q.viewerId} AND p.gender = ANY(${q.genders}::text[])
        AND ${sql.join(conds, sql` AND `)} AND ${notBlocked(q.viewerId)}
      ORDER BY ${first}(p.country = ${q.country}) DESC, ${order}
      LIMIT ${q.limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}
