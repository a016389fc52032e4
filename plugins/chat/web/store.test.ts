import { describe, expect, it } from 'vitest';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { ChatEntry, ChatMessage } from '../contract.ts';
import { ChatStore } from './store.ts';

const msg = (id: number, conversation: number, sender: number): ChatMessage => ({
  id, conversation_id: conversation, sender_id: sender, kind: 'text', text: `m${id}`, gift: null, photo: null, created_at: new Date(id * 1000).toISOString(), key: null,
});
const entry = (id: number, partner: number, unread: number): ChatEntry => ({
  conversation: { id, started_by: partner, last_message: msg(id * 10, id, partner), updated_at: new Date(id * 10_000).toISOString(), read_up_to: 0 },
  profile: { id: partner, name: `P${partner}`, gender: 'female', age: 30, city: 'Bristol', country: 'GB', region: 'bristol', main_image: null, online: false, premium: false, fictional: false },
  num_unread_messages: unread,
});

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/chats.php': () => ({ chats: [entry(2, 20, 3), entry(1, 10, 0)] }), 'PUT /api/chat.php': () => ({}), ...routes });
  return { api, store: ChatStore.create({}, { api, bus: new Bus(), i18n: {} }) };
}

describe('chat store', () => {
  it('counts unread messages, moves a conversation up when a message arrives and clears it when opened', async () => {
    const { api, store } = setup();
    await store.load();
    expect(store.totalUnread).toBe(3);
    expect(store.received(msg(99, 1, 10), false, null)).toBe(true);
    expect(store.chats.map((c) => c.conversation.id)).toEqual([1, 2]);
    expect(store.totalUnread).toBe(4);
    // In the open conversation, or sent by me: not unread.
    store.received(msg(100, 1, 10), false, 1);
    store.received(msg(101, 2, 5), true, null);
    expect(store.totalUnread).toBe(4);
    // The same message again (a retried send is delivered again): counted once.
    store.received(msg(99, 1, 10), false, null);
    expect(store.totalUnread).toBe(4);
    // Unknown conversation: the caller reloads.
    expect(store.received(msg(102, 77, 30), false, null)).toBe(false);
    await store.markRead(2);
    expect(store.totalUnread).toBe(1);
    expect(api.calls).toContain('PUT /api/chat.php');
    store.read({ type: 'chat:read', conversation_id: 1, read_up_to: 100, reader: 10 }, 5);
    expect(store.byId(1)!.conversation.read_up_to).toBe(100);
    store.read({ type: 'chat:read', conversation_id: 1, read_up_to: 100, reader: 5 }, 5);
    expect(store.totalUnread).toBe(0);
  });

  it('removes a conversation at once and lets the page know when the server refuses', async () => {
    const { store } = setup({ 'DELETE /api/chat.php': () => { throw new Error('refused'); } });
    await store.load();
    const pending = store.remove(2);
    expect(store.chats.map((c) => c.conversation.id)).toEqual([1]);
    await expect(pending).rejects.toThrow('refused');
  });

  it('remembers the last opened chat profile and its date', () => {
    const { store } = setup();
    store.rememberOpened(42);
    const again = setup().store;
    again.restore();
    expect(again.lastOpened?.profileId).toBe(42);
    expect(Date.parse(again.lastOpened!.at)).toBeLessThanOrEqual(Date.now());
  });
});
