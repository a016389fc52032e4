import type { PersonalDataSource } from '../../auth/server.ts';
import type { MembersService } from '../../members/server.ts';
import { chatPhotoFiles } from './messages.ts';

/**
 * The chat's part of a member's copy of their data (auth's addPersonalData): every conversation
 * they are in, with whom, and each message they sent or received (also those they deleted from
 * their own view: the chat still keeps them). Photos they sent are included as files.
 */
export const chatData = (members: Pick<MembersService, 'basics'>): PersonalDataSource => ({
  name: 'messages',
  about: 'chat:personalData.messages',
  async collect(userId, db) {
    const conversations = await db.selectFrom('chat_members as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select(['c.id', 'c.user_low', 'c.user_high', 'c.started_by', 'c.created_at', 'm.hidden'])
      .where('m.user_id', '=', userId).orderBy('c.id').execute();
    const ids = conversations.map((c) => c.id);
    const messages = ids.length ? await db.selectFrom('chat_messages')
      .select(['id', 'conversation_id', 'sender_id', 'kind', 'body', 'gift', 'photo_key', 'credits', 'created_at'])
      .where('conversation_id', 'in', ids).orderBy('conversation_id').orderBy('id').execute() : [];
    const partnerOf = (c: { user_low: number; user_high: number }) => (c.user_low === userId ? c.user_high : c.user_low);
    const names = await members.basics(conversations.map(partnerOf));
    const photo = (id: number | string) => `photo-${id}.jpg`;
    const sentPhotos = messages.filter((m) => m.sender_id === userId && m.photo_key);
    return {
      data: {
        conversations: conversations.map((c) => ({
          id: c.id, with_member: { id: partnerOf(c), name: names.get(partnerOf(c))?.name ?? null },
          started_by_you: c.started_by === userId, started_at: c.created_at, deleted_from_your_list: c.hidden,
          messages: messages.filter((m) => m.conversation_id === c.id).map((m) => {
            const sent = m.sender_id === userId;
            return {
              id: Number(m.id), direction: sent ? 'sent' : 'received', at: m.created_at, kind: m.kind, text: m.body, gift: m.gift,
              // Photos someone else sent are theirs: named, not copied.
              ...(m.kind === 'photo' ? { photo_file: sent && m.photo_key ? `messages/${photo(m.id)}` : null } : {}),
              ...(sent ? { credits_spent: m.credits } : {}),
            };
          }),
        })),
      },
      files: sentPhotos.map((m) => ({ key: chatPhotoFiles(m.photo_key!).full, name: photo(m.id) })),
    };
  },
});
