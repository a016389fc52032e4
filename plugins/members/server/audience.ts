import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { audienceOf, type Audience, type Gender } from '../contract.ts';

/**
 * The SQL conditions of an audience on the profile alias `p` (members' own table): gender,
 * orientation (whom they look for, from gender and sexuality), age, body type, interests.
 */
export function audienceWhere(a: Audience): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (a.genders?.length) out.push(sql`p.gender = ANY(${[...a.genders]}::text[])`);
  if (a.seeking?.length) {
    // Who a member looks for: hetero the other gender, gay/lesbian their own, bi both.
    const seeks = (g: Gender) => sql`((p.gender = ${g} AND p.sexuality IN ('gay', 'lesbian', 'bi'))
      OR (p.gender <> ${g} AND p.sexuality IN ('hetero', 'bi')))`;
    out.push(sql`(${sql.join(a.seeking.map(seeks), sql` OR `)})`);
  }
  if (a.min_age != null) out.push(sql`p.birthdate <= (current_date - make_interval(years => ${a.min_age}))`);
  if (a.max_age != null) out.push(sql`p.birthdate > (current_date - make_interval(years => ${a.max_age + 1}))`);
  if (a.body_types?.length) out.push(sql`p.body_type = ANY(${[...a.body_types]}::text[])`);
  if (a.interests_any?.length) out.push(sql`p.interests && ${[...a.interests_any]}::text[]`);
  return out;
}

/**
 * Members a visitor may be shown on this site: active, findable (not invisible, account there), with a main photo.
 * Fictional profiles are not: the landers' pages do not carry the fictional mark (members pages do).
 */
const LISTED = sql`p.status = 'active' AND NOT p.invisible AND NOT p.account_deleted AND NOT p.fictional
  AND EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.user_id AND ph.is_main)`;

const conditions = (site: Pick<SiteSettings, 'niche' | 'niche_audience'>, extra: RawBuilder<unknown>[] = []) =>
  sql.join([LISTED, ...audienceWhere(audienceOf(site)), ...extra], sql` AND `);

export interface NichePick {
  limit: number;
  /** Members of this country first. */
  country?: string;
  /** Only members of this region (of `country`). */
  region?: string;
  /** Only members seen within this many minutes ("online now"). */
  seenWithinMinutes?: number;
  /** Only members with at least one of these interests. */
  interests?: readonly string[];
  /** Skip these (already shown). */
  exclude?: readonly number[];
}

/** Ids of the site's niche members to show visitors, most recently active first (own country first). */
export async function pickNicheMembers(db: DB, site: Pick<SiteSettings, 'niche' | 'niche_audience'>, q: NichePick): Promise<number[]> {
  const extra: RawBuilder<unknown>[] = [];
  if (q.region) extra.push(sql`p.region = ${q.region}`);
  if (q.region && q.country) extra.push(sql`p.country = ${q.country}`);
  if (q.seenWithinMinutes) extra.push(sql`p.last_seen > now() - make_interval(mins => ${q.seenWithinMinutes})`);
  if (q.interests?.length) extra.push(sql`p.interests && ${[...q.interests]}::text[]`);
  // Only ids a member can have (a positive int4): anything else names nobody, and would not cast.
  const exclude = (q.exclude ?? []).filter((id) => Number.isInteger(id) && id >= 1 && id <= 2147483647);
  if (exclude.length) extra.push(sql`p.user_id <> ALL(${exclude}::int[])`);
  const { rows } = await sql<{ id: number }>`SELECT p.user_id AS id FROM profiles p WHERE ${conditions(site, extra)}
    ORDER BY (p.country = ${q.country ?? ''}) DESC, p.last_seen DESC NULLS LAST, p.user_id LIMIT ${q.limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** How many of the site's niche members live in each region of a country (never where exactly). */
export async function nicheRegionCounts(db: DB, site: Pick<SiteSettings, 'niche' | 'niche_audience'>, country: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ region: string; n: number }>`SELECT p.region, count(*)::int AS n FROM profiles p
    WHERE p.country = ${country} AND ${conditions(site)} GROUP BY p.region`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.region, Number(r.n)]));
}

/** How many of the site's niche members share each of these interests, and how many share any. */
export async function nicheInterestCounts(db: DB, site: Pick<SiteSettings, 'niche' | 'niche_audience'>, interests: readonly string[]):
  Promise<{ any: number; each: Record<string, number> }> {
  if (!interests.length) return { any: 0, each: {} };
  const { rows } = await sql<{ k: string; n: number }>`SELECT k, count(*)::int AS n FROM profiles p, unnest(p.interests) AS k
    WHERE k = ANY(${[...interests]}::text[]) AND ${conditions(site)} GROUP BY k`.execute(db);
  const any = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profiles p
    WHERE p.interests && ${[...interests]}::text[] AND ${conditions(site)}`.execute(db);
  return { any: Number(any.rows[0]?.n ?? 0), each: Object.fromEntries(rows.map((r) => [r.k, Number(r.n)])) };
}

/** Whether a member may be shown on a profile lander: listed (active, not invisible, account there, a main photo). */
export async function isListed(db: DB, id: number): Promise<boolean> {
  const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok FROM profiles p WHERE p.user_id = ${id} AND ${LISTED}`.execute(db);
  return rows.length > 0;
}
