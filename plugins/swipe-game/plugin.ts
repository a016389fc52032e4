import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The swipe game: like or pass on one member after another. */
export const swipeGamePlugin = definePluginDescriptor({
  id: 'swipe-game',
  feature: 'swipe-game',
  requires: ['auth', 'members', 'likes'],
  routes: {
    'swipe-game': '/swipe-game',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof swipeGamePlugin> {}
}

export default swipeGamePlugin;
