import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';
import { Audience } from './contract.ts';

/** The profile details a site may show on the profile page (spec: visible_profile_fields). */
export const PROFILE_FIELDS = [
  'gender', 'sexuality', 'age', 'city', 'country', 'region', 'hair_color', 'eye_color', 'body_type',
  'relationship_status', 'tattoos', 'signup_reason', 'interests',
] as const;
/** The filters a site's search may offer (the query parameters of GET /api/members.php). */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'interests'] as const;

/** Member profiles, photos, search and the members' area. */
export const membersPlugin = definePluginDescriptor({
  id: 'members',
  feature: 'members',
  requires: ['auth', 'credits'],
  settings: {
    visible_profile_fields: setting({
      schema: Type.Array(Type.Enum(PROFILE_FIELDS), {
        uniqueItems: true, title: 'Visible profile details',
        description: 'The details of a member shown on the profile page (the attributes listed here; others stay hidden).',
      }),
      default: [], browser: true,
    }),
    visible_profile_notes: setting({
      schema: Type.Boolean({ title: 'Show "about me"', description: 'Whether the profile page shows the text members write about themselves.' }),
      default: true, browser: true,
    }),
    search_fields: setting({
      schema: Type.Array(Type.Enum(SEARCH_FIELDS), {
        uniqueItems: true, title: 'Search filters', description: 'The filters the member search offers on this site.',
      }),
      default: [], browser: true,
    }),
    /** 'none' = visitors may not search */
    logged_out_search: setting({
      schema: Type.String({
        maxLength: 50, title: 'Search for visitors',
        description: "'none': visitors (not logged in) may not search and are sent to log in; any other value (e.g. 'all'): they may.",
      }),
      default: 'all', browser: true,
    }),
    niche_audience: setting({
      schema: Type.Union([Audience, Type.Null()], {
        title: 'Audience of this niche site',
        description: "Who this domain shows first (search, suggestions, landers). Empty (null): the niche's default — 1 everyone, 2 she: men looking for women, 3 bdsm: bondage or sadomasochism, 4 bbw: body type 'fat', 5 gilf: women 60+, 6 milf: women 35–55, 7 gay: men looking for men.",
      }),
      default: null, browser: true,
    }),
    logged_out_search_trafficsource: setting({
      schema: Type.String({
        maxLength: 50, title: 'Search for visitors from a traffic source',
        description: "Where visitors may not search: 'none' keeps out those who came through a traffic source (tracking cookie) too; any other value (e.g. 'all') lets them search.",
      }),
      default: 'all', browser: true,
    }),
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
