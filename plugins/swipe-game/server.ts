import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { swipeMigrations } from './server/migrations.ts';
import { swipeRoutes } from './server/routes.ts';
import { membersRef } from '../members/server.ts';
import { likesRef } from '../likes/server.ts';
import swipeGamePlugin from './plugin.ts';

/** The swipe game: one card at a time, like or pass, a few likes a day. */
export default defineServerPlugin(swipeGamePlugin, {
  deps: { members: membersRef, likes: likesRef },
  migrations: swipeMigrations,
  api: (app, kernel) => swipeRoutes(app, kernel, kernel.deps.members, kernel.deps.likes),
});
