import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { jsonOf } from '../../../kernel/server/serialize.ts';
import { siteOrigin } from '../../../kernel/server/settings.ts';
import { acceptPhotoBodies, processUpload } from '../../members/server.ts';
import { PHOTO_LIMITS } from '../../members/contract.ts';
import {
  CHAT_HISTORY_LIMIT, FREE_CONVERSATIONS, FREE_MESSAGES, GIFTS,
  catchUp, deleteChat, getChat, listChats, markRead, sendMessage as sendEndpoint, sendPhoto, typing,
  type ChatBlocker, type ChatResponse, type ChatsResponse, type Conversation, type SendResponse,
} from '../contract.ts';
import { chatPhotoFiles, MESSAGE_COLUMNS, messageView, type MessageRow } from './messages.ts';
import { deliver, freeUsage, pairOf, premiumRequired, redeliver, sendMessage, type Outgoing, type SendDeps } from './send.ts';
import { accounts } from '../../auth/server.ts';

const LIST_LIMIT = 200;
/**
 * A catch-up also brings the conversation's messages of the last two minutes (at most 50) that sit
 * at or below the page's newest: a message whose delivery was delayed (its instance stopped between
 * storing and publishing it; the sender's retry published it again, seconds later) can have a
 * smaller id than messages the page got live meanwhile, and would never come otherwise.
 */
export const CATCH_UP_OVERLAP_MS = 2 * 60_000;
const CATCH_UP_OVERLAP_MESSAGES = 50;
// Generous for a person typing; a script is stopped here (and by the credits).
const SENDS_PER_MINUTE = 120;

interface MemberRow { id: number; started_by: number; updated_at: Date; unread: number; cleared_up_to: string | number; partner: number; partner_read: string | number }

export async function chatRoutes(app: FastifyInstance, kernel: Kernel, deps: SendDeps) {
  const { members, credits } = deps;
  const cdn = (req: FastifyRequest) => req.site.cdn_prefix ?? '';
  const db = kernel.db;

  const lastMessages = async (ids: number[], me: number) => {
    if (!ids.length) return new Map<number, MessageRow>();
    const { rows } = await sql<MessageRow>`SELECT DISTINCT ON (m.conversation_id) m.id, m.conversation_id, m.sender_id, m.kind, m.body, m.gift, m.photo_key, m.client_key, m.created_at
      FROM chat_messages m JOIN chat_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ${me}
      WHERE m.conversation_id = ANY(${ids}::int[]) AND m.id > cm.cleared_up_to
      ORDER BY m.conversation_id, m.id DESC`.execute(db);
    return new Map(rows.map((r) => [Number(r.conversation_id), r]));
  };

  const conversationView = (row: MemberRow, last: MessageRow | undefined, me: number): Conversation => ({
    id: row.id,
    started_by: row.started_by,
    last_message: last ? messageView(kernel.storage, last, me) : null,
    updated_at: new Date(row.updated_at).toISOString(),
    read_up_to: Number(row.partner_read),
  });

  const memberRows = (me: number) => db.selectFrom('chat_members as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('chat_members as o', (j) => j.onRef('o.conversation_id', '=', 'c.id').on('o.user_id', '<>', me))
    .select(['c.id', 'c.started_by', 'c.updated_at', 'm.unread', 'm.cleared_up_to', 'o.user_id as partner', 'o.read_up_to as partner_read'])
    .where('m.user_id', '=', me);

  const lastMessageId = async (conversationId: number) => Number((await db.selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id')).where('conversation_id', '=', conversationId).executeTakeFirst())?.id ?? 0);

  /** The member's conversation with this id, or a 404 (never another pair's). */
  const ownConversation = async (me: number, conversationId: number) => {
    const row = await memberRows(me).where('c.id', '=', conversationId).executeTakeFirst() as MemberRow | undefined;
    if (!row) throw notFound('conversation_not_found', 'This conversation does not exist (anymore).');
    return row;
  };

  /** The member's conversations, newest first (chats.php; the HTML of /chats carries the same). */
  const chatList = async (req: FastifyRequest, me: number): Promise<ChatsResponse> => {
    const rows = await memberRows(me).where('m.hidden', '=', false).orderBy('c.updated_at', 'desc').limit(LIST_LIMIT).execute() as MemberRow[];
    const [profiles, last] = await Promise.all([
      members.summaries(me, rows.map((r) => r.partner), cdn(req)),
      lastMessages(rows.map((r) => r.id), me),
    ]);
    const byPartner = new Map(profiles.map((p) => [p.id, p]));
    // Members who are gone or blocked (either way) drop out of the list.
    return {
      chats: rows.filter((r) => byPartner.has(r.partner)).map((r) => ({
        conversation: conversationView(r, last.get(r.id), me), profile: byPartner.get(r.partner)!, num_unread_messages: r.unread,
      })),
    };
  };

  kernel.serve(app, listChats, async (req): Promise<ChatsResponse> => chatList(req, memberId(req)));
  // /chats is rendered on the server with the list in it (written through the answer's schema).
  kernel.bootData.add('chats', async (req) => (req.userId != null && req.url.split('?')[0].replace(/\/$/, '') === '/chats' && req.site.plugins.includes('chat')
    ? JSON.parse(jsonOf(listChats.response, await chatList(req, req.userId))) as ChatsResponse : null));

  kernel.serve(app, getChat, async (req): Promise<ChatResponse> => {
    const me = memberId(req);
    const q = req.query;
    let row: MemberRow | undefined;
    let partnerId: number;
    if (q.id) {
      row = await ownConversation(me, q.id);
      partnerId = row.partner;
    } else if (q.member) {
      partnerId = q.member;
      const pair = pairOf(me, partnerId);
      const c = await db.selectFrom('chat_conversations').select('id').where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).executeTakeFirst();
      if (c) row = await ownConversation(me, c.id);
    } else {
      throw badRequest('invalid_input', 'request/id or request/member is required', { field: 'id' });
    }
    await members.assertReachable(me, partnerId);
    const [profile] = await members.summaries(me, [partnerId], cdn(req));
    if (!profile) throw notFound('profile_not_found', 'This profile does not exist (anymore).');
    const [paid, partner] = await Promise.all([
      credits.isPaid(me),
      accounts.account(db, partnerId),
    ]);
    let messages: MessageRow[] = [];
    if (row) {
      messages = await db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', row.id)
        .where('id', '>', row.cleared_up_to as number).orderBy('id', 'desc').limit(CHAT_HISTORY_LIMIT + 1).execute();
    }
    let blocker: ChatBlocker = null;
    let freeLeft = 0;
    if (!paid) {
      const { started, free } = await freeUsage(db, me);
      freeLeft = Math.max(0, FREE_MESSAGES - free);
      if (!row && started >= FREE_CONVERSATIONS) blocker = 'conversation_limit';
    }
    if (row && partner?.status === 'not_confirmed') blocker = 'partner_unconfirmed';
    const last = messages[0];
    return {
      conversation: row ? conversationView(row, last, me) : null,
      profile,
      messages: messages.slice(0, CHAT_HISTORY_LIMIT).reverse().map((m) => messageView(kernel.storage, m, me)),
      has_hidden: messages.length > CHAT_HISTORY_LIMIT,
      blocker,
      free_messages_left: freeLeft,
    };
  });

  // Catch-up after a reconnect: what arrived after the newest message the page has, and the
  // conversation's recent messages below it (see CATCH_UP_OVERLAP_MS); the page keeps one per id.
  kernel.serve(app, catchUp, async (req) => {
    const me = memberId(req);
    const q = req.query;
    const row = await ownConversation(me, q.conversation);
    // The same rule as opening the conversation: after a block neither side reads the history.
    await members.assertReachable(me, row.partner);
    const cleared = Number(row.cleared_up_to);
    const since = kernel.clock.now().getTime() - CATCH_UP_OVERLAP_MS;
    const [after, recent] = await Promise.all([
      db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', row.id)
        .where('id', '>', Math.max(q.after, cleared)).orderBy('id', 'asc').limit(CHAT_HISTORY_LIMIT).execute(),
      db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', row.id)
        .where('id', '>', cleared).where('id', '<=', q.after).orderBy('id', 'desc').limit(CATCH_UP_OVERLAP_MESSAGES).execute(),
    ]);
    const rows = [...recent.filter((m) => new Date(m.created_at).getTime() >= since).reverse(), ...after];
    return { messages: rows.map((m) => messageView(kernel.storage, m, me)), read_up_to: Number(row.partner_read) };
  });

  const afterSend = async (req: FastifyRequest, out: Outgoing) => {
    const res = await sendMessage(kernel, deps, req.site, out);
    // The sender's own row remembers the site they write from (its canonical origin, never a header):
    // notices to them link there; notices to a partner who has not written yet use it too.
    if (!res.duplicate) await deliver(kernel, deps, res, out, siteOrigin(req.site));
    else await redeliver(kernel, res);
    const body: SendResponse = {
      message: messageView(kernel.storage, res.row, out.from), conversation_id: res.conversationId,
      credits: res.credits, charged: res.charged, free_messages_left: res.freeLeft,
    };
    return body;
  };

  kernel.serve(app, sendEndpoint, {
    rateLimit: { max: SENDS_PER_MINUTE * kernel.config.rateLimitFactor, timeWindow: '1 minute', keyGenerator: (req) => `chat-send:${req.userId ?? req.ip}` },
  }, async (req) => {
    const me = memberId(req);
    const body = req.body;
    const text = (body.text ?? '').replace(/\r\n?/g, '\n').trim();
    if (body.kind === 'text') {
      if (!text) throw badRequest('message_empty', 'Write a message first', { field: 'text' });
      const max = Number(req.site.message_length) || 1000;
      if ([...text].length > max) throw badRequest('message_too_long', `Messages may be up to ${max} characters`, { field: 'text', max });
    }
    if (body.kind === 'gift' && !GIFTS.some((g) => g.id === body.gift)) throw badRequest('invalid_input', 'Unknown gift', { field: 'gift' });
    return afterSend(req, {
      from: me, to: body.to, kind: body.kind, text: body.kind === 'text' ? text : '',
      gift: body.kind === 'gift' ? body.gift! : null, photoKey: null, key: body.key,
    });
  });

  // A photo message: the picture itself is the body (checked and re-encoded like profile photos).
  acceptPhotoBodies(app);
  kernel.serve(app, sendPhoto, {
    bodyLimit: PHOTO_LIMITS.maxBytes + 1024,
    rateLimit: { max: 30 * kernel.config.rateLimitFactor, timeWindow: '1 minute', keyGenerator: (req) => `chat-photo:${req.userId ?? req.ip}` },
  }, async (req) => {
    const me = memberId(req);
    const q = req.query;
    // Checked before the image work too (sendMessage checks again in its transaction).
    if (!(await members.viewer(me)).premium) throw premiumRequired();
    const existing = await db.selectFrom('chat_messages').select('id').where('sender_id', '=', me).where('client_key', '=', q.key).executeTakeFirst();
    let photoKey: string | null = null;
    if (!existing) {
      if (!Buffer.isBuffer(req.body)) throw badRequest('photo_invalid', 'Send the photo as the request body');
      const r = await processUpload(req.body);
      photoKey = `chat/${me}/${crypto.randomBytes(16).toString('hex')}`;
      const files = chatPhotoFiles(photoKey);
      await Promise.all([kernel.storage.put(files.full, r.full), kernel.storage.put(files.thumb, r.thumb)]);
    }
    try {
      return await afterSend(req, { from: me, to: q.to, kind: 'photo', text: '', gift: null, photoKey, key: q.key });
    } catch (err) {
      if (photoKey) await Promise.all(Object.values(chatPhotoFiles(photoKey)).map((f) => kernel.storage.remove(f)));
      throw err;
    }
  });

  // Opening a conversation: nothing in it is unread anymore; the partner's tabs show "Read".
  kernel.serve(app, markRead, async (req) => {
    const me = memberId(req);
    const row = await ownConversation(me, req.body.id);
    // Blocked either way: no read receipts travel (and the conversation cannot be opened anyway).
    await members.assertReachable(me, row.partner);
    const upTo = await lastMessageId(row.id);
    await db.updateTable('chat_members').set({ unread: 0, read_up_to: upTo, notified_at: null })
      .where('conversation_id', '=', row.id).where('user_id', '=', me).execute();
    await kernel.realtime.publish([me, row.partner], { type: 'chat:read', conversation_id: row.id, read_up_to: upTo, reader: me });
    return { read_up_to: upTo };
  });

  // Deleting: the conversation leaves my list and its history is cleared for me; a new message brings it back.
  kernel.serve(app, deleteChat, async (req) => {
    const me = memberId(req);
    const row = await ownConversation(me, req.body.id);
    await db.updateTable('chat_members').set({ hidden: true, unread: 0, cleared_up_to: await lastMessageId(row.id), notified_at: null })
      .where('conversation_id', '=', row.id).where('user_id', '=', me).execute();
    return { deleted: true as const };
  });

  // "Typing…" goes to the partner's open tabs, nowhere else (and is never stored).
  kernel.realtime.onMessage(typing, async (me, msg) => {
    const conversationId = msg.conversation_id;
    const row = await memberRows(me).where('c.id', '=', conversationId).executeTakeFirst() as MemberRow | undefined;
    if (!row || await members.blockedBetween(me, row.partner)) return;
    await kernel.realtime.publish(row.partner, { type: 'chat:typing', conversation_id: conversationId, from: me });
  });
}
