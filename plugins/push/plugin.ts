import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

/** Web push notifications. */
export const pushPlugin = definePluginDescriptor({
  id: 'push',
  feature: 'push',
  requires: ['auth'],
  settings: {
    /** VAPID public key: made by the server at first start (the private half never leaves it). */
    push_public_key: setting({
      schema: Type.String({
        maxLength: 200, title: 'Push public key',
        description: 'The VAPID public key browsers subscribe with (base64url). Made by the server at first start; the private half never leaves it.',
      }),
      default: '', browser: true,
    }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof pushPlugin.settings> {}
}

export default pushPlugin;
