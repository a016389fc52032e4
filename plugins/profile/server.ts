import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { profileRoutes } from './server/routes.ts';
import { membersRef } from '../members/server.ts';
import profilePlugin from './plugin.ts';

/** The member's own profile: attributes, interests, photos. */
export default defineServerPlugin(profilePlugin, {
  deps: { members: membersRef },
  api: (app, kernel) => profileRoutes(app, kernel, kernel.deps.members),
});
