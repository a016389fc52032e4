import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { optional, serviceRef } from '../../kernel/server/services.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import { chatMigrations } from './server/migrations.ts';
import { chatPhotoFiles } from './server/messages.ts';
import { registerChatNotices } from './server/notify.ts';
import { chatRoutes } from './server/routes.ts';
import { createInbox, inboxRoutes } from './server/inbox.ts';
import { conversationBetween } from './server/send.ts';
import { chatData } from './server/personal-data.ts';
import { authRef } from '../auth/server.ts';
import { membersRef } from '../members/server.ts';
import { creditsRef } from '../credits/server.ts';
import { notificationsRef } from '../notifications/server.ts';
import chatPlugin from './plugin.ts';

/** What the chat offers other plugins (e.g. payments' price list shows what messages cost). */
export interface ChatService {
  /** What one message of each kind costs on this site, in credits (a gift: its price unit, `gift_credits`). */
  messageCosts(site: SiteSettings): { message: number; photo: number; gift: number };
  /** How many conversations the member is in (the console's member page). */
  conversationCount(userId: number): Promise<number>;
}

/** The chat service, for a plugin's `deps` (usually `optional(chatRef)`). */
export const chatRef = serviceRef<ChatService>('chat');

/** Conversations with text, photo and gift messages, paid for with credits, delivered live. */
export default defineServerPlugin(chatPlugin, {
  deps: { auth: authRef, members: membersRef, credits: creditsRef, notifications: optional(notificationsRef) },
  migrations: chatMigrations,
  init(kernel) {
    const { auth, members, credits, notifications } = kernel.deps;
    kernel.services.provide(chatRef, {
      messageCosts: (site) => ({ message: site.message_credits, photo: site.photo_credits, gift: site.gift_credits }),
      async conversationCount(userId) {
        const row = await kernel.db.selectFrom('chat_members').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
        return Number(row.n);
      },
    });
    registerChatNotices(kernel, { members, notifications });
    // Members who share a conversation see each other even in invisible mode.
    members.addContactRule((viewer, member, db) => conversationBetween(db, viewer, member));
    // Photos a member sent leave with the account (the rows go by cascade).
    auth.onErase(async (userId, db) => {
      const rows = await db.selectFrom('chat_messages').select('photo_key').where('sender_id', '=', userId).where('photo_key', 'is not', null).execute();
      for (const r of rows) await Promise.all(Object.values(chatPhotoFiles(r.photo_key!)).map((f) => kernel.storage.remove(f)));
    });
    // A member's copy of their data (GDPR articles 15 and 20) holds their conversations.
    auth.addPersonalData(chatData(members));
    // The operators' inbox: members' messages to fictional profiles, answered from the console.
    // Messages stored and delivered (members' and operators'), by kind: their rate on /metrics.
    const sent = kernel.metrics.counter({ name: 'chat_messages_total', help: 'Chat messages sent on this instance, by kind (text, photo, gift)', labelNames: ['kind'] as const });
    const inbox = createInbox(kernel, { members, credits, auth, sent });
    return { send: { members, credits, sent }, inbox };
  },
  async api(app, kernel) {
    await chatRoutes(app, kernel, kernel.state.send);
    inboxRoutes(app, kernel, kernel.state.inbox);
  },
});
