import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import { deleteChat, listChats, markRead, type ChatEntry, type ChatMessage, type ChatsResponse, type ReadEvent } from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';
import { sameData } from '../../../kernel/web/same.ts';

const LAST_OPENED_KEY = 'chat:last-opened';

/** The chats list, the unread counts, and the last chat profile the member opened. */
export const ChatStore = types
  .model('ChatStore', {
    chats: types.frozen<ChatEntry[]>([]),
    loaded: false,
    lastOpened: types.frozen<{ profileId: number; at: string } | null>(null),
  })
  .volatile(() => ({ loading: false, error: null as unknown }))
  .views((self) => ({
    get totalUnread() {
      return self.chats.reduce((n, c) => n + c.num_unread_messages, 0);
    },
    byId(id: number) {
      return self.chats.find((c) => c.conversation.id === id);
    },
  }))
  .actions((self) => {
    const api = () => getEnv<StoreEnv>(self).api;
    const replace = (id: number, fn: (c: ChatEntry) => ChatEntry) => {
      self.chats = self.chats.map((c) => (c.conversation.id === id ? fn(c) : c));
    };
    return {
      /** The list the page carries (boot data `chats`): /chats shows it from the first paint. */
      hydrate(res: ChatsResponse) {
        self.chats = res.chats;
        self.loaded = true;
      },
      /** The progress indicator shows on the first load only (polls are silent). */
      load: flow(function* () {
        self.loading = !self.loaded;
        try {
          const res: ChatsResponse = yield api().call(listChats);
          // A poll that brings nothing new changes nothing (the list and the badges observe it).
          if (!sameData(self.chats, res.chats)) self.chats = res.chats;
          self.loaded = true;
          self.error = null;
        } catch (err) {
          self.error = err;
        } finally {
          self.loading = false;
        }
      }),
      /** A message arrived (or one I sent from another tab). Unknown conversations are fetched. */
      received(message: ChatMessage, mine: boolean, openId: number | null): boolean {
        const entry = self.chats.find((c) => c.conversation.id === message.conversation_id);
        if (!entry) return false;
        // The list has it (or a newer one) already: a send retried by its page is delivered again.
        if ((entry.conversation.last_message?.id ?? 0) >= message.id) return true;
        const counts = !mine && openId !== message.conversation_id;
        const updated: ChatEntry = {
          ...entry,
          conversation: { ...entry.conversation, last_message: message, updated_at: message.created_at },
          num_unread_messages: entry.num_unread_messages + (counts ? 1 : 0),
        };
        self.chats = [updated, ...self.chats.filter((c) => c !== entry)];
        return true;
      },
      read(event: ReadEvent, me: number) {
        if (event.reader === me) replace(event.conversation_id, (c) => ({ ...c, num_unread_messages: 0 }));
        else replace(event.conversation_id, (c) => ({ ...c, conversation: { ...c.conversation, read_up_to: event.read_up_to } }));
      },
      /** Opening a conversation: its unread count is 0 at once, and the server is told. */
      markRead: flow(function* (id: number) {
        replace(id, (c) => ({ ...c, num_unread_messages: 0 }));
        yield api().call(markRead, { body: { id, read: true } }).catch(() => {});
      }),
      /** Removed from the list at once; if the server refuses, the error is shown and the list reloaded. */
      remove: flow(function* (id: number) {
        self.chats = self.chats.filter((c) => c.conversation.id !== id);
        yield api().call(deleteChat, { body: { id } });
      }),
      rememberOpened(profileId: number) {
        self.lastOpened = { profileId, at: new Date().toISOString() };
        try { localStorage.setItem(LAST_OPENED_KEY, JSON.stringify(self.lastOpened)); } catch { /* private mode */ }
      },
      restore() {
        try {
          const raw = localStorage.getItem(LAST_OPENED_KEY);
          if (raw) self.lastOpened = JSON.parse(raw);
        } catch { /* nothing remembered */ }
      },
      clear() {
        self.chats = [];
        self.loaded = false;
      },
    };
  });

export type ChatStoreInstance = Instance<typeof ChatStore>;

/** This plugin's store slice: `chatSlice.of(kernel)`. */
export const chatSlice = storeSlice('chat', ChatStore);
