import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The match finder: a guided search for members who fit. */
export const matchFinderPlugin = definePluginDescriptor({
  id: 'match-finder',
  feature: 'match-finder',
  requires: ['auth', 'members'],
  routes: {
    'match-finder': '/match-finder',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof matchFinderPlugin> {}
}

export default matchFinderPlugin;
