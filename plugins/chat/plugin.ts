import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';
import { MinimumMessageCost } from './contract.ts';

/** Conversations with text, photo and gift messages, paid for with credits, delivered live. */
export const chatPlugin = definePluginDescriptor({
  id: 'chat',
  feature: 'chat',
  requires: ['auth', 'credits', 'members'],
  optional: ['notifications'],
  settings: {
    message_credits: setting({
      schema: Type.Integer({ minimum: 0, maximum: 100000, title: 'Credits per message', description: 'What one text message costs in credits (free members\' free messages aside).' }),
      default: 5, browser: true,
    }),
    photo_credits: setting({
      schema: Type.Integer({ minimum: 0, maximum: 100000, title: 'Credits per photo', description: 'What one photo message costs in credits (premium members only).' }),
      default: 10, browser: true,
    }),
    gift_credits: setting({
      schema: Type.Integer({ minimum: 0, maximum: 100000, title: 'Credits per gift', description: 'The price unit of gifts: each gift costs this many credits times its factor (at least 1).' }),
      default: 20, browser: true,
    }),
    message_length: setting({
      schema: Type.Integer({ minimum: 1, maximum: 10000, title: 'Message length', description: 'The most characters one text message may have.' }),
      default: 1000, browser: true,
    }),
    /** Per country: the lowest price of one message, for the "from … per message" claims. */
    minimum_message_costs: setting({
      schema: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), MinimumMessageCost, {
        additionalProperties: false,
        title: 'Lowest message price per country',
        description: 'Per country (ISO 3166-1 alpha-2 code): the lowest price of one message and its currency, shown as "from … per message" under the message field.',
      }),
      default: {}, browser: true,
    }),
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
