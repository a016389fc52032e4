import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

/** The site-entry popup: age and consent before a visitor enters. */
export const siteEntryPlugin = definePluginDescriptor({
  id: 'site-entry',
  feature: 'site-entry',
  settings: {
    enable_site_entry_popup: setting<'yes' | 'no'>({ schema: { type: 'string', enum: ['yes', 'no'] }, default: 'yes', browser: true }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof siteEntryPlugin.settings> {}
}

export default siteEntryPlugin;
