import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The language page (spec route lang-config): every language named in itself; always on. */
export const languagePlugin = definePluginDescriptor({
  id: 'language',
  routes: {
    'lang-config': '/lang-config',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof languagePlugin> {}
}

export default languagePlugin;
