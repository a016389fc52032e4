import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The front page for visitors. */
export const homePlugin = definePluginDescriptor({
  id: 'home',
  routes: {
    index: '/',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof homePlugin> {}
}

export default homePlugin;
