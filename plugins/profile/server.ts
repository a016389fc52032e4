import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { profileRoutes } from './server/routes.ts';

/** The member's own profile: attributes, interests, photos. */
export default defineServerPlugin({
  id: 'profile',
  requires: ['auth', 'members'],
  routes: profileRoutes,
});
