import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Account settings, e-mail and password changes, activation and deletion. */
export const accountPlugin = definePluginDescriptor({
  id: 'account',
  requires: ['auth', 'members', 'credits'],
  // chat: the console's member page counts the member's conversations.
  optional: ['chat'],
  routes: {
    'account-deleted': '/account-deleted',
    'activate-done': '/activate/done',
    'activate-error': '/activate/error',
    'mail-change-do': '/mail-change/do',
    'reset-password': '/reset-password',
    'reset-password-do': '/reset-password/do',
    settings: '/settings',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof accountPlugin> {}
}

export default accountPlugin;
