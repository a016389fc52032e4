import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { chatMigrations } from './server/migrations.ts';
import { chatPhotoFiles } from './server/messages.ts';
import { registerChatNotices } from './server/notify.ts';
import { chatRoutes } from './server/routes.ts';
import { conversationBetween } from './server/send.ts';
import { authRef } from '../auth/server.ts';
import { membersRef } from '../members/server.ts';
import chatPlugin from './plugin.ts';

/** Conversations with text, photo and gift messages, paid for with credits, delivered live. */
export default defineServerPlugin(chatPlugin, {
  migrations: chatMigrations,
  init(kernel) {
    registerChatNotices(kernel);
    // Members who share a conversation see each other even in invisible mode.
    kernel.services.get(membersRef).addContactRule((viewer, member, db) => conversationBetween(db, viewer, member));
    // Photos a member sent leave with the account (the rows go by cascade).
    kernel.services.get(authRef).onErase(async (userId, db) => {
      const rows = await db.selectFrom('chat_messages').select('photo_key').where('sender_id', '=', userId).where('photo_key', 'is not', null).execute();
      for (const r of rows) await Promise.all(Object.values(chatPhotoFiles(r.photo_key!)).map((f) => kernel.storage.remove(f)));
    });
  },
  api: chatRoutes,
});
