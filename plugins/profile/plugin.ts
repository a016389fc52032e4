import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** A member's own profile and photos. */
export const profilePlugin = definePluginDescriptor({
  id: 'profile',
  requires: ['auth', 'members'],
  routes: {
    profile: '/profile',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof profilePlugin> {}
}

export default profilePlugin;
