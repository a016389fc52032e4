import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';
import type { MinimumMessageCost } from './contract.ts';

/** Conversations with text, photo and gift messages, paid for with credits, delivered live. */
export const chatPlugin = definePluginDescriptor({
  id: 'chat',
  feature: 'chat',
  requires: ['auth', 'credits', 'members'],
  optional: ['notifications'],
  settings: {
    message_credits: setting<number>({ schema: { type: 'integer', minimum: 0 }, default: 5, browser: true }),
    photo_credits: setting<number>({ schema: { type: 'integer', minimum: 0 }, default: 10, browser: true }),
    gift_credits: setting<number>({ schema: { type: 'integer', minimum: 0 }, default: 20, browser: true }),
    message_length: setting<number>({ schema: { type: 'integer', minimum: 1, maximum: 10000 }, default: 1000, browser: true }),
    /** Per country: the lowest price of one message, for the "from … per message" claims. */
    minimum_message_costs: setting<Record<string, MinimumMessageCost>>({ schema: { type: 'object' }, default: {}, browser: true }),
  },
  routes: {
    chats: '/chats',
    'chats-id': '/chats/:id',
    'members-id-chat': '/members/:id/chat',
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof chatPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof chatPlugin> {}
}

export default chatPlugin;
