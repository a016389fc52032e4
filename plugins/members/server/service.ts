import type { DB } from '../../../kernel/server/db.ts';
import type { Storage } from '../../../kernel/server/storage.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { PHOTO_LIMITS, type Gender, type InterestKey, type Profile, type ProfileSummary, type ProfileUpdate, type Sexuality } from '../contract.ts';
import { removeRenditions, storeRenditions } from './images.ts';
import { newPhotoKey, processUpload } from './photos.ts';
import { loadProfile, loadViewer, summariesOf, type Viewer } from './queries.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { accounts } from '../../auth/server.ts';

/**
 * Whether `viewerId` is already in touch with `memberId` (see the rule at `mayKnow`). Plugins that
 * hold such ties register one (chat: a conversation; likes: the member liked the viewer); `db` is
 * the caller's connection or transaction and must be used for the query.
 */
export type ContactRule = (viewerId: number, memberId: number, db: DB) => Promise<boolean>;

export interface NewProfile {
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  birthdate: string;          // YYYY-MM-DD
  country: string;
  region: string;
  city: string;
  about?: string;
  /** Interests chosen at signup (an icons lander's picks, say). */
  interests?: InterestKey[];
  /** 'disabled' keeps a new member out of search until the email is confirmed. */
  status: 'active' | 'disabled';
}

/** A member's name and what card pickers and notices need (MembersService.basics). */
/** `demo`: nobody to notify (a seeded member or a fictional profile); `fictional`: run by operators. */
export interface MemberBasics { name: string; demo: boolean; fictional: boolean; gender: Gender; sexuality: Sexuality; country: string }

/** What the members plugin offers other server plugins (service id "members"). */
export interface MembersService {
  createProfile(userId: number, p: NewProfile, db?: DB): Promise<void>;
  setStatus(userId: number, status: 'active' | 'disabled', db?: DB): Promise<void>;
  updateProfile(userId: number, p: ProfileUpdate): Promise<void>;
  /** Deletes the member's photo files (their rows go with the account). */
  removePhotos(userId: number, db?: DB): Promise<void>;
  /** Checks, re-encodes and stores an upload; the first photo becomes the main one. */
  addPhoto(userId: number, data: Buffer): Promise<number>;
  setMainPhoto(userId: number, photoId: number): Promise<void>;
  deletePhoto(userId: number, photoId: number): Promise<void>;
  viewer(userId: number | null): Promise<Viewer>;
  /** Profile summaries as this viewer may see them, in the given order; blocked and gone members left out. */
  summaries(viewerId: number | null, ids: number[], cdnPrefix?: string): Promise<ProfileSummary[]>;
  /**
   * One member's profile (attributes, interests, photos) as this viewer may see them; null when absent
   * or not active. Says nothing of invisible mode or listing: callers check `mayKnow` or `isListed` first.
   */
  profile(viewerId: number | null, id: number, cdnPrefix?: string): Promise<Profile | null>;
  /** True when either member has blocked the other. */
  blockedBetween(a: number, b: number, db?: DB): Promise<boolean>;
  /** Throws 404 when the member cannot be reached (absent, hidden, invisible to this viewer), 403 when blocked either way. */
  assertReachable(viewerId: number, otherId: number, db?: DB): Promise<{ name: string; invisible: boolean }>;
  /** Name, demo flag and what they look for, of these members by id (absent: no profile); deleted accounts included. */
  basics(ids: readonly number[], db?: DB): Promise<Map<number, MemberBasics>>;
  /** Adds a tie that lets a viewer see a member in invisible mode (see `mayKnow`). */
  addContactRule(rule: ContactRule): void;
  /** False when the member is in invisible mode and the viewer is not in touch with them (see `mayKnow`). */
  mayKnow(viewerId: number | null, memberId: number, db?: DB): Promise<boolean>;
}

export function createMembersService(db: DB, storage: Storage): MembersService {
  const contactRules: ContactRule[] = [];
  /**
   * Invisible mode: the member is out of search and swipe cards, and every answer that shows a
   * profile by id (GET /api/member.php, GET /api/chat.php?member=, liking, writing) treats them as
   * absent (404, the same as a member that does not exist), so counting ids up finds nothing.
   * The rule: an invisible member is known only to
   *   - themself,
   *   - a member they share a conversation with (whoever wrote first; registered by chat),
   *   - a member they liked, which includes every match (registered by likes).
   * A like from the viewer alone does not count: going invisible is also a way to get out of sight
   * of admirers. Their `online` is never true for anyone (queries.ts, summaryColumns).
   */
  const mayKnow = async (viewerId: number | null, memberId: number, on: DB) => {
    if (viewerId === memberId) return true;
    const p = await on.selectFrom('profiles').select('invisible').where('user_id', '=', memberId).executeTakeFirst();
    if (!p?.invisible) return true;
    if (viewerId == null) return false;
    for (const rule of contactRules) if (await rule(viewerId, memberId, on)) return true;
    return false;
  };
  const service: MembersService = {
    addContactRule: (rule) => void contactRules.push(rule),
    mayKnow: (viewerId, memberId, on = db) => mayKnow(viewerId, memberId, on),
    async createProfile(userId, p, on = db) {
      await on.insertInto('profiles').values({
        user_id: userId, name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate,
        country: p.country, region: p.region, city: p.city, about: p.about ?? '', status: p.status,
        ...(p.interests?.length ? { interests: [...new Set(p.interests)] } : {}),
      }).execute();
    },
    async setStatus(userId, status, on = db) {
      await on.updateTable('profiles').set({ status }).where('user_id', '=', userId).execute();
    },
    async updateProfile(userId, p) {
      if (!Object.keys(p).length) return;
      await db.updateTable('profiles').set(p).where('user_id', '=', userId).execute();
    },
    async removePhotos(userId, on = db) {
      const rows = await on.selectFrom('photos').select('file_key').where('user_id', '=', userId).execute();
      for (const r of rows) {
        // Shared demo portraits stay; a member's own uploads go.
        if (!r.file_key.startsWith('seed/')) await removeRenditions(storage, r.file_key);
      }
      await on.deleteFrom('photos').where('user_id', '=', userId).execute();
    },
    async addPhoto(userId, data) {
      const viewer = await loadViewer(db, userId);
      const limit = viewer.premium ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
      const count = async () => Number((await db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
      // Checked before the (slow) image work and again inside the insert's transaction.
      if (await count() >= limit) throw limitError(viewer.premium);
      const renditions = await processUpload(data);
      const key = newPhotoKey(userId);
      await storeRenditions(storage, key, renditions);
      try {
        return await db.transaction().execute(async (trx) => {
          // Serialises concurrent uploads of one member so the limit holds.
          await accounts.lock(trx, userId);
          const rows = await trx.selectFrom('photos').select(['is_main', 'position']).where('user_id', '=', userId).execute();
          if (rows.length >= limit) throw limitError(viewer.premium);
          const row = await trx.insertInto('photos').values({
            user_id: userId, file_key: key, status: 'approved', is_main: !rows.some((r) => r.is_main),
            position: rows.reduce((m, r) => Math.max(m, r.position + 1), 0),
          }).returning('id').executeTakeFirstOrThrow();
          return row.id as number;
        });
      } catch (err) {
        await removeRenditions(storage, key);
        throw err;
      }
    },
    async setMainPhoto(userId, photoId) {
      await db.transaction().execute(async (trx) => {
        // A photo staff hid (console) cannot become the face of the profile again.
        const photo = await trx.selectFrom('photos').select('id').where('id', '=', photoId).where('user_id', '=', userId).where('status', '<>', 'hidden').executeTakeFirst();
        if (!photo) throw notFound('photo_not_found', 'This photo does not exist (anymore).');
        await trx.updateTable('photos').set({ is_main: false }).where('user_id', '=', userId).where('is_main', '=', true).execute();
        await trx.updateTable('photos').set({ is_main: true }).where('id', '=', photoId).execute();
      });
    },
    async deletePhoto(userId, photoId) {
      const key = await db.transaction().execute(async (trx) => {
        const photo = await trx.deleteFrom('photos').where('id', '=', photoId).where('user_id', '=', userId)
          .returning(['file_key', 'is_main']).executeTakeFirst();
        if (!photo) throw notFound('photo_not_found', 'This photo does not exist (anymore).');
        if (photo.is_main) {
          // The next photo in line takes over as main photo.
          const next = await trx.selectFrom('photos').select('id').where('user_id', '=', userId).where('status', '<>', 'hidden').orderBy('position').orderBy('id').executeTakeFirst();
          if (next) await trx.updateTable('photos').set({ is_main: true }).where('id', '=', next.id).execute();
        }
        return photo.file_key as string;
      });
      if (!key.startsWith('seed/')) await removeRenditions(storage, key);
    },
    viewer: (userId) => loadViewer(db, userId),
    async summaries(viewerId, ids, cdnPrefix = '') {
      return summariesOf(db, { storage, cdnPrefix, viewer: await loadViewer(db, viewerId) }, ids);
    },
    async profile(viewerId, id, cdnPrefix = '') {
      return loadProfile(db, { storage, cdnPrefix, viewer: await loadViewer(db, viewerId) }, id);
    },
    async blockedBetween(a, b, on = db) {
      const row = await on.selectFrom('blocks').select('blocker_id').where((eb) => eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ])).executeTakeFirst();
      return Boolean(row);
    },
    async assertReachable(viewerId, otherId, on = db) {
      // account_deleted: the profile's copy of users.deleted_at (triggers, migration 004).
      const p = await on.selectFrom('profiles').select(['name', 'status', 'invisible'])
        .where('user_id', '=', otherId).where('account_deleted', '=', false).executeTakeFirst();
      if (!p || p.status !== 'active' || viewerId === otherId) throw notFound('profile_not_found', 'This profile does not exist (anymore).');
      // Before the block checks: a 403 naming an invisible member would tell that they exist.
      if (!(await mayKnow(viewerId, otherId, on))) throw notFound('profile_not_found', 'This profile does not exist (anymore).');
      const blocker = await on.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', otherId).where('blocked_id', '=', viewerId).executeTakeFirst();
      if (blocker) throw new HttpError(403, 'blocked', `Blocked by ${p.name}: no access.`, { name: p.name });
      if (await service.blockedBetween(viewerId, otherId, on)) throw new HttpError(403, 'you_blocked', 'You have blocked this member; unblock them first.', { name: p.name });
      return { name: p.name, invisible: p.invisible };
    },
    async basics(ids, on = db) {
      if (!ids.length) return new Map();
      const rows = await on.selectFrom('profiles').select(['user_id', 'name', 'seed_key', 'fictional', 'gender', 'sexuality', 'country'])
        .where('user_id', 'in', [...ids]).execute();
      // A fictional profile has nobody to notify either (operators answer it from the console).
      return new Map(rows.map((r) => [r.user_id, { name: r.name, demo: r.seed_key != null || r.fictional, fictional: r.fictional, gender: r.gender, sexuality: r.sexuality, country: r.country }]));
    },
  };
  return service;
}

function limitError(premium: boolean) {
  return premium
    ? badRequest('photo_limit_reached', `Up to ${PHOTO_LIMITS.premium} photos`, { limit: PHOTO_LIMITS.premium })
    : new HttpError(403, 'free_photo_limit', 'Free photo limit reached.', { limit: PHOTO_LIMITS.free });
}

/** The members service, for other plugins' `deps`. */
export const membersRef = serviceRef<MembersService>('members');
