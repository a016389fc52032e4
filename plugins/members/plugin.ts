import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** Member profiles, photos, search and the members' area. */
export const membersPlugin = definePluginDescriptor({
  id: 'members',
  feature: 'members',
  requires: ['auth', 'credits'],
  settings: {
    visible_profile_fields: setting<string[]>({ schema: { type: 'array', items: { type: 'string' } }, default: [], browser: true }),
    visible_profile_notes: setting<boolean>({ schema: { type: 'boolean' }, default: true, browser: true }),
    search_fields: setting<string[]>({ schema: { type: 'array', items: { type: 'string' } }, default: [], browser: true }),
    /** 'none' = visitors may not search */
    logged_out_search: setting<string>({ schema: { type: 'string', maxLength: 50 }, default: 'all', browser: true }),
    logged_out_search_trafficsource: setting<string>({ schema: { type: 'string', maxLength: 50 }, default: 'all', browser: true }),
  },
  routes: {
    'likes-m-id': '/likes/m/:id',
    members: '/members',
    'members-id': '/members/:id',
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof membersPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof membersPlugin> {}
}

export default membersPlugin;
