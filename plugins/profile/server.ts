import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { profileRoutes } from './server/routes.ts';
import profilePlugin from './plugin.ts';

/** The member's own profile: attributes, interests, photos. */
export default defineServerPlugin(profilePlugin, {
  api: profileRoutes,
});
