// The example plugin of the README's "Adding a plugin": a complete feature in one folder, found by the
// same discovery as the product's plugins (tests read test-fixtures/ as plugins/ is read), never part
// of the product. It has texts in 11 languages, a table with a migration, typed endpoints, a user
// field, a panel in another plugin's screen, a socket message, a live event and a job.
import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

export const helloPlugin = definePluginDescriptor({
  id: 'hello',
  feature: 'hello',
  requires: ['auth'],
  settings: {
    hello_greeting: setting({
      schema: Type.String({ minLength: 1, maxLength: 40, title: 'Greeting', description: 'The word the hello page greets visitors with.' }),
      default: 'Hello', browser: true,
    }),
    // Server-only: never in GET /api/settings.php.
    hello_secret: setting({
      schema: Type.String({ maxLength: 100, title: 'Secret', description: 'A server-only value: proof that it never reaches the browser.' }),
      default: 'not for browsers', browser: false,
    }),
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
