import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

/**
 * The welcome time bonus (25 % for 4 hours after signup: banner, countdown, modal), discount codes
 * entered on /credits, and the welcome discount on the first purchase. Prices are computed by the
 * payments plugin, which asks this plugin for the discount (its DiscountSource).
 */
export const bonusesPlugin = definePluginDescriptor({
  id: 'bonuses',
  feature: 'bonuses',
  requires: ['auth', 'credits', 'payments'],
  settings: {
    /** The welcome discount on the first purchase: percent off and for how many hours after signup (0: none). */
    welcome_discount: setting<{ percentage: number; hours: number }>({
      schema: {
        type: 'object', required: ['percentage', 'hours'], additionalProperties: false,
        properties: { percentage: { type: 'number', minimum: 0, maximum: 90 }, hours: { type: 'integer', minimum: 0, maximum: 8760 } },
      },
      browser: false,
      default: { percentage: 25, hours: 72 },
    }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof bonusesPlugin.settings> {}
}

export default bonusesPlugin;
