import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

/** The site-entry popup: age and consent before a visitor enters. */
export const siteEntryPlugin = definePluginDescriptor({
  id: 'site-entry',
  feature: 'site-entry',
  settings: {
    enable_site_entry_popup: setting({
      schema: Type.Enum(['yes', 'no'], {
        title: 'Site-entry warning',
        description: "'yes': logged-out visitors from the site's countries confirm they are adults before they enter (once per browser); 'no': no warning.",
      }),
      default: 'yes', browser: true,
    }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof siteEntryPlugin.settings> {}
}

export default siteEntryPlugin;
