import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Accounts, login and sessions: who the member is. */
export const authPlugin = definePluginDescriptor({
  id: 'auth',
  routes: {
    login: '/login',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof authPlugin> {}
}

export default authPlugin;
