import { sql } from 'kysely';
import type { AnyDB } from '../../../kernel/server/db.ts';
import type { Storage } from '../../../kernel/server/storage.ts';
import { PAGE_SIZE, type MembersQuery, type Profile, type ProfileSummary } from '../contract.ts';
import { imageView } from './images.ts';

const ONLINE_MINUTES = 10;

export interface ViewContext { storage: Storage; cdnPrefix: string }

const summaryColumns = sql`p.user_id AS id, p.name, p.gender, p.country, p.region, p.city,
  date_part('year', age(p.birthdate))::int AS age,
  (u.last_seen > now() - make_interval(mins => ${ONLINE_MINUTES})) AS online,
  ph.file_key AS photo_key, ph.status AS photo_status`;

type SummaryRow = Omit<ProfileSummary, 'main_image'> & { photo_key: string | null; photo_status: string | null };

const toSummary = (ctx: ViewContext, r: SummaryRow): ProfileSummary => ({
  id: Number(r.id), name: r.name, gender: r.gender, age: Number(r.age), city: r.city, country: r.country,
  region: r.region, online: Boolean(r.online),
  main_image: r.photo_key ? imageView(ctx.storage, ctx.cdnPrefix, r.photo_key, r.photo_status ?? 'approved') : null,
});

/** Member search: visible, active profiles matching the filters, most recently active first. */
export async function searchMembers(db: AnyDB, ctx: ViewContext, q: MembersQuery, viewerId: number | null) {
  const page = q.page ?? 1;
  const conds = [sql`p.status = 'active'`, sql`NOT p.invisible`];
  if (viewerId != null) conds.push(sql`p.user_id <> ${viewerId}`);
  if (q.gender) conds.push(sql`p.gender = ${q.gender}`);
  if (q.country) conds.push(sql`p.country = ${q.country}`);
  if (q.countryregion) conds.push(sql`p.region = ${q.countryregion}`);
  // Age bounds as birthdate bounds so the index on birthdate is used.
  if (q.min_age != null) conds.push(sql`p.birthdate <= (current_date - make_interval(years => ${q.min_age}))`);
  if (q.max_age != null) conds.push(sql`p.birthdate > (current_date - make_interval(years => ${q.max_age + 1}))`);
  const where = sql.join(conds, sql` AND `);
  const [{ rows: countRows }, { rows }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM profiles p WHERE ${where}`.execute(db),
    sql<SummaryRow>`SELECT ${summaryColumns}
      FROM profiles p JOIN users u ON u.id = p.user_id
      LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main
      WHERE ${where}
      ORDER BY u.last_seen DESC NULLS LAST, p.user_id DESC
      LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`.execute(db),
  ]);
  return { profiles: rows.map((r) => toSummary(ctx, r)), total: Number(countRows[0]?.n ?? 0), page, per_page: PAGE_SIZE };
}

/** One profile with its attributes and photos; null when absent or not shown to this viewer. */
export async function loadProfile(db: AnyDB, ctx: ViewContext, id: number, viewerId: number | null): Promise<Profile | null> {
  const { rows } = await sql<SummaryRow & Omit<Profile, keyof ProfileSummary | 'images'> & { status: string }>`
    SELECT ${summaryColumns}, p.sexuality, p.hair_color, p.eye_color, p.body_type, p.relationship_status,
      p.tattoos, p.signup_reason, p.interests, p.about, p.status
    FROM profiles p JOIN users u ON u.id = p.user_id AND u.deleted_at IS NULL
    LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main
    WHERE p.user_id = ${id}`.execute(db);
  const r = rows[0];
  if (!r || (r.status !== 'active' && r.id !== viewerId)) return null;
  const photos = await db.selectFrom('photos').select(['file_key', 'status']).where('user_id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'approved'), eb('user_id', '=', viewerId ?? -1)]))
    .orderBy('is_main', 'desc').orderBy('position').orderBy('id').execute();
  return {
    ...toSummary(ctx, r),
    sexuality: r.sexuality, hair_color: r.hair_color, eye_color: r.eye_color, body_type: r.body_type,
    relationship_status: r.relationship_status, tattoos: r.tattoos, signup_reason: r.signup_reason,
    interests: r.interests, about: r.about,
    images: photos.map((p) => imageView(ctx.storage, ctx.cdnPrefix, p.file_key, p.status)),
  };
}

/** The `profile` part of the auth user object. */
export async function userProfile(db: AnyDB, ctx: ViewContext, userId: number) {
  const row = await db.selectFrom('profiles as p').leftJoin('photos as ph', (j) => j.onRef('ph.user_id', '=', 'p.user_id').on('ph.is_main', '=', true))
    .select(['p.name', 'p.country', 'p.status', 'ph.file_key', 'ph.status as photo_status'])
    .where('p.user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name, country: row.country, status: row.status,
    main_image: row.file_key ? imageView(ctx.storage, ctx.cdnPrefix, row.file_key, row.photo_status) : null,
  };
}
