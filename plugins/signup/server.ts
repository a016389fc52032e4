import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { signupMigrations } from './server/migrations.ts';
import { signupRoutes } from './server/routes.ts';
import { signupTestRoutes } from './server/test-routes.ts';
import signupPlugin from './plugin.ts';

/** Becoming a member: the signup steps, tracking data, and the location lookup for step 2. */
export default defineServerPlugin(signupPlugin, {
  migrations: signupMigrations,
  api: signupRoutes,
  testRoutes: signupTestRoutes,
});
