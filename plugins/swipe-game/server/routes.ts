import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { HttpError } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { pickCandidates } from '../../members/server.ts';
import { audienceOf, soughtGenders } from '../../members/contract.ts';
import { PASS_DAYS, SWIPE_BATCH, SWIPE_LIKES_PER_DAY, swipe, swipeCards } from '../contract.ts';
import { hasLiked, type LikesService } from '../../likes/server.ts';
import { accounts } from '../../auth/server.ts';
import type { MembersService } from '../../members/server.ts';

/** The game's day is the calendar day in UTC (one boundary for every member and server). */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function swipeRoutes(app: FastifyInstance, kernel: Kernel, members: MembersService, likes: LikesService) {
  const likesLeft = async (userId: number) =>
    Math.max(0, SWIPE_LIKES_PER_DAY - await likes.countSince(userId, 'swipe', dayStart(kernel.clock.now())));

  kernel.serve(app, swipeCards, async (req) => {
    const userId = memberId(req);
    const me = (await members.basics([userId])).get(userId);
    // People with a photo, the site's audience (a niche site's) first, then the member's country;
    // not liked, not passed lately, not blocked.
    const passedSince = new Date(kernel.clock.now().getTime() - PASS_DAYS * 86400_000);
    const ids = await pickCandidates(kernel.db, {
      viewerId: userId, genders: me ? soughtGenders(me.gender, me.sexuality) : ['male', 'female'], country: me?.country ?? '',
      kind: 'listed', limit: SWIPE_BATCH, audience: audienceOf(req.site),
      where: (id) => [sql`NOT ${hasLiked(sql`${userId}`, id)}`,
        sql`NOT EXISTS (SELECT 1 FROM swipe_passes s WHERE s.user_id = ${userId} AND s.passed_id = ${id} AND s.created_at > ${passedSince})`],
    });
    const cards = await members.summaries(userId, ids, req.site.cdn_prefix ?? '');
    return { cards, likes_left: await likesLeft(userId), likes_per_day: SWIPE_LIKES_PER_DAY };
  });

  kernel.serve(app, swipe, async (req) => {
    const userId = memberId(req);
    const { id, action } = req.body;
    if (action === 'pass') {
      await members.assertReachable(userId, id);
      await kernel.db.insertInto('swipe_passes').values({ user_id: userId, passed_id: id, created_at: kernel.clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'passed_id']).doUpdateSet({ created_at: kernel.clock.now() })).execute();
      return { likes_left: await likesLeft(userId), match: false };
    }
    const match = await kernel.db.transaction().execute(async (trx) => {
      // One member's swipes are counted one at a time, so parallel requests cannot pass the limit.
      await accounts.lock(trx, userId);
      const used = await likes.countSince(userId, 'swipe', dayStart(kernel.clock.now()), trx);
      if (used >= SWIPE_LIKES_PER_DAY) {
        throw new HttpError(429, 'swipe_limit_reached', `You have used today's ${SWIPE_LIKES_PER_DAY} likes.`, { limit: SWIPE_LIKES_PER_DAY });
      }
      return (await likes.like(userId, id, 'swipe', trx)).match;
    });
    return { likes_left: await likesLeft(userId), match };
  });
}
