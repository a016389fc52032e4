import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { pickCandidates, type MembersService } from '../../members/server.ts';
import { soughtGenders } from '../../members/contract.ts';
import { AUTO_LIKES_PER_DAY, autoLike, like, listLikes, markSeen, unlike, type LikeEntry } from '../contract.ts';
import type { LikesService } from './service.ts';

const LIST_LIMIT = 500;

export async function likesRoutes(app: FastifyInstance, kernel: Kernel, { members, likes }: { members: MembersService; likes: LikesService }) {
  const cdn = (req: FastifyRequest) => req.site.cdn_prefix ?? '';

  kernel.serve(app, listLikes, async (req) => {
    const userId = memberId(req);
    const [sent, received] = await Promise.all([
      kernel.db.selectFrom('likes').select(['liked_id as id', 'created_at', 'is_new']).where('user_id', '=', userId)
        .orderBy('created_at', 'desc').limit(LIST_LIMIT).execute(),
      // Received likes: new ones first, then newest.
      kernel.db.selectFrom('likes').select(['user_id as id', 'created_at', 'is_new']).where('liked_id', '=', userId)
        .orderBy('is_new', 'desc').orderBy('created_at', 'desc').limit(LIST_LIMIT).execute(),
    ]);
    const entries = async (rows: { id: number; created_at: Date; is_new: boolean }[], withNew: boolean): Promise<LikeEntry[]> => {
      const profiles = await members.summaries(userId, rows.map((r) => r.id), cdn(req));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return profiles.map((profile) => {
        const r = byId.get(profile.id)!;
        return { profile, like_new: withNew && r.is_new, created_at: new Date(r.created_at).toISOString() };
      });
    };
    return { profiles: await entries(sent, false), liked_by: await entries(received, true) };
  });

  kernel.serve(app, like, { rateLimit: { max: 300 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const userId = memberId(req);
    const { match } = await likes.like(userId, req.body.id, req.body.source ?? 'profile');
    return { liked: true, match };
  });

  kernel.serve(app, unlike, async (req) => {
    const userId = memberId(req);
    await kernel.db.deleteFrom('likes').where('user_id', '=', userId).where('liked_id', '=', req.body.id).execute();
    return { liked: false as const, match: false as const };
  });

  // Opening a liker's profile: that like is not new anymore.
  kernel.serve(app, markSeen, async (req) => {
    const userId = memberId(req);
    await kernel.db.updateTable('likes').set({ is_new: false }).where('liked_id', '=', userId).where('user_id', '=', req.body.id).execute();
    return { seen: true as const };
  });

  /**
   * A demo member who fits what the member looks for likes them (at most a few a day) and is
   * shown in the new-like modal; null when none is left. A POST with the client header: it writes a like.
   */
  kernel.serve(app, autoLike, async (req) => {
    const userId = memberId(req);
    const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM likes WHERE liked_id = ${userId} AND source = 'auto'
      AND created_at > ${new Date(kernel.clock.now().getTime() - 86400_000)}`.execute(kernel.db)).rows;
    if (n >= AUTO_LIKES_PER_DAY) return { profile: null };
    const me = (await members.basics([userId])).get(userId);
    if (!me) return { profile: null };
    const [pick] = await pickCandidates(kernel.db, {
      viewerId: userId, genders: soughtGenders(me.gender, me.sexuality), country: me.country, kind: 'demo', limit: 1,
      where: (id) => [sql`NOT EXISTS (SELECT 1 FROM likes l WHERE (l.user_id = ${id} AND l.liked_id = ${userId}) OR (l.user_id = ${userId} AND l.liked_id = ${id}))`],
    });
    if (!pick) return { profile: null };
    await kernel.db.insertInto('likes').values({ user_id: pick, liked_id: userId, source: 'auto', created_at: kernel.clock.now() })
      .onConflict((oc) => oc.columns(['user_id', 'liked_id']).doNothing()).execute();
    const [profile] = await members.summaries(userId, [pick], cdn(req));
    return { profile: profile ?? null };
  });
}
