import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import type { MembersService } from '../members/server.ts';
import { likesMigrations } from './server/migrations.ts';
import { likesRoutes } from './server/routes.ts';
import { createLikesService } from './server/service.ts';

export type { LikesService } from './server/service.ts';

/** Likes given and received, matches, the new-likes count and the auto-like greeting. */
export default defineServerPlugin({
  id: 'likes',
  feature: 'likes',
  requires: ['auth', 'members'],
  migrations: likesMigrations,
  init(kernel) {
    kernel.services.provide('likes', createLikesService(kernel.db, kernel.clock, () => kernel.services.get<MembersService>('members')));
  },
  routes: likesRoutes,
});
