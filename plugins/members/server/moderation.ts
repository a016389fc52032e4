import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../../../kernel/server/db.ts';
import type { Migration } from '../../../kernel/server/migrations.ts';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import { staffOf } from '../../../kernel/server/access.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { accounts } from '../../auth/server.ts';
import {
  MODERATION_CLAIM_MINUTES, MODERATION_PAGE_SIZE,
  consolePhotoClaim, consolePhotoDecide, consolePhotoHide, consolePhotoRelease, consolePhotos,
  consoleReportClaim, consoleReportDecide, consoleReportRelease, consoleReports,
  type ConsolePhoto, type ConsoleProfile, type ConsoleReport, type PhotoDecision, type QueueQuery, type QueueStatus, type ReportDecision, type ReportReason,
} from '../contract.ts';
import { imageView } from './images.ts';
import { DEMO_PHOTO_PREFIX } from './seed/portraits.ts';

// The operator console's moderation: the reports members file (POST /api/report.php) and the
// photos they upload, each a queue item an operator claims (the claim lapses after
// MODERATION_CLAIM_MINUTES), decides and so closes; hiding a photo from a member's page. Every
// change is written to the console's audit log in its own transaction (kernel.audit.record).

export const moderationMigrations: Migration[] = [{
  name: 'moderation_001_queues',
  async up(db) {
    await sql`ALTER TABLE reports
      ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'closed')),
      ADD COLUMN claimed_by integer REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN claimed_at timestamptz,
      ADD COLUMN decision text,
      ADD COLUMN note text NOT NULL DEFAULT '',
      ADD COLUMN decided_by integer REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN closed_at timestamptz`.execute(db);
    await sql`CREATE INDEX reports_queue ON reports (status, created_at)`.execute(db);
    // No row: the photo waits for review. The photo's own status says whether others see it.
    await sql`CREATE TABLE photo_reviews (
      photo_id integer PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'closed')),
      claimed_by integer REFERENCES users(id) ON DELETE SET NULL,
      claimed_at timestamptz,
      decision text CHECK (decision IN ('approved', 'hidden')),
      note text NOT NULL DEFAULT '',
      decided_by integer REFERENCES users(id) ON DELETE SET NULL,
      closed_at timestamptz)`.execute(db);
    await sql`CREATE INDEX photo_reviews_status ON photo_reviews (status)`.execute(db);
    await sql`CREATE INDEX photos_review_queue ON photos (created_at) WHERE file_key NOT LIKE 'seed/%'`.execute(db);
  },
}];

const CLAIM_MS = MODERATION_CLAIM_MINUTES * 60_000;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A queue item's claim columns, as both queues keep them. */
interface ClaimRow {
  status: QueueStatus;
  claimed_by: number | null;
  claimed_at: Date | string | null;
  note: string;
  decided_by: number | null;
  closed_at: Date | string | null;
}

/** A claim nobody decided on within the time is as if never made. */
const lapsed = (r: ClaimRow, now: Date) => r.status === 'claimed' && (r.claimed_at == null || now.getTime() - new Date(r.claimed_at).getTime() >= CLAIM_MS);
const effective = (r: ClaimRow, now: Date): QueueStatus => (lapsed(r, now) ? 'open' : r.status);

/** What an audit row keeps of a queue item. */
const claimAudit = (r: ClaimRow & { decision?: string | null }) => ({
  status: r.status, claimed_by: r.claimed_by, decision: r.decision ?? null, note: r.note, decided_by: r.decided_by,
});

/** Refuses to claim (or decide) what is closed or another operator's live claim. */
function assertClaimable(r: ClaimRow, staffId: number, now: Date, staffEmail: (id: number) => Promise<string>) {
  if (r.status === 'closed') throw new HttpError(409, 'closed', 'This item is closed already.');
  if (r.status === 'claimed' && r.claimed_by !== staffId && !lapsed(r, now)) {
    return staffEmail(r.claimed_by ?? 0).then((by) => {
      throw new HttpError(409, 'claimed_by_other', `Claimed by ${by}.`, { by });
    });
  }
  return Promise.resolve();
}
/** Deciding or releasing needs the caller's own claim. */
function assertMine(r: ClaimRow, staffId: number) {
  if (r.status === 'closed') throw new HttpError(409, 'closed', 'This item is closed already.');
  if (r.status !== 'claimed' || r.claimed_by !== staffId) throw new HttpError(409, 'not_claimed', 'Claim the item first.');
}

type PhotoRow = { id: number; user_id: number; file_key: string; status: string; is_main: boolean; created_at: Date | string };
type ReviewRow = ClaimRow & { decision: PhotoDecision | null };
type ReportRow = ClaimRow & {
  id: number; reporter_id: number | null; reported_id: number; reason: string; comment: string; created_at: Date | string; decision: string | null;
};

/** What the account plugin's member page reads of members (service "members:console"). */
export interface MembersConsole {
  /** Members whose profile name contains `term` (any case), newest accounts first. */
  idsByName(term: string, limit: number): Promise<number[]>;
  /** The member's profile as staff see it (null: no profile). */
  profile(userId: number): Promise<ConsoleProfile | null>;
  /** Every photo of the member, with its visibility and review; `staffId` says which claims are the caller's. */
  photos(userId: number, staffId: number | null): Promise<ConsolePhoto[]>;
  /** Reports against the member (newest first, up to 100) and how many the member filed. */
  reports(userId: number, staffId: number | null): Promise<{ against: ConsoleReport[]; filed: number }>;
}
export const membersConsoleRef = serviceRef<MembersConsole>('members:console');

export function createModeration(kernel: Pick<Kernel, 'db' | 'storage' | 'clock' | 'audit'>) {
  const { db, storage, clock } = kernel;

  async function emailOf(id: number, on: DB = db): Promise<string> {
    return (await accounts.account(on, id))?.email ?? `#${id}`;
  }
  async function people(ids: (number | null)[], on: DB = db) {
    const want = [...new Set(ids.filter((x): x is number => x != null))];
    const emails = new Map<number, string>();
    for (const id of want) emails.set(id, await emailOf(id, on));
    const names = want.length
      ? new Map((await on.selectFrom('profiles').select(['user_id', 'name']).where('user_id', 'in', want).execute()).map((r) => [r.user_id, r.name]))
      : new Map<number, string>();
    return {
      staff: (id: number | null) => (id == null ? null : { id, email: emails.get(id) ?? `#${id}` }),
      member: (id: number) => ({ id, name: names.get(id) ?? '', email: emails.get(id) ?? `#${id}` }),
    };
  }

  function claimView(r: ClaimRow, staffId: number | null, now: Date, who: { staff: (id: number | null) => { id: number; email: string } | null }) {
    const status = effective(r, now);
    const claimed = status === 'claimed';
    return {
      status,
      claimed_by: claimed ? who.staff(r.claimed_by) : null,
      claimed_until: claimed && r.claimed_at ? new Date(new Date(r.claimed_at).getTime() + CLAIM_MS).toISOString() : null,
      mine: claimed && r.claimed_by === staffId,
      note: r.note,
      decided_by: who.staff(r.decided_by),
      closed_at: iso(r.closed_at),
    };
  }

  // --- Reports ------------------------------------------------------------------------------
  async function reportViews(rows: ReportRow[], staffId: number | null, on: DB = db): Promise<ConsoleReport[]> {
    if (!rows.length) return [];
    const now = clock.now();
    const who = await people(rows.flatMap((r) => [r.reporter_id, r.reported_id, r.claimed_by, r.decided_by]), on);
    const reported = [...new Set(rows.map((r) => r.reported_id))];
    const counts = new Map((await on.selectFrom('reports').select(['reported_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reported_id', 'in', reported).groupBy('reported_id').execute()).map((c) => [c.reported_id, Number(c.n)]));
    return rows.map((r) => ({
      id: r.id, reason: r.reason as ReportReason, comment: r.comment, created_at: iso(r.created_at)!,
      reporter: r.reporter_id == null ? null : who.member(r.reporter_id),
      reported: who.member(r.reported_id),
      reports_against: counts.get(r.reported_id) ?? 0,
      decision: (r.decision as ReportDecision | null) ?? null,
      ...claimView(r, staffId, now, who),
    }));
  }

  const reportColumns = ['id', 'reporter_id', 'reported_id', 'reason', 'comment', 'created_at', 'status', 'claimed_by', 'claimed_at', 'decision', 'note', 'decided_by', 'closed_at'] as const;

  async function listReports(q: QueueQuery, staffId: number) {
    const page = q.page ?? 1;
    const status = q.status ?? 'open';
    const lapse = new Date(clock.now().getTime() - CLAIM_MS);
    const base = db.selectFrom('reports')
      .$if(status === 'open', (qb) => qb.where('status', 'in', ['open', 'claimed']))
      .$if(status === 'claimed', (qb) => qb.where('status', '=', 'claimed').where('claimed_at', '>', lapse))
      .$if(status === 'closed', (qb) => qb.where('status', '=', 'closed'))
      .$if(q.member != null, (qb) => qb.where('reported_id', '=', q.member!));
    const [rows, count] = await Promise.all([
      base.select([...reportColumns])
        .$if(status === 'closed', (qb) => qb.orderBy('closed_at', 'desc'))
        .orderBy('created_at', status === 'closed' ? 'desc' : 'asc').orderBy('id')
        .limit(MODERATION_PAGE_SIZE).offset((page - 1) * MODERATION_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await reportViews(rows as ReportRow[], staffId), total: Number(count.n), page, per_page: MODERATION_PAGE_SIZE };
  }

  /** Runs a change to one report under its row lock, audited in the same transaction. */
  async function changeReport(req: FastifyRequest, id: number, action: string, change: (r: ReportRow, staffId: number, now: Date, trx: DB) => Promise<Partial<ReportRow>>) {
    const staff = staffOf(req);
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('reports').select([...reportColumns]).where('id', '=', id).forUpdate().executeTakeFirst() as ReportRow | undefined;
      if (!row) throw notFound('report_not_found', 'No such report.');
      const now = clock.now();
      const set = await change(row, staff.userId, now, trx);
      const after = await trx.updateTable('reports').set(set).where('id', '=', id).returning([...reportColumns]).executeTakeFirstOrThrow() as ReportRow;
      await kernel.audit.record(trx, req, { action, target: `report:${id}`, before: claimAudit(row), after: claimAudit(after) });
      return { report: (await reportViews([after], staff.userId, trx))[0] };
    });
  }

  // --- Photos -------------------------------------------------------------------------------
  const urls = (p: PhotoRow) => {
    const v = imageView(storage, '', { id: p.id, file_key: p.file_key, status: p.status, is_main: p.is_main }, 'full');
    return { thumb: v.thumb_filename, full: v.filename };
  };
  const noReview: ReviewRow = { status: 'open', claimed_by: null, claimed_at: null, decision: null, note: '', decided_by: null, closed_at: null };

  async function photoViews(rows: (PhotoRow & { review: ReviewRow | null })[], staffId: number | null, on: DB = db): Promise<ConsolePhoto[]> {
    if (!rows.length) return [];
    const now = clock.now();
    const who = await people(rows.flatMap((r) => [r.user_id, r.review?.claimed_by ?? null, r.review?.decided_by ?? null]), on);
    return rows.map((p) => {
      const review = p.review ?? noReview;
      return {
        id: p.id, user_id: p.user_id, member_name: who.member(p.user_id).name, ...urls(p),
        visibility: p.status === 'hidden' ? 'hidden' as const : 'shown' as const,
        is_main: p.is_main, created_at: iso(p.created_at)!, decision: review.decision,
        ...claimView(review, staffId, now, who),
      };
    });
  }

  const photoColumns = ['ph.id', 'ph.user_id', 'ph.file_key', 'ph.status', 'ph.is_main', 'ph.created_at',
    'r.status as r_status', 'r.claimed_by', 'r.claimed_at', 'r.decision', 'r.note', 'r.decided_by', 'r.closed_at'] as const;
  type JoinedPhoto = PhotoRow & {
    r_status: QueueStatus | null; claimed_by: number | null; claimed_at: Date | null; decision: PhotoDecision | null;
    note: string | null; decided_by: number | null; closed_at: Date | null;
  };
  const split = (r: JoinedPhoto): PhotoRow & { review: ReviewRow | null } => ({
    id: r.id, user_id: r.user_id, file_key: r.file_key, status: r.status, is_main: r.is_main, created_at: r.created_at,
    review: r.r_status == null ? null : {
      status: r.r_status, claimed_by: r.claimed_by, claimed_at: r.claimed_at, decision: r.decision, note: r.note ?? '', decided_by: r.decided_by, closed_at: r.closed_at,
    },
  });
  const photosJoined = (on: DB) => on.selectFrom('photos as ph').leftJoin('photo_reviews as r', 'r.photo_id', 'ph.id');

  async function listPhotos(q: QueueQuery, staffId: number) {
    const page = q.page ?? 1;
    const status = q.status ?? 'open';
    const lapse = new Date(clock.now().getTime() - CLAIM_MS);
    // Members' own uploads: neither the shared demo portraits nor the photos of fictional profiles
    // (the team's own, added in the console) wait for review.
    const base = photosJoined(db).where('ph.file_key', 'not like', `${DEMO_PHOTO_PREFIX}%`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('profiles as fp').select('fp.user_id').whereRef('fp.user_id', '=', 'ph.user_id').where('fp.fictional', '=', true))))
      .$if(status === 'open', (qb) => qb.where((eb) => eb.or([eb('r.status', 'is', null), eb('r.status', 'in', ['open', 'claimed'])])))
      .$if(status === 'claimed', (qb) => qb.where('r.status', '=', 'claimed').where('r.claimed_at', '>', lapse))
      .$if(status === 'closed', (qb) => qb.where('r.status', '=', 'closed'))
      .$if(q.member != null, (qb) => qb.where('ph.user_id', '=', q.member!));
    const [rows, count] = await Promise.all([
      base.select([...photoColumns])
        .$if(status === 'closed', (qb) => qb.orderBy('r.closed_at', 'desc'))
        .orderBy('ph.created_at', status === 'closed' ? 'desc' : 'asc').orderBy('ph.id')
        .limit(MODERATION_PAGE_SIZE).offset((page - 1) * MODERATION_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await photoViews((rows as JoinedPhoto[]).map(split), staffId), total: Number(count.n), page, per_page: MODERATION_PAGE_SIZE };
  }

  /** Hides a photo from everyone but its owner (another photo takes over as main), or shows it again. */
  async function setVisibility(trx: DB, p: PhotoRow, hidden: boolean) {
    if (hidden) {
      if (p.status === 'hidden') return;
      await trx.updateTable('photos').set({ status: 'hidden', is_main: false }).where('id', '=', p.id).execute();
      if (p.is_main) {
        const next = await trx.selectFrom('photos').select('id').where('user_id', '=', p.user_id).where('status', '=', 'approved')
          .where('id', '<>', p.id).orderBy('position').orderBy('id').executeTakeFirst();
        if (next) await trx.updateTable('photos').set({ is_main: true }).where('id', '=', next.id).execute();
      }
      return;
    }
    if (p.status === 'approved') return;
    const main = await trx.selectFrom('photos').select('id').where('user_id', '=', p.user_id).where('is_main', '=', true).executeTakeFirst();
    await trx.updateTable('photos').set({ status: 'approved', ...(main ? {} : { is_main: true }) }).where('id', '=', p.id).execute();
  }

  const photoAudit = (p: PhotoRow, review: ReviewRow | null) => ({
    user_id: p.user_id, visibility: p.status === 'hidden' ? 'hidden' : 'shown', is_main: p.is_main, review: review ? claimAudit(review) : null,
  });

  /** Runs a change to one photo and its review under the photo's row lock, audited in the same transaction. */
  async function changePhoto(req: FastifyRequest, id: number, action: string | ((p: PhotoRow) => string),
    change: (p: PhotoRow, review: ReviewRow, staffId: number, now: Date, trx: DB) => Promise<Partial<ReviewRow>>) {
    const staff = staffOf(req);
    return db.transaction().execute(async (trx) => {
      const photo = await trx.selectFrom('photos').select(['id', 'user_id', 'file_key', 'status', 'is_main', 'created_at'])
        .where('id', '=', id).forUpdate().executeTakeFirst() as PhotoRow | undefined;
      if (!photo) throw notFound('photo_not_found', 'No such photo.');
      const review = await trx.selectFrom('photo_reviews').select(['status', 'claimed_by', 'claimed_at', 'decision', 'note', 'decided_by', 'closed_at'])
        .where('photo_id', '=', id).executeTakeFirst() as ReviewRow | undefined;
      const now = clock.now();
      const set = await change(photo, review ?? noReview, staff.userId, now, trx);
      await trx.insertInto('photo_reviews').values({ photo_id: id, ...noReview, ...review, ...set })
        .onConflict((oc) => oc.column('photo_id').doUpdateSet(set)).execute();
      const [after] = (await photosJoined(trx).select([...photoColumns]).where('ph.id', '=', id).execute() as JoinedPhoto[]).map(split);
      await kernel.audit.record(trx, req, {
        action: typeof action === 'string' ? action : action(photo), target: `photo:${id}`,
        before: photoAudit(photo, review ?? null), after: photoAudit(after, after.review),
      });
      return { photo: (await photoViews([after], staff.userId, trx))[0] };
    });
  }

  const claim = (staffId: number, now: Date) => ({ status: 'claimed' as const, claimed_by: staffId, claimed_at: now });
  const unclaimed = { status: 'open' as const, claimed_by: null, claimed_at: null };
  const closed = <D extends string>(decision: D, note: string | undefined, staffId: number, now: Date) =>
    ({ status: 'closed' as const, decision, note: note?.trim() ?? '', decided_by: staffId, closed_at: now });

  const service: MembersConsole = {
    async idsByName(term, limit) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db.selectFrom('profiles').select('user_id').where('name', 'ilike', like).orderBy('user_id', 'desc').limit(limit).execute();
      return rows.map((r) => r.user_id);
    },
    async profile(userId) {
      const r = await db.selectFrom('profiles').select(['name', 'gender', 'sexuality', 'country', 'region', 'city', 'about', 'interests', 'status', 'invisible', 'seed_key', 'created_at',
        sql<string>`to_char(birthdate, 'YYYY-MM-DD')`.as('birthdate'), sql<number>`date_part('year', age(birthdate))::int`.as('age')])
        .where('user_id', '=', userId).executeTakeFirst();
      if (!r) return null;
      return {
        name: r.name, gender: r.gender, sexuality: r.sexuality, age: Number(r.age), birthdate: r.birthdate, country: r.country, region: r.region,
        city: r.city, about: r.about, interests: r.interests, status: r.status, invisible: r.invisible, demo: r.seed_key != null, created_at: iso(r.created_at)!,
      };
    },
    async photos(userId, staffId) {
      const rows = await photosJoined(db).select([...photoColumns]).where('ph.user_id', '=', userId)
        .orderBy('ph.is_main', 'desc').orderBy('ph.position').orderBy('ph.id').execute();
      return photoViews((rows as JoinedPhoto[]).map(split), staffId);
    },
    async reports(userId, staffId) {
      const [rows, filed] = await Promise.all([
        db.selectFrom('reports').select([...reportColumns]).where('reported_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute(),
        db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).where('reporter_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { against: await reportViews(rows as ReportRow[], staffId), filed: Number(filed.n) };
    },
  };

  return {
    service,
    listReports,
    listPhotos,
    claimReport: (req: FastifyRequest, id: number) => changeReport(req, id, 'members.report.claim', async (r, me, now, trx) => {
      // Inside the transaction every read goes through it (the embedded database has one connection).
      await assertClaimable(r, me, now, (by) => emailOf(by, trx));
      return claim(me, now);
    }),
    releaseReport: (req: FastifyRequest, id: number) => changeReport(req, id, 'members.report.release', async (r, me) => {
      assertMine(r, me);
      return unclaimed;
    }),
    decideReport: (req: FastifyRequest, id: number, decision: ReportDecision, note?: string) => changeReport(req, id, 'members.report.decide', async (r, me, now) => {
      assertMine(r, me);
      return closed(decision, note, me, now);
    }),
    claimPhoto: (req: FastifyRequest, id: number) => changePhoto(req, id, 'members.photo.claim', async (_p, review, me, now, trx) => {
      await assertClaimable(review, me, now, (by) => emailOf(by, trx));
      return claim(me, now);
    }),
    releasePhoto: (req: FastifyRequest, id: number) => changePhoto(req, id, 'members.photo.release', async (_p, review, me) => {
      assertMine(review, me);
      return unclaimed;
    }),
    decidePhoto: (req: FastifyRequest, id: number, decision: PhotoDecision, note?: string) => changePhoto(req, id, 'members.photo.decide', async (p, review, me, now, trx) => {
      assertMine(review, me);
      await setVisibility(trx, p, decision === 'hidden');
      return closed(decision, note, me, now);
    }),
    /** From a member's page, without a claim: whatever review was open ends with this decision. */
    hidePhoto: (req: FastifyRequest, id: number, hidden: boolean, note?: string) => changePhoto(req, id, hidden ? 'members.photo.hide' : 'members.photo.show', async (p, _review, me, now, trx) => {
      await setVisibility(trx, p, hidden);
      return closed(hidden ? 'hidden' : 'approved', note, me, now);
    }),
  };
}

export type Moderation = ReturnType<typeof createModeration>;

/** The moderation endpoints of the console (access 'operator': operators and admins). */
export function moderationRoutes(app: FastifyInstance, kernel: Kernel, m: Moderation) {
  kernel.serve(app, consoleReports, async (req) => m.listReports(req.query, staffOf(req).userId));
  kernel.serve(app, consoleReportClaim, async (req) => m.claimReport(req, req.body.id));
  kernel.serve(app, consoleReportRelease, async (req) => m.releaseReport(req, req.body.id));
  kernel.serve(app, consoleReportDecide, async (req) => m.decideReport(req, req.body.id, req.body.decision, req.body.note));
  kernel.serve(app, consolePhotos, async (req) => m.listPhotos(req.query, staffOf(req).userId));
  kernel.serve(app, consolePhotoClaim, async (req) => m.claimPhoto(req, req.body.id));
  kernel.serve(app, consolePhotoRelease, async (req) => m.releasePhoto(req, req.body.id));
  kernel.serve(app, consolePhotoDecide, async (req) => m.decidePhoto(req, req.body.id, req.body.decision, req.body.note));
  kernel.serve(app, consolePhotoHide, async (req) => m.hidePhoto(req, req.body.id, req.body.hidden, req.body.note));
}
