import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { swipeMigrations } from './server/migrations.ts';
import { swipeRoutes } from './server/routes.ts';
import swipeGamePlugin from './plugin.ts';

/** The swipe game: one card at a time, like or pass, a few likes a day. */
export default defineServerPlugin(swipeGamePlugin, {
  migrations: swipeMigrations,
  api: swipeRoutes,
});
