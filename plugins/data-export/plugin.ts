import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/**
 * A member takes their data (GDPR articles 15 and 20): a copy of everything the plugins keep about
 * them, as a ZIP of JSON files and photos, asked for on the settings page and mailed as a link.
 * Always on (no feature flag): the right to a copy does not depend on the site.
 */
export const dataExportPlugin = definePluginDescriptor({
  id: 'data-export',
  requires: ['auth'],
  routes: { 'data-export': '/data-export' },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof dataExportPlugin> {}
}

export default dataExportPlugin;
