import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { optional } from '../../kernel/server/services.ts';
import { likesMigrations } from './server/migrations.ts';
import { likesRoutes } from './server/routes.ts';
import { createLikesService, LIKE_NOTICE_JOB } from './server/service.ts';
import { likesRef } from './server/service.ts';
import { membersRef } from '../members/server.ts';
import { accounts, authRef } from '../auth/server.ts';
import { notificationsRef } from '../notifications/server.ts';
import { likesData } from './server/personal-data.ts';
import likesPlugin from './plugin.ts';

export type { LikesService } from './server/service.ts';
export { likesRef } from './server/service.ts';
export { hasLiked } from './server/sql.ts';

/** Likes given and received, matches, the new-likes count and the auto-like greeting. */
export default defineServerPlugin(likesPlugin, {
  deps: { auth: authRef, members: membersRef, notifications: optional(notificationsRef) },
  migrations: likesMigrations,
  init(kernel) {
    const { members, notifications } = kernel.deps;
    // A member in invisible mode stays visible to whoever they liked (matches included).
    members.addContactRule(async (viewer, member, db) => Boolean(await db.selectFrom('likes')
      .select('user_id').where('user_id', '=', member).where('liked_id', '=', viewer).executeTakeFirst()));
    const likes = createLikesService(kernel.db, kernel.clock, kernel.jobs, members);
    // A member's copy of their data (GDPR articles 15 and 20) holds the likes given and received.
    kernel.deps.auth.addPersonalData(likesData(members));
    kernel.services.provide(likesRef, likes);
    // A member who is away hears of a new like by push (no mail: likes come often).
    kernel.jobs.handle(LIKE_NOTICE_JOB, async (payload) => {
      const from = Number(payload.from);
      const to = Number(payload.to);
      const [basics, account] = await Promise.all([members.basics([from, to]), accounts.account(kernel.db, to)]);
      const liker = basics.get(from);
      const liked = basics.get(to);
      if (!notifications || !liker || !liked || !account || liked.demo) return;
      const t = (key: string) => kernel.mail.texts.t(account.language, key, { name: liker.name });
      await notifications.notifyAway(to, 'like', { push: { title: t('likes:notice.title'), body: t('likes:notice.body'), url: `/members/${from}`, tag: 'likes' } });
    });
    return { members, likes };
  },
  api: (app, kernel) => likesRoutes(app, kernel, kernel.state),
});
