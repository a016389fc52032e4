import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

/**
 * The welcome time bonus (25 % for 4 hours after signup: banner, countdown, modal), discount codes
 * entered on /credits, and the welcome discount on the first purchase. Prices are computed by the
 * payments plugin, which asks this plugin for the discount (one of its discount sources).
 */
export const bonusesPlugin = definePluginDescriptor({
  id: 'bonuses',
  feature: 'bonuses',
  requires: ['auth', 'credits', 'payments'],
  settings: {
    /** The welcome discount on the first purchase: percent off and for how many hours after signup (0: none). */
    welcome_discount: setting({
      schema: Type.Object({
        percentage: Type.Number({
          minimum: 0, maximum: 90, multipleOf: 0.01, title: 'Percentage',
          description: 'Percent off the package price of the first purchase (two decimals at most); 0: no welcome discount.',
        }),
        hours: Type.Integer({
          minimum: 0, maximum: 8760, title: 'Hours after signup',
          description: 'How long after signup the welcome discount can be used, in hours (at most a year); 0: no welcome discount.',
        }),
      }, {
        additionalProperties: false, title: 'Welcome discount',
        description: 'A discount on a new member\'s first purchase, for some hours after signup (after the 4-hour time bonus, which it never adds to: the two are one first-purchase offer).',
      }),
      browser: false,
      default: { percentage: 25, hours: 72 },
    }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof bonusesPlugin.settings> {}
}

export default bonusesPlugin;
