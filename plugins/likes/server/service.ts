import type { DB } from '../../../kernel/server/db.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { Jobs } from '../../../kernel/server/jobs.ts';
import { HttpError } from '../../../kernel/server/errors.ts';
import type { MembersService } from '../../members/server.ts';
import type { LikeSource } from '../contract.ts';
import { serviceRef } from '../../../kernel/server/services.ts';

/** What the likes plugin offers others (kernel.services id "likes"), e.g. the swipe game. */
export interface LikesService {
  /** Likes `to` from `from` (idempotent); refuses blocked and invisible members. Returns whether it is a match. */
  like(from: number, to: number, source: LikeSource, db?: DB): Promise<{ match: boolean; created: boolean }>;
  /** Likes `from` gave through `source` since `since`. */
  countSince(from: number, source: LikeSource, since: Date, db?: DB): Promise<number>;
}

/** A new like is told to a member who is away, by push (see server.ts). */
export const LIKE_NOTICE_JOB = 'likes:notify';

declare module '../../../kernel/server/jobs.ts' {
  interface JobPayloads {
    /** Member `from` liked member `to`: tell `to` if they are away. */
    'likes:notify': { from: number; to: number };
  }
}

export function createLikesService(db: DB, clock: Clock, jobs: Jobs, members: MembersService): LikesService {
  return {
    async like(from, to, source, on = db) {
      const { invisible } = await members.assertReachable(from, to, on);
      const likedMe = Boolean(await on.selectFrom('likes').select('user_id').where('user_id', '=', to).where('liked_id', '=', from).executeTakeFirst());
      const target = { invisible, liked_me: likedMe };
      // An invisible member makes the first move; liking back is fine.
      if (target.invisible && !target.liked_me) throw new HttpError(404, 'profile_not_found', 'This profile does not exist (anymore).');
      const inserted = await on.insertInto('likes').values({ user_id: from, liked_id: to, source, created_at: clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'liked_id']).doNothing()).returning('user_id').execute();
      if (inserted.length) await jobs.enqueue(LIKE_NOTICE_JOB, { from, to }, { db: on, runAt: new Date(clock.now().getTime() + 2000) });
      return { match: Boolean(target.liked_me), created: inserted.length > 0 };
    },
    async countSince(from, source, since, on = db) {
      const row = await on.selectFrom('likes').select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', from).where('source', '=', source).where('created_at', '>=', since).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The likes service, for a plugin's `deps`. */
export const likesRef = serviceRef<LikesService>('likes');
