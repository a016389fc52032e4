// A tiny example plugin, registered only in tests (kernel/server/switch.test.ts, kernel/web/
// switch.test.tsx): proof that a feature plugin is one folder and touches no kernel file. The
// README's "Adding a plugin" walks through it.
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

export const helloPlugin = definePluginDescriptor({
  id: 'hello',
  feature: 'hello',
  requires: ['auth'],
  settings: {
    hello_greeting: setting<string>({ schema: { type: 'string', maxLength: 40 }, default: 'Hello', browser: true }),
    // Server-only: never in GET /api/settings.php.
    hello_secret: setting<string>({ schema: { type: 'string' }, default: 'not for browsers', browser: false }),
  },
  routes: { hello: '/hello' },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof helloPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof helloPlugin> {}
}

export default helloPlugin;
