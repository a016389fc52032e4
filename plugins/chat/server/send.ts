import { sql } from 'kysely';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { FREE_CONVERSATIONS, FREE_MESSAGES, GIFTS, giftPrice, type MessageKind } from '../contract.ts';
import { MESSAGE_COLUMNS, messageView, type MessageRow } from './messages.ts';
import { NOTIFY_JOB } from './notify.ts';
import type { CreditsService } from '../../credits/server.ts';
import { isFictional, type MembersService } from '../../members/server.ts';
import { accounts } from '../../auth/server.ts';
import type { Counter } from 'prom-client';

/** The services a send uses (the chat plugin's deps), and its counter of messages sent (chat_messages_total on /metrics). */
export interface SendDeps { credits: CreditsService; members: MembersService; sent?: Pick<Counter<'kind'>, 'inc'> }

export interface Outgoing {
  from: number;
  to: number;
  kind: MessageKind;
  text: string;
  gift: string | null;
  photoKey: string | null;
  key: string;
  /**
   * An operator's answer as a fictional profile (the console's inbox): free, outside the free
   * allowances, and it ends the conversation's wait.
   */
  operator?: boolean;
}

export interface SendResult {
  row: MessageRow;
  conversationId: number;
  /** A retry of a send that was already stored: nothing new was charged or delivered. */
  duplicate: boolean;
  charged: number;
  credits: number;
  freeLeft: number;
  /** The conversation is new (a first message). */
  started: boolean;
}

export const premiumRequired = () => new HttpError(403, 'premium_required', 'Feature only for premium members.');
export const notEnoughCredits = (cost: number) => new HttpError(402, 'not_enough_credits', 'Not enough credits to send a message (buy credits)', { cost });
export const partnerUnconfirmed = (name: string) => new HttpError(403, 'partner_unconfirmed', `${name} has not confirmed the email address yet`, { name });

/** What one message of this kind costs on this site. */
export function costOf(site: SiteSettings, kind: MessageKind, gift: string | null): number {
  if (kind === 'photo') return Math.max(0, Math.round(site.photo_credits));
  if (kind === 'gift') {
    const g = GIFTS.find((x) => x.id === gift);
    if (!g) throw new HttpError(400, 'invalid_input', 'Unknown gift', { field: 'gift' });
    return giftPrice(site.gift_credits, g.factor);
  }
  return Math.max(0, Math.round(site.message_credits));
}

/** What a member has used of the free allowances: conversations started and free messages sent. */
export async function freeUsage(db: DB, userId: number): Promise<{ started: number; free: number }> {
  const { rows } = await sql<{ started: number; free: number }>`SELECT
    (SELECT count(*)::int FROM chat_conversations WHERE started_by = ${userId}) AS started,
    (SELECT count(*)::int FROM chat_messages WHERE sender_id = ${userId} AND credits = 0) AS free`.execute(db);
  return rows[0];
}

export const pairOf = (a: number, b: number) => (a < b ? { user_low: a, user_high: b } : { user_low: b, user_high: a });

/** The two have a conversation (whoever started it): a tie that lets them see each other in invisible mode. */
export async function conversationBetween(db: DB, a: number, b: number): Promise<boolean> {
  const pair = pairOf(a, b);
  return Boolean(await db.selectFrom('chat_conversations').select('id').where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).executeTakeFirst());
}

/**
 * Stores one message and takes its price (through the credits service) in one transaction. The
 * sender's users row is locked first, so that member's sends run one at a time: the free
 * allowances and the idempotency key are checked against what the previous send committed (the
 * balance needs no lock: the spend checks and takes it in one statement).
 */
export async function sendMessage(kernel: Kernel, deps: SendDeps, site: SiteSettings, out: Outgoing): Promise<SendResult> {
  return kernel.db.transaction().execute((trx) => sendIn(trx, kernel, deps, site, out));
}

/** sendMessage inside the caller's transaction (the console's answer writes its audit entry in it too). */
export async function sendIn(trx: DB, kernel: Kernel, { credits, members }: SendDeps, site: SiteSettings, out: Outgoing): Promise<SendResult> {
  await accounts.lock(trx, out.from);
  const me = await credits.account(out.from, trx);
  const freeUsed = async () => (await freeUsage(trx, out.from)).free;

  const existing = await trx.selectFrom('chat_messages').select(MESSAGE_COLUMNS)
    .where('sender_id', '=', out.from).where('client_key', '=', out.key).executeTakeFirst();
  if (existing) {
    return {
      row: existing, conversationId: existing.conversation_id, duplicate: true, charged: 0, credits: me.balance,
      freeLeft: me.paid ? 0 : Math.max(0, FREE_MESSAGES - await freeUsed()), started: false,
    };
  }
  if (out.from === out.to) throw notFound('profile_not_found', 'This profile does not exist (anymore).');

  const pair = pairOf(out.from, out.to);
  let conv = await trx.selectFrom('chat_conversations').select(['id', 'started_by'])
    .where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).executeTakeFirst();
  const partner = await accounts.contact(trx, out.to);
  // A member who has not confirmed the address yet cannot be answered until they do.
  if (conv && partner?.status === 'not_confirmed') throw partnerUnconfirmed((await members.basics([out.to], trx)).get(out.to)?.name ?? '');
  // Also refuses an invisible member the sender is not in touch with (they write first, or like first).
  await members.assertReachable(out.from, out.to, trx);
  if (out.kind === 'photo' && !me.paid && !out.operator) throw premiumRequired();

  let started = false;
  if (!conv) {
    if (!me.paid && !out.operator && (await freeUsage(trx, out.from)).started >= FREE_CONVERSATIONS) {
      throw new HttpError(403, 'conversation_limit', `Free members may start up to ${FREE_CONVERSATIONS} conversations`, { limit: FREE_CONVERSATIONS });
    }
    // The partner may be starting the same conversation right now: one of us creates it.
    await trx.insertInto('chat_conversations').values({ ...pair, started_by: out.from, created_at: kernel.clock.now(), updated_at: kernel.clock.now() })
      .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing()).execute();
    conv = await trx.selectFrom('chat_conversations').select(['id', 'started_by'])
      .where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).executeTakeFirstOrThrow();
    await trx.insertInto('chat_members').values([{ conversation_id: conv.id, user_id: out.from }, { conversation_id: conv.id, user_id: out.to }])
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing()).execute();
    started = conv.started_by === out.from;
  }

  const used = me.paid || out.operator ? FREE_MESSAGES : await freeUsed();
  const free = out.kind === 'text' && used < FREE_MESSAGES;
  const cost = out.operator ? 0 : free ? 0 : costOf(site, out.kind, out.gift);
  let balance = me.balance;
  if (cost > 0) {
    const spent = await credits.spend(out.from, cost, `chat:${out.kind} conversation:${conv.id}`, null, trx);
    if (spent.status !== 'spent') throw notEnoughCredits(cost);
    balance = spent.balance;
  }
  const row = await trx.insertInto('chat_messages').values({
    conversation_id: conv.id, sender_id: out.from, kind: out.kind, body: out.text, gift: out.gift, photo_key: out.photoKey,
    credits: cost, client_key: out.key, created_at: kernel.clock.now(),
  }).returning(MESSAGE_COLUMNS).executeTakeFirstOrThrow();
  await trx.updateTable('chat_conversations').set({ updated_at: kernel.clock.now() }).where('id', '=', conv.id).execute();
  await trx.updateTable('chat_members').set({ unread: sql`unread + 1`, hidden: false })
    .where('conversation_id', '=', conv.id).where('user_id', '=', out.to).execute();
  await trx.updateTable('chat_members').set({ hidden: false, read_up_to: row.id, unread: 0 })
    .where('conversation_id', '=', conv.id).where('user_id', '=', out.from).execute();
  await noteInInbox(trx, conv.id, out, kernel.clock.now());
  return {
    row, conversationId: conv.id, duplicate: false, charged: cost, credits: balance,
    freeLeft: me.paid || out.operator ? 0 : Math.max(0, FREE_MESSAGES - used - (free ? 1 : 0)), started,
  };
}

/**
 * The operators' inbox (inbox.ts) follows every send: a member writing to a fictional profile
 * makes the conversation wait (from their first unanswered message on); the profile's answer ends
 * the wait and any claim on it. One statement each, by primary keys.
 */
async function noteInInbox(trx: DB, conversationId: number, out: Outgoing, at: Date) {
  if (out.operator) {
    await trx.updateTable('chat_inbox').set({ waiting_since: null, claimed_by: null, claim_until: null, last_message_at: at })
      .where('conversation_id', '=', conversationId).execute();
    return;
  }
  await sql`INSERT INTO chat_inbox (conversation_id, fictional_id, member_id, waiting_since, last_message_at)
    SELECT ${conversationId}, ${out.to}, ${out.from}, ${at}, ${at}
    WHERE ${isFictional(sql`${out.to}::int`)} AND NOT ${isFictional(sql`${out.from}::int`)}
    ON CONFLICT (conversation_id) DO UPDATE SET waiting_since = COALESCE(chat_inbox.waiting_since, EXCLUDED.waiting_since),
      last_message_at = EXCLUDED.last_message_at`.execute(trx);
}

/**
 * After a stored send (not a duplicate): the sender's row remembers the site's origin (notices link
 * there), both members' tabs get the message live, and the recipient hears of it if away.
 */
export async function deliver(kernel: Kernel, deps: Pick<SendDeps, 'sent'>, res: SendResult, out: Pick<Outgoing, 'from' | 'to'>, origin: string | null) {
  deps.sent?.inc({ kind: res.row.kind });
  if (origin) {
    await kernel.db.updateTable('chat_members').set({ origin }).where('conversation_id', '=', res.conversationId).where('user_id', '=', out.from).execute();
  }
  const forMe = messageView(kernel.storage, res.row, out.from);
  const forThem = messageView(kernel.storage, res.row, out.to);
  await Promise.all([
    kernel.realtime.publish(out.from, { type: 'chat:message', message: forMe, from: out.from }),
    kernel.realtime.publish(out.to, { type: 'chat:message', message: forThem, from: out.from }),
    kernel.jobs.enqueue(NOTIFY_JOB, { message: Number(res.row.id), started: res.started }, { runAt: new Date(kernel.clock.now().getTime() + 2000) }),
  ]);
}

/**
 * A retried send whose message was stored already (the same key): its first attempt may have ended
 * between the commit and `deliver` (the instance stopped, say), and then nobody got it live. So it
 * goes out again to both members' tabs (pages keep one message per id); nothing else is repeated
 * (no notice, no count). The recipient is the stored conversation's other member, never the
 * retry's `to`: a key reused with another recipient must not show the message to them.
 */
export async function redeliver(kernel: Kernel, res: SendResult) {
  const conv = await kernel.db.selectFrom('chat_conversations').select(['user_low', 'user_high']).where('id', '=', res.conversationId).executeTakeFirst();
  if (!conv) return;
  const from = Number(res.row.sender_id);
  const to = Number(conv.user_low) === from ? Number(conv.user_high) : Number(conv.user_low);
  await Promise.all([from, to].map((member) => kernel.realtime.publish(member, { type: 'chat:message', message: messageView(kernel.storage, res.row, member), from })));
}
