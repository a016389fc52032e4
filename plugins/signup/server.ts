import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { signupMigrations } from './server/migrations.ts';
import { signupRoutes } from './server/routes.ts';

/** Becoming a member: the signup steps, tracking data, and the location lookup for step 2. */
export default defineServerPlugin({
  id: 'signup',
  feature: 'signup',
  requires: ['auth', 'members', 'account'],
  migrations: signupMigrations,
  routes: signupRoutes,
});
