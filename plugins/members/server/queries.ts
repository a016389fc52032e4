import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { Storage } from '../../../kernel/server/storage.ts';
import { HttpError } from '../../../kernel/server/errors.ts';
import { PAGE_SIZE, PHOTO_LIMITS, type Audience, type MembersQuery, type MembersResponse, type OwnProfile, type Profile, type ProfileSummary, type UserProfile } from '../contract.ts';
import { imageView, photoAccess, type PhotoRow } from './images.ts';
import { paidSql, paidUser } from '../../credits/server.ts';
import { audienceWhere } from './audience.ts';

const ONLINE_MINUTES = 10;

export interface Viewer { id: number | null; premium: boolean }
export interface ViewContext { storage: Storage; cdnPrefix: string; viewer: Viewer }

export async function loadViewer(db: DB, userId: number | null): Promise<Viewer> {
  if (userId == null) return { id: null, premium: false };
  return { id: userId, premium: await paidUser(db, userId) };
}

// `online`: seen in the last minutes, and never for a member in invisible mode. p.last_seen and
// p.account_deleted are the profile's copies of the account's (auth's users table, kept in step by
// triggers: migration 004), so no member query reads users.
export const summaryColumns = sql`p.user_id AS id, p.name, p.gender, p.country, p.region, p.city,
  date_part('year', age(p.birthdate))::int AS age,
  (NOT p.invisible AND p.last_seen > now() - make_interval(mins => ${ONLINE_MINUTES})) AS online, ${paidSql(sql`p.user_id`)} AS premium, p.fictional,
  ph.id AS photo_id, ph.file_key AS photo_key, ph.status AS photo_status`;

export const summaryJoins = sql`LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main`;

export type SummaryRow = Omit<ProfileSummary, 'main_image'> & { photo_id: number | null; photo_key: string | null; photo_status: string | null };

export const toSummary = (ctx: ViewContext, r: SummaryRow): ProfileSummary => ({
  id: Number(r.id), name: r.name, gender: r.gender, age: Number(r.age), city: r.city, country: r.country,
  region: r.region, online: Boolean(r.online), premium: Boolean(r.premium), fictional: Boolean(r.fictional),
  main_image: r.photo_key
    ? imageView(ctx.storage, ctx.cdnPrefix, { id: Number(r.photo_id), file_key: r.photo_key, status: r.photo_status ?? 'approved', is_main: true },
      photoAccess(ctx.viewer, Number(r.id), true))
    : null,
});

/** SQL condition on `p`: a real member, or a fictional profile meant for this niche's domains (or for every niche). */
export const fictionalShownOn = (niche: number) =>
  sql`(NOT p.fictional OR cardinality(p.fictional_niches) = 0 OR ${niche}::smallint = ANY(p.fictional_niches))`;

/** Neither has blocked the other. */
// As `NOT IN` over the viewer's blocks both ways: the planner reads them once into a hash instead
// of probing blocks for every candidate row (a search may walk thousands).
export const notBlocked = (viewerId: number | null, other: RawBuilder<unknown> = sql`p.user_id`) => (viewerId == null ? sql`true` : sql`${other} NOT IN (
  SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${viewerId} UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${viewerId})`);

/** Profile summaries of these members in this order (for likes, matches, swipe cards). */
export async function summariesOf(db: DB, ctx: ViewContext, ids: number[]): Promise<ProfileSummary[]> {
  if (!ids.length) return [];
  const { rows } = await sql<SummaryRow>`SELECT ${summaryColumns} FROM profiles p ${summaryJoins}
    WHERE p.user_id = ANY(${ids}::int[]) AND NOT p.account_deleted AND p.status = 'active' AND ${notBlocked(ctx.viewer.id)}`.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.id), toSummary(ctx, r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Above this many matches a search says "1000+" instead of counting on (`total_capped`). */
export const TOTAL_CAP = 1000;
/**
 * With interests, the most recently active matches of this many (10 pages; the match finder shows
 * the first) are ranked by shared interests; later pages follow last activity.
 */
export const RANK_WINDOW = PAGE_SIZE * 10;

/** Whether a search names a filter of its own (the page and `similar` do not count). */
export const hasOwnFilter = (q: MembersQuery) => Boolean(q.gender || q.country || q.countryregion || q.min_age != null
  || q.max_age != null || (q.interests ?? '').split(',').some(Boolean));

/**
 * The part of a site's audience that can still come first in a search with the member's own
 * filter: null when nobody the filter lets through can be in it (a gender or an age range outside
 * the audience's), the gender dropped when the filter asks for one of the audience's.
 */
export function frontAudience(audience: Audience, q: MembersQuery): Audience | null {
  const a = { ...audience };
  if (q.gender && a.genders?.length) {
    if (!a.genders.includes(q.gender)) return null;
    delete a.genders;
  }
  if (q.min_age != null && a.max_age != null && q.min_age > a.max_age) return null;
  if (q.max_age != null && a.min_age != null && q.max_age < a.min_age) return null;
  return audienceWhere(a).length ? a : null;
}

/**
 * How a site's audience shapes a search: a search without a filter of the member's own shows the
 * audience only (`only`); one with a filter shows everyone it matches, the audience first (`first`).
 * Its `key` tells cached lists and totals apart (empty on a site without an audience).
 */
export function audienceRule(audience: Audience, q: MembersQuery): { only: Audience | null; first: Audience | null; key: string } {
  if (!audienceWhere(audience).length) return { only: null, first: null, key: '' };
  if (!hasOwnFilter(q)) return { only: audience, first: null, key: `only:${JSON.stringify(audience)}` };
  const first = frontAudience(audience, q);
  return { only: null, first, key: first ? `first:${JSON.stringify(first)}` : '' };
}

/**
 * The SQL of one search: `page` (the profiles of the asked page, in order) and `count` (matches,
 * counted up to TOTAL_CAP + 1 only). Null when nothing can match. Exported for the benchmark's EXPLAIN.
 *
 * Every page query walks one of the profile indexes that hold the filter columns in result order
 * (last activity, then id: a total order, so pages never overlap or skip), joining users only to
 * leave out deleted accounts; the photo and user columns are fetched for the 24 rows shown only.
 * Interests: members sharing at least one asked-for interest (`&&`, GIN index), the most recently
 * active RANK_WINDOW of them ordered by how many they share, then the rest by last activity, so
 * no search scores every row.
 *
 * The site's audience (members/contract.ts `audienceOf`, see `audienceRule`): without a filter of
 * the member's own it is the filter; with one, its members come first (`front`), each part in the
 * order above — two index walks, each stopping at the rows the page needs.
 */
export function searchQueries(viewerId: number | null, q: MembersQuery, audience: Audience = {}, niche?: number) {
  const page = q.page ?? 1;
  const offset = (page - 1) * PAGE_SIZE;
  const rule = audienceRule(audience, q);
  // account_deleted mirrors users.deleted_at (migration 004), so the walk reads no users rows.
  const base = [sql`p.status = 'active'`, sql`NOT p.invisible`, sql`NOT p.account_deleted`, notBlocked(viewerId)];
  if (viewerId != null) base.push(sql`p.user_id <> ${viewerId}`);
  if (q.gender) base.push(sql`p.gender = ${q.gender}`);
  if (q.country) base.push(sql`p.country = ${q.country}`);
  if (rule.only) base.push(...audienceWhere(rule.only));
  // Fictional profiles show on the domains of their niches only (none listed: every niche).
  if (niche != null) base.push(fictionalShownOn(niche));
  const ageBounds = (min?: number, max?: number) => [
    // Age bounds as birthdate bounds so the index on birthdate is used.
    ...(min != null ? [sql`p.birthdate <= (current_date - make_interval(years => ${min}))`] : []),
    ...(max != null ? [sql`p.birthdate > (current_date - make_interval(years => ${max + 1}))`] : []),
  ];
  const exact = [...(q.countryregion ? [sql`p.region = ${q.countryregion}`] : []), ...ageBounds(q.min_age, q.max_age)];
  let conds = [...base, ...exact];
  if (q.similar) {
    if (!exact.length) return null;
    const widened = ageBounds(q.min_age != null ? Math.max(18, q.min_age - 5) : undefined, q.max_age != null ? q.max_age + 5 : undefined);
    conds = [...base, ...widened, sql`NOT (${sql.join(exact, sql` AND `)})`];
  }
  const interests = [...new Set((q.interests ?? '').split(',').filter(Boolean))];
  if (interests.length) conds.push(sql`p.interests && ${interests}::text[]`);
  const where = sql.join(conds, sql` AND `);
  const matches = sql`FROM profiles p WHERE ${where}`;
  const order = sql`p.last_seen DESC NULLS LAST, p.user_id DESC`;
  const sharedOf = (col: RawBuilder<unknown>) => sql`(SELECT count(*) FROM unnest(${col}) i WHERE i = ANY(${interests}::text[]))::int`;
  const front = rule.first ? sql.join(audienceWhere(rule.first), sql` AND `) : null;
  /** The first `limit` matches in result order (audience first) with these profile columns and `front`. */
  const walk = (cols: RawBuilder<unknown>, limit: number) => (front
    ? sql`SELECT * FROM ((SELECT ${cols}, 1 AS front ${matches} AND ${front} ORDER BY ${order} LIMIT ${limit})
        UNION ALL (SELECT ${cols}, 0 AS front ${matches} AND (${front}) IS NOT TRUE ORDER BY ${order} LIMIT ${limit})) w
        ORDER BY w.front DESC, w.last_seen DESC NULLS LAST, w.user_id DESC LIMIT ${limit}`
    : sql`SELECT ${cols}, 0 AS front ${matches} ORDER BY ${order} LIMIT ${limit}`);
  const hits = interests.length && offset < RANK_WINDOW
    ? sql`WITH recent AS (${walk(sql`p.user_id, p.last_seen, p.interests`, RANK_WINDOW)}),
        hits AS (SELECT user_id, last_seen, front, ${sharedOf(sql`interests`)} AS shared
          FROM recent ORDER BY front DESC, shared DESC, last_seen DESC NULLS LAST, user_id DESC LIMIT ${PAGE_SIZE} OFFSET ${offset})`
    : front
      ? sql`WITH hits AS (SELECT user_id, last_seen, front, 0 AS shared FROM (${walk(sql`p.user_id, p.last_seen`, offset + PAGE_SIZE)}) w
          ORDER BY front DESC, last_seen DESC NULLS LAST, user_id DESC LIMIT ${PAGE_SIZE} OFFSET ${offset})`
      : sql`WITH hits AS (SELECT p.user_id, p.last_seen, 0 AS front, 0 AS shared ${matches} ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${offset})`;
  return {
    // The 24 rows' profile and main photo by index lookups.
    page: sql<SummaryRow>`${hits}
      SELECT ${summaryColumns} FROM hits JOIN profiles p ON p.user_id = hits.user_id
        LEFT JOIN LATERAL (SELECT id, file_key, status FROM photos WHERE user_id = hits.user_id AND is_main LIMIT 1) ph ON true
      ORDER BY hits.front DESC, hits.shared DESC, hits.last_seen DESC NULLS LAST, hits.user_id DESC`,
    count: sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 ${matches} LIMIT ${TOTAL_CAP + 1}) m`,
    estimate: sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 ${matches}`,
    /**
     * The first `limit` matching ids in result order, with the shared interests and whether they
     * are of the audience put first (search-cache.ts; built with no viewer).
     */
    candidates: (limit: number) => sql<{ id: number; shared: number; front: number }>`SELECT c.user_id AS id,
      ${interests.length ? sharedOf(sql`c.interests`) : sql`0`} AS shared, c.front
      FROM (${walk(sql`p.user_id, p.last_seen, p.interests`, limit)}) c ORDER BY c.front DESC, c.last_seen DESC NULLS LAST, c.user_id DESC`,
    interests: interests.length > 0,
    /** What of the audience shaped it (part of cache keys). */
    audienceKey: rule.key,
    offset,
  };
}

/**
 * Filter sets known to match more than TOTAL_CAP, for CAPPED_MS: paging through "1000+" results
 * (or another member asking the same) costs no counting. Who the viewer is (self, blocks) moves a
 * count by a handful at most, so the verdict is shared.
 */
const cappedByDb = new WeakMap<DB, Map<string, number>>();
const CAPPED_MS = 60_000;
/** A filter set as the capped verdict knows it; `audienceKey` (searchQueries): the site's audience where it is the filter. */
export const filterKey = (q: MembersQuery, audienceKey = '') => JSON.stringify([q.gender, q.country, q.countryregion, q.min_age, q.max_age, q.interests, Boolean(q.similar), audienceKey]);

/** Estimates this many times the cap are trusted as "more than the cap" (statistics: ANALYZE). */
const ESTIMATE_FACTOR = 3;

async function planRows(db: DB, explain: RawBuilder<{ 'QUERY PLAN': unknown }>) {
  const { rows } = await explain.execute(db);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Member search: visible, active profiles matching the filters, most recently active first (with
 * interests: most shared first, see searchQueries). `similar` relaxes the filter (same gender and
 * country, region dropped, ages widened by 5 years) and leaves out the exact matches. `total` is
 * exact up to TOTAL_CAP; above it (counted, or far above by the planner's estimate) `total_capped` is
 * set and `total` is TOTAL_CAP ("1000+"). `audience`: the site's (see audienceRule).
 */
export async function searchMembers(db: DB, ctx: ViewContext, q: MembersQuery, audience: Audience = {}, niche?: number): Promise<MembersResponse> {
  const page = q.page ?? 1;
  const queries = searchQueries(ctx.viewer.id, q, audience, niche);
  if (!queries) return { profiles: [], total: 0, total_capped: false, page, per_page: PAGE_SIZE };
  const { rows } = await queries.page.execute(db);
  let n: number;
  const key = filterKey(q, queries.audienceKey.startsWith('only:') ? queries.audienceKey : '');
  let cappedUntil = cappedByDb.get(db);
  if (!cappedUntil) cappedByDb.set(db, cappedUntil = new Map());
  // A short page (or an empty first one) already tells the total: no counting.
  if (rows.length < PAGE_SIZE && (rows.length > 0 || queries.offset === 0)) n = queries.offset + rows.length;
  // These filters matched more than the cap a moment ago (for any viewer): still "1000+".
  else if ((cappedUntil.get(key) ?? 0) > Date.now()) n = TOTAL_CAP + 1;
  // Far more than the cap by the planner's estimate: "1000+" without reading a thousand rows.
  else if (await planRows(db, queries.estimate) >= ESTIMATE_FACTOR * TOTAL_CAP) n = TOTAL_CAP + 1;
  else n = Number((await queries.count.execute(db)).rows[0]?.n ?? 0);
  if (n > TOTAL_CAP) {
    if (cappedUntil.size >= 10_000) cappedUntil.clear();
    cappedUntil.set(key, Date.now() + CAPPED_MS);
  }
  return {
    profiles: rows.map((r) => toSummary(ctx, r)),
    total: Math.min(n, TOTAL_CAP), total_capped: n > TOTAL_CAP, page, per_page: PAGE_SIZE,
  };
}

type DetailRow = SummaryRow & Omit<Profile, keyof ProfileSummary | 'images' | 'locked_images' | 'blocked'> & {
  status: string; birthdate: string | Date; invisible: boolean;
};

async function detailRow(db: DB, id: number) {
  const { rows } = await sql<DetailRow>`
    SELECT ${summaryColumns}, p.sexuality, p.hair_color, p.eye_color, p.body_type, p.relationship_status,
      p.tattoos, p.signup_reason, p.interests, p.about, p.status, to_char(p.birthdate, 'YYYY-MM-DD') AS birthdate, p.invisible
    FROM profiles p ${summaryJoins}
    WHERE p.user_id = ${id} AND NOT p.account_deleted`.execute(db);
  return rows[0] ?? null;
}

const photosOf = (db: DB, userId: number, all: boolean) => db.selectFrom('photos').select(['id', 'file_key', 'status', 'is_main'])
  .where('user_id', '=', userId).$if(!all, (qb) => qb.where('status', '=', 'approved'))
  .orderBy('is_main', 'desc').orderBy('position').orderBy('id').execute() as Promise<PhotoRow[]>;

function details(ctx: ViewContext, r: DetailRow, photos: PhotoRow[]) {
  const images = photos.map((p) => imageView(ctx.storage, ctx.cdnPrefix, p, photoAccess(ctx.viewer, Number(r.id), p.is_main)));
  return {
    ...toSummary(ctx, r),
    sexuality: r.sexuality, hair_color: r.hair_color, eye_color: r.eye_color, body_type: r.body_type,
    relationship_status: r.relationship_status, tattoos: r.tattoos, signup_reason: r.signup_reason,
    interests: r.interests, about: r.about, images,
    locked_images: images.filter((i) => i.locked).length,
  };
}

/**
 * One profile with its attributes and photos as this viewer may see it; null when absent or not
 * shown. A member who blocked the viewer answers 403 'blocked' naming themself.
 */
export async function loadProfile(db: DB, ctx: ViewContext, id: number): Promise<Profile | null> {
  const r = await detailRow(db, id);
  const viewerId = ctx.viewer.id;
  if (!r || (r.status !== 'active' && Number(r.id) !== viewerId)) return null;
  let blocked = false;
  if (viewerId != null && viewerId !== id) {
    const rows = await db.selectFrom('blocks').select(['blocker_id']).where((eb) => eb.or([
      eb.and([eb('blocker_id', '=', id), eb('blocked_id', '=', viewerId)]),
      eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', id)]),
    ])).execute();
    if (rows.some((b) => b.blocker_id === id)) throw new HttpError(403, 'blocked', `Blocked by ${r.name}: no access.`, { name: r.name });
    blocked = rows.length > 0;
  }
  return { ...details(ctx, r, await photosOf(db, id, Number(r.id) === viewerId)), blocked };
}

export async function loadOwnProfile(db: DB, ctx: ViewContext, userId: number): Promise<OwnProfile | null> {
  const r = await detailRow(db, userId);
  if (!r) return null;
  return {
    ...details(ctx, r, await photosOf(db, userId, true)), blocked: false,
    birthdate: String(r.birthdate), invisible: r.invisible,
    photo_limit: ctx.viewer.premium ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free,
  };
}

/** The `profile` part of the auth user object. */
export async function userProfile(db: DB, ctx: Omit<ViewContext, 'viewer'>, userId: number): Promise<UserProfile | null> {
  const row = await db.selectFrom('profiles as p').leftJoin('photos as ph', (j) => j.onRef('ph.user_id', '=', 'p.user_id').on('ph.is_main', '=', true))
    .select(['p.name', 'p.country', 'p.status', 'p.invisible', 'ph.id as photo_id', 'ph.file_key', 'ph.status as photo_status'])
    .where('p.user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name, country: row.country, status: row.status, invisible: row.invisible,
    main_image: row.file_key
      ? imageView(ctx.storage, ctx.cdnPrefix, { id: Number(row.photo_id), file_key: row.file_key, status: row.photo_status ?? 'approved', is_main: true }, 'full')
      : null,
  };
}
