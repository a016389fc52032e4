import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The complaints form (spec route complaints): stored for the operators, acknowledged by mail. */
export const complaintsPlugin = definePluginDescriptor({
  id: 'complaints',
  feature: 'complaints',
  requires: ['auth'],
  routes: {
    complaints: '/complaints',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof complaintsPlugin> {}
}

export default complaintsPlugin;
