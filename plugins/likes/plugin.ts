import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Likes between members, mutual matches and the likes pages. */
export const likesPlugin = definePluginDescriptor({
  id: 'likes',
  feature: 'likes',
  requires: ['auth', 'members'],
  optional: ['notifications'],
  routes: {
    likes: '/likes',
    'likes-type': '/likes/:type',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof likesPlugin> {}
}

export default likesPlugin;
