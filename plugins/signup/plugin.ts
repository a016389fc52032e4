import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Signup: the form, the modal, the matches after signup and completing a profile. */
export const signupPlugin = definePluginDescriptor({
  id: 'signup',
  feature: 'signup',
  requires: ['auth', 'credits', 'members', 'account'],
  settings: {
    signup_credits: setting({
      schema: Type.Integer({
        minimum: 0, maximum: 10000, title: 'Credits at signup',
        description: 'Credits every new member receives when the account is made (0: none).',
      }),
      default: 10, browser: true,
    }),
    /** 'all' | 'with_trafficsource' | anything else = invite only */
    signups: setting({
      schema: Type.String({
        maxLength: 50, title: 'Who may sign up',
        description: "'all': everyone; 'with_trafficsource': only visitors who arrived from a traffic source (tracking data in the address); any other value (e.g. 'invite'): by invitation only, the signup form shows the invitation notice.",
        examples: ['all', 'with_trafficsource', 'invite'],
      }),
      default: 'all', browser: true,
    }),
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
