import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Notices by mail and in the app, and each member's choice of them. */
export const notificationsPlugin = definePluginDescriptor({
  id: 'notifications',
  feature: 'notifications',
  requires: ['auth'],
  optional: ['push'],
  routes: {
    notifications: '/notifications',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof notificationsPlugin> {}
}

export default notificationsPlugin;
