import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { swipeMigrations } from './server/migrations.ts';
import { swipeRoutes } from './server/routes.ts';
import { membersRef } from '../members/server.ts';
import { likesRef } from '../likes/server.ts';
import { authRef } from '../auth/server.ts';
import { swipeData } from './server/personal-data.ts';
import swipeGamePlugin from './plugin.ts';

/** The swipe game: one card at a time, like or pass, a few likes a day. */
export default defineServerPlugin(swipeGamePlugin, {
  deps: { auth: authRef, members: membersRef, likes: likesRef },
  migrations: swipeMigrations,
  init(kernel) {
    // A member's copy of their data (GDPR articles 15 and 20) holds the members they passed on.
    kernel.deps.auth.addPersonalData(swipeData(kernel.deps.members));
  },
  api: (app, kernel) => swipeRoutes(app, kernel, kernel.deps.members, kernel.deps.likes),
});
