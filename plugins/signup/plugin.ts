import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Signup: the form, the modal, the matches after signup and completing a profile. */
export const signupPlugin = definePluginDescriptor({
  id: 'signup',
  feature: 'signup',
  requires: ['auth', 'credits', 'members', 'account'],
  settings: {
    signup_credits: setting<number>({ schema: { type: 'integer', minimum: 0 }, default: 10, browser: true }),
    /** 'all' | 'with_trafficsource' | anything else = invite only */
    signups: setting<string>({ schema: { type: 'string', maxLength: 50 }, default: 'all', browser: true }),
  },
  routes: {
    'complete-signup': '/complete-signup',
    signup: '/signup',
    'signup-matches': '/signup-matches',
    /** A hand-off link opened in a browser logged in as someone else: switch accounts? */
    'signup-switch': '/signup-switch',
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof signupPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof signupPlugin> {}
}

export default signupPlugin;
