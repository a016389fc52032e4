import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { ChatMessage, ChatResponse, SendResponse } from '../contract.ts';
import { ConversationModel } from './conversation.ts';

const ME = 5;
const PARTNER = 9;
const CONV = 3;
const msg = (id: number, sender: number, key: string | null = null): ChatMessage => ({
  id, conversation_id: CONV, sender_id: sender, kind: 'text', text: `m${id}`, gift: null, photo: null, created_at: new Date(id * 1000).toISOString(), key,
});
const chat = (messages: ChatMessage[]): ChatResponse => ({
  conversation: { id: CONV, started_by: PARTNER, last_message: messages.at(-1) ?? null, updated_at: new Date().toISOString(), read_up_to: 0 },
  profile: { id: PARTNER, name: 'P', gender: 'female', age: 30, city: 'Bristol', country: 'GB', region: 'bristol', main_image: null, online: true, premium: false, fictional: false },
  messages, has_hidden: false, blocker: null, free_messages_left: 0,
});

describe('a conversation catching up after its socket was down', () => {
  it('asks for what came after the newest message from the server, not after its own send made meanwhile', async () => {
    const asked: unknown[] = [];
    const api = fakeApi({
      'GET /api/chat.php': () => chat([msg(1, PARTNER), msg(2, ME)]),
      // The socket is down; the member still sends over HTTP and gets their message (id 10) back.
      'POST /api/messages.php': (body) => ({
        message: msg(10, ME, (body as { key: string }).key), conversation_id: CONV, credits: 0, charged: 0, free_messages_left: 0,
      } satisfies SendResponse),
      // Meanwhile the partner wrote id 7 (before the member's 10): the catch-up must bring it.
      'GET /api/messages.php': (_body, query) => {
        asked.push(query);
        return { messages: [msg(7, PARTNER), msg(10, ME)], read_up_to: 2 };
      },
    });
    const model = new ConversationModel(api, ME, { id: CONV });
    await model.load();
    expect(model.synced).toBe(2);
    await model.send('text', 'while offline');
    expect(model.messages.map((m) => m.id)).toEqual([1, 2, 10]);
    expect(model.synced).toBe(2); // its own answer does not count as caught up

    await model.catchUp();
    expect(asked).toEqual([{ conversation: String(CONV), after: '2' }]); // as the query string carries them
    // Each message once, in order; a socket event for one it has changes nothing.
    expect(model.messages.map((m) => m.id)).toEqual([1, 2, 7, 10]);
    model.add(msg(7, PARTNER));
    expect(model.messages.map((m) => m.id)).toEqual([1, 2, 7, 10]);
    expect(model.synced).toBe(10);
  });
});
