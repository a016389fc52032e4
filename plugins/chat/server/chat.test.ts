import crypto from 'node:crypto';
import sharp from 'sharp';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, socketEvents, type TestApp } from '../../../kernel/server/testing.ts';
import { FREE_CONVERSATIONS, FREE_MESSAGES, type ChatResponse, type ChatsResponse, type SendResponse } from '../contract.ts';
import { NOTIFY_JOB, sendReminders } from './notify.ts';
import { creditsRef } from '../../credits/server.ts';
import { notificationsRef } from '../../notifications/server.ts';
import { membersRef } from '../../members/server.ts';
import { sendMessage } from './send.ts';
import { CATCH_UP_OVERLAP_MS } from './routes.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const key = () => crypto.randomBytes(9).toString('base64url');
type Member = Awaited<ReturnType<typeof addMember>>;
const send = (from: Member, to: Member, body: Record<string, unknown> = {}) => t.call({
  method: 'POST', url: '/api/messages.php', cookie: from.cookie, payload: { to: to.id, kind: 'text', text: 'Hello there!', key: key(), ...body },
});
const chats = async (m: Member) => (await t.call({ method: 'GET', url: '/api/chats.php', cookie: m.cookie })).json() as ChatsResponse;
const credits = (id: number) => t.kernel.services.get(creditsRef).balance(id);
/** The member's ledger, oldest first. */
const ledger = async (id: number) => (await t.kernel.services.get(creditsRef).entries(id)).reverse();
const setSite = (patch: Record<string, unknown>) => t.kernel.sites.update('default', patch);

/** Opens a socket as the member and collects what arrives. */
async function socketOf(m: Member) {
  const ws: WebSocket = await t.app.injectWS('/api/socket', { headers: { cookie: m.cookie } });
  return { ws, ...socketEvents(ws) };
}

describe('chat: sending and reading', () => {
  it('delivers a first message, lists the conversation for both with the unread count, and reading clears it', async () => {
    const anna = await addMember(t, { name: 'Anna', gender: 'female', premium: true, credits: 50 });
    const ben = await addMember(t, { name: 'Ben' });
    const res = await send(anna, ben, { text: '  Hi Ben!\r\nHow are you?  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SendResponse;
    expect(body.message).toMatchObject({ kind: 'text', text: 'Hi Ben!\nHow are you?', sender_id: anna.id });
    expect(body).toMatchObject({ charged: 5, credits: 45 });

    const benList = await chats(ben);
    expect(benList.chats).toHaveLength(1);
    expect(benList.chats[0]).toMatchObject({ num_unread_messages: 1, profile: { id: anna.id, name: 'Anna' } });
    expect(benList.chats[0].conversation.last_message?.text).toBe('Hi Ben!\nHow are you?');
    expect((await chats(anna)).chats[0]).toMatchObject({ num_unread_messages: 0, profile: { id: ben.id } });

    const cid = body.conversation_id;
    const view = (await t.call({ method: 'GET', url: `/api/chat.php?id=${cid}`, cookie: ben.cookie })).json() as ChatResponse;
    expect(view.messages.map((m) => m.text)).toEqual(['Hi Ben!\nHow are you?']);
    expect(view.messages[0].key).toBeNull(); // the sender's idempotency key is only for the sender
    expect(view.blocker).toBeNull();
    const read = await t.call({ method: 'PUT', url: '/api/chat.php', cookie: ben.cookie, payload: { id: cid, read: true } });
    expect(read.json()).toEqual({ read_up_to: body.message.id });
    expect((await chats(ben)).chats[0].num_unread_messages).toBe(0);
    expect((await chats(anna)).chats[0].conversation.read_up_to).toBe(body.message.id);

    // The same conversation is found from the profile side, and strangers cannot open it.
    const byMember = (await t.call({ method: 'GET', url: `/api/chat.php?member=${anna.id}`, cookie: ben.cookie })).json() as ChatResponse;
    expect(byMember.conversation?.id).toBe(cid);
    const eve = await addMember(t, { name: 'Eve' });
    expect((await t.call({ method: 'GET', url: `/api/chat.php?id=${cid}`, cookie: eve.cookie })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: '/api/chat.php', cookie: eve.cookie, payload: { id: cid, read: true } })).statusCode).toBe(404);
  });

  it('refuses bad input with a named reason and stores nothing', async () => {
    const a = await addMember(t, { premium: true, credits: 100 });
    const b = await addMember(t);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ text: '   ' }, 400, 'message_empty'],
      [{ text: 'x'.repeat(1001) }, 400, 'message_too_long'],
      [{ kind: 'gift', gift: 'yacht' }, 400, 'invalid_input'],
      [{ kind: 'video' }, 400, 'invalid_input'],
      [{ key: 'short' }, 400, 'invalid_input'],
      [{ to: a.id }, 404, 'profile_not_found'],
      [{ to: 999999 }, 404, 'profile_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(a, b, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toBe(code);
    }
    expect(await credits(a.id)).toBe(100);
    expect((await chats(a)).chats).toHaveLength(0);
    // Emoji count as one character each: 1000 of them fit.
    expect((await send(a, b, { text: '😀'.repeat(1000) })).statusCode).toBe(200);
    // Without a session, or without the client header, nothing is sent.
    expect((await t.call({ method: 'POST', url: '/api/messages.php', payload: { to: b.id, kind: 'text', text: 'x', key: key() } })).json().error).toBe('authentication_required');
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/messages.php', headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: { to: b.id, kind: 'text', text: 'x', key: key() } });
    expect(noHeader.statusCode).toBe(403);
  });

  it('sends gifts at their catalogue price and photo messages for premium members', async () => {
    const a = await addMember(t, { premium: true, credits: 200 });
    const b = await addMember(t, { credits: 200 });
    const gift = (await send(a, b, { kind: 'gift', gift: 'ring' })).json() as SendResponse;
    expect(gift).toMatchObject({ charged: 100, credits: 100, message: { kind: 'gift', gift: 'ring', text: '' } });

    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c235c1' } }).jpeg().toBuffer();
    const photo = await t.app.inject({
      method: 'POST', url: `/api/chat-photo.php?to=${b.id}&key=${key()}`, payload: jpeg,
      headers: { cookie: a.cookie, 'x-request-type': 'client', 'content-type': 'image/jpeg' },
    });
    expect(photo.statusCode).toBe(200);
    const sent = photo.json() as SendResponse;
    expect(sent).toMatchObject({ charged: 10, credits: 90, message: { kind: 'photo' } });
    const file = await t.app.inject({ method: 'GET', url: sent.message.photo!.url });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);

    // A free member may not send photos, whatever their credits.
    const refused = await t.app.inject({
      method: 'POST', url: `/api/chat-photo.php?to=${a.id}&key=${key()}`, payload: jpeg,
      headers: { cookie: b.cookie, 'x-request-type': 'client', 'content-type': 'image/jpeg' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('premium_required');
    // Not a picture: refused, nothing charged.
    const junk = await t.app.inject({
      method: 'POST', url: `/api/chat-photo.php?to=${b.id}&key=${key()}`, payload: Buffer.from('not a photo at all'),
      headers: { cookie: a.cookie, 'x-request-type': 'client', 'content-type': 'image/jpeg' },
    });
    expect(junk.statusCode).toBe(400);
    expect(await credits(a.id)).toBe(90);
  });

  it('deletes a conversation for one member only; a new message brings it back without the old history', async () => {
    const a = await addMember(t, { premium: true, credits: 100 });
    const b = await addMember(t, { premium: true, credits: 100 });
    const first = (await send(a, b, { text: 'old news' })).json() as SendResponse;
    const del = await t.call({ method: 'DELETE', url: '/api/chat.php', cookie: b.cookie, payload: { id: first.conversation_id } });
    expect(del.statusCode).toBe(200);
    expect((await chats(b)).chats).toHaveLength(0);
    expect((await chats(a)).chats).toHaveLength(1);
    await send(a, b, { text: 'fresh start' });
    const again = await chats(b);
    expect(again.chats).toHaveLength(1);
    const view = (await t.call({ method: 'GET', url: `/api/chat.php?id=${first.conversation_id}`, cookie: b.cookie })).json() as ChatResponse;
    expect(view.messages.map((m) => m.text)).toEqual(['fresh start']);
    expect((await t.call({ method: 'DELETE', url: '/api/chat.php', cookie: b.cookie, payload: { id: 999999 } })).statusCode).toBe(404);
  });
});

describe('chat: credits and the free members\' rules', () => {
  it('100 parallel sends with 10 credits store exactly 10 messages, leave 0 and a ledger that sums up', async () => {
    await setSite({ message_credits: 1 });
    try {
      const rich = await addMember(t, { premium: true, credits: 10 });
      const other = await addMember(t);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(rich, other, { text: `message ${i}` })));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 402)).toHaveLength(90);
      expect(results.find((r) => r.statusCode === 402)!.json()).toMatchObject({ error: 'not_enough_credits' });
      const stored = await t.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll().as('n')).where('sender_id', '=', rich.id).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(10);
      expect(await credits(rich.id)).toBe(0);
      const rows = await ledger(rich.id);
      expect(rows.map((r) => r.amount)).toEqual([10, ...Array(10).fill(-1)]);
      expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
      expect(rows.at(-1)!.balance_after).toBe(0);
    } finally {
      await setSite({ message_credits: 5 });
    }
  });

  it('a retried send with the same key is stored and charged once, even when both arrive together', async () => {
    const a = await addMember(t, { premium: true, credits: 20 });
    const b = await addMember(t);
    const k = key();
    const [r1, r2] = await Promise.all([send(a, b, { key: k }), send(a, b, { key: k })]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json().message.id).toBe(r2.json().message.id);
    const r3 = await send(a, b, { key: k, text: 'a different text changes nothing' });
    expect(r3.json().message.text).toBe('Hello there!');
    expect(await credits(a.id)).toBe(15);
    expect((await ledger(a.id)).filter((r) => r.amount < 0)).toHaveLength(1);
  });

  it('two members writing their first messages to each other at the same moment both get through (no deadlock on PostgreSQL)', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, async () => [await addMember(t, { premium: true, credits: 50 }), await addMember(t, { premium: true, credits: 50 })] as const));
    const answers = await Promise.all(pairs.flatMap(([x, y]) => [send(x, y), send(y, x)]));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    // One conversation per pair, both messages in it.
    for (let i = 0; i < pairs.length; i++) expect(answers[2 * i].json().conversation_id).toBe(answers[2 * i + 1].json().conversation_id);
  });

  it(`gives free members ${FREE_MESSAGES} free messages, then charges credits, then asks to buy credits`, async () => {
    const free = await addMember(t, { credits: 5 });
    const b = await addMember(t);
    for (let i = 0; i < FREE_MESSAGES; i++) {
      const r = (await send(free, b)).json() as SendResponse;
      expect(r).toMatchObject({ charged: 0, free_messages_left: FREE_MESSAGES - i - 1 });
    }
    expect((await send(free, b)).json()).toMatchObject({ charged: 5, credits: 0 });
    const broke = await send(free, b);
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({ error: 'not_enough_credits', message: 'Not enough credits to send a message (buy credits)' });
    // Gifts always cost credits.
    expect((await send(free, b, { kind: 'gift', gift: 'rose' })).statusCode).toBe(402);
  });

  it(`lets a free member start ${FREE_CONVERSATIONS} conversations, and still answer others`, async () => {
    const free = await addMember(t, { credits: 100 });
    const others = await Promise.all([1, 2, 3].map(() => addMember(t)));
    expect((await send(free, others[0])).statusCode).toBe(200);
    expect((await send(free, others[1])).statusCode).toBe(200);
    const third = await send(free, others[2]);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ error: 'conversation_limit', params: { limit: FREE_CONVERSATIONS } });
    const view = (await t.call({ method: 'GET', url: `/api/chat.php?member=${others[2].id}`, cookie: free.cookie })).json() as ChatResponse;
    expect(view).toMatchObject({ conversation: null, blocker: 'conversation_limit' });
    // Deleting one does not free a place.
    const cid = (await chats(free)).chats[0].conversation.id;
    await t.call({ method: 'DELETE', url: '/api/chat.php', cookie: free.cookie, payload: { id: cid } });
    expect((await send(free, others[2])).statusCode).toBe(403);
    // Someone else may write to them, and they may answer.
    const premium = await addMember(t, { premium: true, credits: 10 });
    expect((await send(premium, free)).statusCode).toBe(200);
    expect((await send(free, premium)).statusCode).toBe(200);
  });

  it('keeps blocked members apart and waits for an unconfirmed partner to confirm', async () => {
    const a = await addMember(t, { name: 'Alma', premium: true, credits: 100 });
    const b = await addMember(t, { name: 'Bert', premium: true, credits: 100 });
    await send(a, b);
    await t.call({ method: 'POST', url: '/api/block.php', cookie: b.cookie, payload: { id: a.id } });
    const blocked = await send(a, b);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: 'blocked', params: { name: 'Bert' } });
    expect((await chats(a)).chats).toHaveLength(0);
    await t.call({ method: 'DELETE', url: '/api/block.php', cookie: b.cookie, payload: { id: a.id } });

    await t.database.db.updateTable('users').set({ status: 'not_confirmed' }).where('id', '=', a.id).execute();
    const wait = await send(b, a);
    expect(wait.statusCode).toBe(403);
    expect(wait.json()).toMatchObject({ error: 'partner_unconfirmed', params: { name: 'Alma' } });
    const view = (await t.call({ method: 'GET', url: `/api/chat.php?member=${a.id}`, cookie: b.cookie })).json() as ChatResponse;
    expect(view.blocker).toBe('partner_unconfirmed');
    // The unconfirmed member may still write.
    expect((await send(a, b)).statusCode).toBe(200);
    expect(await credits(b.id)).toBe(100); // the refused send took nothing
  });
});

describe('chat: realtime', () => {
  it('pushes new messages, typing and read state to the partner\'s open sockets', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t);
    const bSock = await socketOf(b);
    const aSock = await socketOf(a);
    const sent = (await send(a, b, { text: 'live!' })).json() as SendResponse;
    const arrived = await bSock.next('chat:message');
    expect(arrived).toMatchObject({ from: a.id, message: { id: sent.message.id, text: 'live!', key: null } });
    // The sender's other tabs get it too, with their key to match the pending copy.
    expect((await aSock.next('chat:message')).message).toMatchObject({ key: sent.message.key });

    aSock.ws.send(JSON.stringify({ type: 'chat:typing', conversation_id: sent.conversation_id }));
    expect(await bSock.next('chat:typing')).toEqual({ type: 'chat:typing', conversation_id: sent.conversation_id, from: a.id });
    // Typing into someone else's conversation goes nowhere.
    const c = await addMember(t);
    const cSock = await socketOf(c);
    cSock.ws.send(JSON.stringify({ type: 'chat:typing', conversation_id: sent.conversation_id }));

    await t.call({ method: 'PUT', url: '/api/chat.php', cookie: b.cookie, payload: { id: sent.conversation_id, read: true } });
    expect(await aSock.next('chat:read')).toMatchObject({ conversation_id: sent.conversation_id, read_up_to: sent.message.id, reader: b.id });
    expect(aSock.events.filter((e) => e.type === 'chat:typing')).toHaveLength(0);
    for (const s of [aSock, bSock, cSock]) s.ws.terminate();
  });

  it('after a block the blocked member gets no typing or read events and cannot re-read the history', async () => {
    const a = await addMember(t, { name: 'Agnes', premium: true, credits: 50 });
    const b = await addMember(t, { name: 'Boris', premium: true, credits: 50 });
    const sent = (await send(a, b, { text: 'before the block' })).json() as SendResponse;
    await send(b, a, { text: 'my answer' });
    const cid = sent.conversation_id;
    const aSock = await socketOf(a);
    const bSock = await socketOf(b);
    const blockRes = await t.call({ method: 'POST', url: '/api/block.php', cookie: a.cookie, payload: { id: b.id } });
    expect(blockRes.statusCode).toBe(200);

    // Typing and read state of the blocker go nowhere; the blocker cannot open or mark it either.
    aSock.ws.send(JSON.stringify({ type: 'chat:typing', conversation_id: cid }));
    const aRead = await t.call({ method: 'PUT', url: '/api/chat.php', cookie: a.cookie, payload: { id: cid, read: true } });
    expect(aRead.statusCode).toBe(403);
    expect(aRead.json()).toMatchObject({ error: 'you_blocked' });
    // Nor do the blocked member's.
    bSock.ws.send(JSON.stringify({ type: 'chat:typing', conversation_id: cid }));
    const bRead = await t.call({ method: 'PUT', url: '/api/chat.php', cookie: b.cookie, payload: { id: cid, read: true } });
    expect(bRead.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    await t.kernel.realtime.publish([a.id, b.id], { type: 'test:sentinel' } as never);
    await Promise.all([aSock.next('test:sentinel'), bSock.next('test:sentinel')]);
    for (const s of [aSock, bSock]) expect(s.events.filter((e) => e.type === 'chat:typing' || e.type === 'chat:read')).toEqual([]);

    // The old messages: not by the conversation view, not by the catch-up call, not in the list.
    const view = await t.call({ method: 'GET', url: `/api/chat.php?id=${cid}`, cookie: b.cookie });
    expect(view.statusCode).toBe(403);
    expect(view.json()).toMatchObject({ error: 'blocked', message: 'Blocked by Agnes: no access.', params: { name: 'Agnes' } });
    const byMember = await t.call({ method: 'GET', url: `/api/chat.php?member=${a.id}`, cookie: b.cookie });
    expect(byMember.statusCode).toBe(403);
    const catchUp = await t.call({ method: 'GET', url: `/api/messages.php?conversation=${cid}&after=0`, cookie: b.cookie });
    expect(catchUp.statusCode).toBe(403);
    expect(catchUp.json()).toMatchObject({ error: 'blocked', params: { name: 'Agnes' } });
    expect(JSON.stringify(catchUp.json())).not.toContain('before the block');
    expect((await chats(b)).chats).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/messages.php?conversation=${cid}&after=0`, cookie: a.cookie })).json()).toMatchObject({ error: 'you_blocked' });

    // Unblocking restores all of it.
    await t.call({ method: 'DELETE', url: '/api/block.php', cookie: a.cookie, payload: { id: b.id } });
    aSock.ws.send(JSON.stringify({ type: 'chat:typing', conversation_id: cid }));
    expect(await bSock.next('chat:typing')).toMatchObject({ conversation_id: cid, from: a.id });
    const again = await t.call({ method: 'GET', url: `/api/messages.php?conversation=${cid}&after=0`, cookie: b.cookie });
    expect((again.json() as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['before the block', 'my answer']);
    for (const s of [aSock, bSock]) s.ws.terminate();
  });

  it('a retry of a send stored but never delivered (its instance stopped in between) delivers it, to the conversation only', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t);
    const c = await addMember(t);
    const [bSock, cSock] = [await socketOf(b), await socketOf(c)];
    // The first attempt: stored and charged, then the process ends before `deliver` (no publish).
    const k = key();
    const deps = { credits: t.kernel.services.get(creditsRef), members: t.kernel.services.get(membersRef) };
    const stored = await sendMessage(t.kernel, deps, await t.kernel.sites.resolve('localhost'), { from: a.id, to: b.id, kind: 'text', text: 'lost on the way', gift: null, photoKey: null, key: k });
    expect(bSock.events).toHaveLength(0);
    // The page retries with the same key: the same message, charged once, and now b gets it live.
    const retry = (await send(a, b, { key: k, text: 'lost on the way' })).json() as SendResponse;
    expect(retry.message.id).toBe(Number(stored.row.id));
    expect(await bSock.next('chat:message')).toMatchObject({ from: a.id, message: { id: retry.message.id, text: 'lost on the way' } });
    expect(await credits(a.id)).toBe(45);
    // The same key aimed at someone else: the stored message goes to its own conversation again, never to c.
    await send(a, c, { key: k });
    await new Promise((r) => setTimeout(r, 200));
    expect(bSock.events.filter((e) => e.type === 'chat:message')).toHaveLength(2);
    expect(cSock.events).toHaveLength(0);
    for (const s of [bSock, cSock]) s.ws.terminate();
  });

  it('a catch-up brings recent messages below the page\'s newest (a delayed delivery), not old ones', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t, { premium: true, credits: 50 });
    // a's message is stored first (smaller id) but, say, delivered late; b's own newer one is what b's page has.
    const late = (await send(a, b, { text: 'delayed' })).json() as SendResponse;
    const mine = (await send(b, a, { text: 'newer' })).json() as SendResponse;
    expect(mine.message.id).toBeGreaterThan(late.message.id);
    const catchUp = async () => ((await t.call({ method: 'GET', url: `/api/messages.php?conversation=${late.conversation_id}&after=${mine.message.id}`, cookie: b.cookie })).json() as { messages: { id: number }[] }).messages.map((m) => m.id);
    expect(await catchUp()).toEqual([late.message.id, mine.message.id]);
    t.kernel.clock.advance(CATCH_UP_OVERLAP_MS + 1000);
    expect(await catchUp()).toEqual([]);
  });

  it('refuses a socket without a session or from another site', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/socket', headers: { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': crypto.randomBytes(16).toString('base64') } });
    expect(anon.statusCode).toBe(403);
    const m = await addMember(t);
    await expect(t.app.injectWS('/api/socket', { headers: { cookie: m.cookie, origin: 'https://evil.example' } })).rejects.toThrow();
  });
});

describe('chat: notices for members who are away', () => {
  const runNotices = async () => {
    t.kernel.clock.advance(3000);
    await t.kernel.jobs.runDue({ periodic: 'none' });
  };

  it('mails an away member about a new conversation once, and not one who is reading along', async () => {
    const a = await addMember(t, { name: 'Clara', premium: true, credits: 50 });
    const away = await addMember(t, { name: 'Dirk' });
    await send(a, away);
    await runNotices();
    const mails = await t.mails(away.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Clara');
    expect(mails[0].text).toMatch(/\/chats\/\d+/);
    expect(mails[0].headers?.['List-Unsubscribe']).toBeTruthy();
    // A second message before they read: no second mail.
    await send(a, away);
    await runNotices();
    expect(await t.mails(away.email)).toHaveLength(1);

    const here = await addMember(t, { name: 'Emil' });
    const sock = await socketOf(here);
    await new Promise((r) => setTimeout(r, 50));
    await send(a, here);
    await runNotices();
    expect(await t.mails(here.email)).toHaveLength(0);
    // The page says it is hidden: now they are away.
    expect((await t.call({ method: 'POST', url: '/api/page-hidden.php', cookie: here.cookie, payload: {} })).json()).toEqual({ away: true });
    await send(a, here, { text: 'are you there?' });
    await runNotices();
    expect(await t.mails(here.email)).toHaveLength(1);
    sock.ws.terminate();
  });

  it('respects switched-off categories', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const quiet = await addMember(t);
    await t.call({ method: 'PUT', url: '/api/notifications.php', cookie: quiet.cookie, payload: { notifications_disabled: ['new_conversations'] } });
    await send(a, quiet);
    await runNotices();
    expect(await t.mails(quiet.email)).toHaveLength(0);
    const jobs = await t.database.db.selectFrom('kernel_jobs').select(['done_at']).where('kind', '=', NOTIFY_JOB).execute();
    expect(jobs.every((j) => j.done_at)).toBe(true);
  });

  it('reminds of messages unread for a day, once every few days', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t);
    const sent = (await send(a, b)).json() as SendResponse;
    await runNotices();
    const before = (await t.mails(b.email)).length;
    t.kernel.clock.advance(25 * 3600_000);
    expect(await sendReminders(t.kernel, t.kernel.services.find(notificationsRef))).toBeGreaterThanOrEqual(1);
    const mails = await t.mails(b.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('/chats');
    await sendReminders(t.kernel, t.kernel.services.find(notificationsRef));
    expect(await t.mails(b.email)).toHaveLength(before + 1);
    // Read: nothing more to remind of.
    await t.call({ method: 'PUT', url: '/api/chat.php', cookie: b.cookie, payload: { id: sent.conversation_id, read: true } });
    t.kernel.clock.advance(4 * 86400_000);
    await sendReminders(t.kernel, t.kernel.services.find(notificationsRef));
    expect(await t.mails(b.email)).toHaveLength(before + 1);
  });
});

// Two instances need a shared database server and Redis between them: the PostgreSQL + Redis run
// of the suite (TEST_DATABASE_URL and REDIS_URL set) proves it; PGlite is one process by design.
describe.skipIf(!(process.env.TEST_DATABASE_URL && process.env.REDIS_URL))('chat: two instances', () => {
  it('a message sent through instance A reaches a socket on instance B', async () => {
    const b2 = await createTestApp({ join: t });
    try {
      const a = await addMember(t, { premium: true, credits: 50 });
      const b = await addMember(t);
      const ws: WebSocket = await b2.app.injectWS('/api/socket', { headers: { cookie: b.cookie } });
      const got = new Promise<Record<string, unknown>>((resolve) => ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
      await new Promise((r) => setTimeout(r, 100)); // B's subscription is up
      const sent = (await send(a, b, { text: 'across instances' })).json() as SendResponse;
      expect(await got).toMatchObject({ type: 'chat:message', message: { id: sent.message.id, text: 'across instances' } });
      ws.terminate();
    } finally {
      await b2.close();
    }
  });
});
