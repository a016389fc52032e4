import { reaction } from 'mobx';
import { definePlugin } from '../../kernel/web/plugin.ts';
import { chatSlice } from './web/store.ts';
import chatPlugin from './plugin.ts';
import type { ChatsResponse } from './contract.ts';

const chat = (k: { store: Record<string, unknown> }) => chatSlice.of(k);
// A conversation on screen (and the page visible) takes new messages as read; elsewhere they count.
const openConversation = (route: { name: string; params: Record<string, string> }) =>
  (route.name === 'chats-id' && document.visibilityState !== 'hidden' ? Number(route.params.id) : null);

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
declare module '../../kernel/web/ui/Icon.tsx' { interface IconNames { chat: true } }
declare module '../../kernel/web/plugin.ts' {
  interface ModalProps {
    /** Suggested first messages for a conversation with `name`; the chosen one goes to `onPick`. */
    'chat-icebreaker': { name: string; onPick(text: string): void };
  }
}

export default definePlugin(chatPlugin, {
  icons: { chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v11.2L8.3 16H20V6H4z' },
  store: chatSlice,
  pages: [
    { name: 'chats', access: 'member', area: 'members', ssr: true, titleKey: 'chat:title', page: () => import('./web/ChatsPage.tsx') },
    { name: 'chats-id', access: 'member', layout: 'chat', titleKey: 'chat:conversation.title', page: () => import('./web/ConversationPage.tsx') },
    { name: 'members-id-chat', access: 'member', layout: 'chat', titleKey: 'chat:conversation.title', page: () => import('./web/ConversationPage.tsx') },
  ],
  navItems: [{
    id: 'messages', slot: 'top', order: 20, icon: 'chat', labelKey: 'chat:nav', route: 'chats',
    when: (ctx) => ctx.loggedIn, badge: (ctx) => chat(ctx).totalUnread, badgeTone: () => 'unread',
  }],
  panels: [{ id: 'start-chat', slot: 'member-actions', order: 5, component: () => import('./web/StartChatButton.tsx') }],
  modals: [{ id: 'chat-icebreaker', size: 'md', component: () => import('./web/IcebreakerModal.tsx') }],
  attentionCount: (ctx) => chat(ctx).totalUnread,
  hydrate(kernel) {
    // /chats carries the member's list (boot data): rendered on the server, shown from the first paint.
    const inline = kernel.bootData<ChatsResponse | null>('chats');
    if (inline) chat(kernel).hydrate(inline);
  },
  setup(kernel) {
    const store = chat(kernel);
    store.restore();
    const offs = [
      reaction(() => kernel.appState.loggedIn, (inn) => (inn ? void store.load() : store.clear()), { fireImmediately: true }),
      kernel.bus.on('poll', () => void store.load()),
      // After a reconnect the counts may have moved while the socket was down.
      kernel.bus.on('realtime:open', ({ reconnect }) => { if (reconnect) void store.load(); }),
      kernel.bus.on('realtime:event', (e) => {
        if (e.type === 'chat:message') {
          const { message } = e;
          const mine = message.sender_id === kernel.appState.userId;
          if (!store.received(message, mine, openConversation(kernel.appState.route))) void store.load();
        } else if (e.type === 'chat:read') {
          store.read(e, kernel.appState.userId ?? 0);
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  },
});
