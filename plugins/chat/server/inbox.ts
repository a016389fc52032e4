import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { HttpError, notFound } from '../../../kernel/server/errors.ts';
import { staffOf } from '../../../kernel/server/access.ts';
import {
  CLAIM_MS, INBOX_HISTORY_LIMIT, inboxAnswer, inboxClaim, inboxClaimNext, inboxConversation, inboxList, inboxRelease, inboxStats,
  type InboxClaim, type InboxCounts, type InboxEntry, type OperatorStats,
} from '../contract.ts';
import { MESSAGE_COLUMNS, messageView, type MessageRow } from './messages.ts';
import { deliver, sendIn, type SendDeps } from './send.ts';
import { accounts, type AuthService } from '../../auth/server.ts';

// The operators' inbox (issue 22, part 6). A member's message to a fictional profile makes the
// conversation wait (send.ts, noteInInbox: chat_inbox.waiting_since); operators claim one at a time
// (a lock of CLAIM_MS held in the same row: one UPDATE decides, so two operators never hold it at
// once), read the member's profile and the whole conversation, and answer as the profile through
// the members' own sending path (sendIn), which ends the wait and the claim. Every claim, release
// and answer is written to the console's audit log in its own transaction.

const WAITING_LIMIT = 200;

interface InboxRow {
  conversation_id: number;
  fictional_id: number;
  member_id: number;
  waiting_since: Date | null;
  claimed_by: number | null;
  claim_until: Date | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const claimed = (operator: string) => new HttpError(409, 'claimed', `Another operator (${operator}) is answering this conversation.`, { operator });
const notWaiting = () => new HttpError(409, 'not_waiting', 'This conversation is not waiting for an answer (anymore).');
const claimLost = () => new HttpError(409, 'claim_lost', 'Your claim on this conversation has ended: claim it again to answer.');
const gone = () => notFound('conversation_not_found', 'This conversation does not exist (anymore).');
/** Why a waiting conversation cannot be answered now (the member's side), or null when it can. */
export type Unanswerable = 'member_unconfirmed' | 'member_unreachable';
const unanswerable = (reason: Unanswerable) => new HttpError(409, 'not_answerable', reason === 'member_unconfirmed'
  ? 'The member has not confirmed the e-mail address yet: the conversation can be answered once they do.'
  : 'The member cannot receive messages now (account switched off, deleted or blocking the profile).', { reason });

export interface InboxDeps extends SendDeps { auth: AuthService }

export function createInbox(kernel: Kernel, deps: InboxDeps) {
  const db = kernel.db;
  const now = () => kernel.clock.now();
  const secondsLeft = (until: Date | string) => Math.max(0, Math.round((new Date(until).getTime() - now().getTime()) / 1000));
  const emails = new Map<number, string>();
  // Inside a transaction the lookup goes through it (the embedded database has one connection).
  const emailOf = async (id: number, on: DB = db) => {
    let e = emails.get(id);
    if (e === undefined) {
      e = (await deps.auth.emailOf(id, on)) ?? `#${id}`;
      if (emails.size > 1000) emails.clear();
      emails.set(id, e);
    }
    return e;
  };
  /** The claim as the console shows it to `me` (null: none, or expired). */
  const claimView = async (row: Pick<InboxRow, 'claimed_by' | 'claim_until'>, me: number): Promise<InboxClaim | null> => {
    if (row.claimed_by == null || !row.claim_until || new Date(row.claim_until) <= now()) return null;
    return { operator_id: row.claimed_by, operator_email: await emailOf(row.claimed_by), until: iso(row.claim_until), seconds_left: secondsLeft(row.claim_until), mine: row.claimed_by === me };
  };
  const row = (id: number, on: DB = db) => on.selectFrom('chat_inbox')
    .select(['conversation_id', 'fictional_id', 'member_id', 'waiting_since', 'claimed_by', 'claim_until'])
    .where('conversation_id', '=', id);

  /**
   * Whether the profile's answer could reach the member now: the members' sending path refuses an
   * unconfirmed address and a member switched off, deleted or blocking. Such a conversation stays in
   * the list, but is not handed out (claim, claim-next): it would only come back unanswered.
   */
  async function blocker(on: DB, r: Pick<InboxRow, 'fictional_id' | 'member_id'>): Promise<Unanswerable | null> {
    const member = await accounts.contact(on, r.member_id);
    if (!member) return 'member_unreachable';
    if (member.status === 'not_confirmed') return 'member_unconfirmed';
    try {
      await deps.members.assertReachable(r.fictional_id, r.member_id, on);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode < 500) return 'member_unreachable';
      throw e;
    }
    return null;
  }

  /**
   * Takes the conversation for `me` (or renews their own claim): one conditional UPDATE, so of
   * operators claiming at once exactly one gets it; the others learn who has it.
   */
  async function claim(req: FastifyRequest, id: number): Promise<InboxClaim> {
    const me = staffOf(req).userId;
    return db.transaction().execute(async (trx) => {
      const at = now();
      const until = new Date(at.getTime() + CLAIM_MS);
      const current = await row(id, trx).executeTakeFirst();
      if (!current) throw gone();
      if (current.waiting_since == null) throw notWaiting();
      const reason = await blocker(trx, current);
      if (reason) throw unanswerable(reason);
      const taken = await trx.updateTable('chat_inbox').set({ claimed_by: me, claim_until: until })
        .where('conversation_id', '=', id).where('waiting_since', 'is not', null)
        .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claim_until', '<=', at), eb('claimed_by', '=', me)]))
        .returning(['claimed_by', 'claim_until']).executeTakeFirst();
      if (!taken) {
        const r = await row(id, trx).executeTakeFirst();
        if (!r) throw gone();
        if (r.waiting_since == null) throw notWaiting();
        throw claimed(r.claimed_by != null ? await emailOf(r.claimed_by, trx) : '');
      }
      await kernel.audit.record(trx, req, { action: 'chat.claim', target: `conversation:${id}`, before: null, after: { claimed_by: me, until: iso(until) } });
      return { operator_id: me, operator_email: staffOf(req).email, until: iso(until), seconds_left: secondsLeft(until), mine: true };
    });
  }

  /** Claims the oldest waiting conversation nobody holds that can be answered now. */
  async function claimNext(req: FastifyRequest): Promise<{ conversation_id: number | null; claim: InboxClaim | null }> {
    const me = staffOf(req).userId;
    return db.transaction().execute(async (trx) => {
      const at = now();
      const until = new Date(at.getTime() + CLAIM_MS);
      // Oldest first; one that cannot be answered now is passed over. Each candidate is taken with
      // one conditional UPDATE (as claim does), so of operators asking at once each gets another.
      const candidates = await trx.selectFrom('chat_inbox').select(['conversation_id', 'fictional_id', 'member_id'])
        .where('waiting_since', 'is not', null)
        .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claim_until', '<=', at)]))
        .orderBy('waiting_since').orderBy('conversation_id').limit(WAITING_LIMIT).execute();
      let id: number | null = null;
      for (const c of candidates) {
        if (await blocker(trx, c)) continue;
        const { rows } = await sql<{ conversation_id: number }>`UPDATE chat_inbox SET claimed_by = ${me}, claim_until = ${until}
          WHERE conversation_id = ${c.conversation_id} AND waiting_since IS NOT NULL AND (claimed_by IS NULL OR claim_until <= ${at})
          RETURNING conversation_id`.execute(trx);
        if (rows[0]) { id = Number(rows[0].conversation_id); break; }
      }
      if (id == null) return { conversation_id: null, claim: null };
      await kernel.audit.record(trx, req, { action: 'chat.claim', target: `conversation:${id}`, before: null, after: { claimed_by: me, until: iso(until) } });
      return { conversation_id: id, claim: { operator_id: me, operator_email: staffOf(req).email, until: iso(until), seconds_left: secondsLeft(until), mine: true } };
    });
  }

  /** Gives the claim back: one's own; an admin's release ends anyone's. */
  async function release(req: FastifyRequest, id: number): Promise<boolean> {
    const staff = staffOf(req);
    return db.transaction().execute(async (trx) => {
      const before = await row(id, trx).forUpdate().executeTakeFirst();
      if (!before) throw gone();
      const live = before.claimed_by != null && before.claim_until != null && new Date(before.claim_until) > now();
      if (!live) return false;
      if (before.claimed_by !== staff.userId && staff.role !== 'admin') throw claimed(await emailOf(before.claimed_by!, trx));
      await trx.updateTable('chat_inbox').set({ claimed_by: null, claim_until: null }).where('conversation_id', '=', id).execute();
      await kernel.audit.record(trx, req, {
        action: 'chat.release', target: `conversation:${id}`,
        before: { claimed_by: before.claimed_by, until: iso(before.claim_until!) }, after: null,
      });
      return true;
    });
  }

  /**
   * The operator's answer as the fictional profile: their own live claim is checked under the row's
   * lock, the message goes through sendIn (free for the profile, ends the wait and the claim), the
   * answer is counted and audited, all in one transaction; then delivered like any message.
   */
  async function answer(req: FastifyRequest, id: number, text: string, key: string) {
    const staff = staffOf(req);
    const body = text.replace(/\r\n?/g, '\n').trim();
    if (!body) throw new HttpError(400, 'message_empty', 'Write a message first', { field: 'text' });
    const done = await db.transaction().execute(async (trx) => {
      const r = await row(id, trx).forUpdate().executeTakeFirst();
      if (!r) throw gone();
      // A retry of an answer already stored: the same message, nothing new.
      const existing = await trx.selectFrom('chat_messages').select(MESSAGE_COLUMNS)
        .where('sender_id', '=', r.fictional_id).where('client_key', '=', key).executeTakeFirst();
      if (existing) return { r, row: existing as MessageRow, fresh: null };
      if (r.claimed_by !== staff.userId || !r.claim_until || new Date(r.claim_until) <= now()) throw claimLost();
      const memberRow = await trx.selectFrom('chat_members').select('origin').where('conversation_id', '=', id).where('user_id', '=', r.member_id).executeTakeFirst();
      const origin = memberRow?.origin ?? null;
      let host = '';
      try { if (origin) host = new URL(origin).host; } catch { /* the default site */ }
      const site = await kernel.sites.resolve(host);
      const max = Number(site.message_length) || 1000;
      if ([...body].length > max) throw new HttpError(400, 'message_too_long', `Messages may be up to ${max} characters`, { field: 'text', max });
      const out = { from: r.fictional_id, to: r.member_id, kind: 'text' as const, text: body, gift: null, photoKey: null, key, operator: true };
      const res = await sendIn(trx, kernel, deps, site, out);
      await trx.insertInto('chat_operator_answers').values({
        operator_id: staff.userId, conversation_id: id, message_id: Number(res.row.id), waiting_since: r.waiting_since, answered_at: now(),
      }).execute();
      await kernel.audit.record(trx, req, {
        action: 'chat.answer', target: `conversation:${id}`,
        before: { waiting_since: r.waiting_since ? iso(r.waiting_since) : null, claimed_by: r.claimed_by },
        after: { message_id: Number(res.row.id), from: r.fictional_id, to: r.member_id, text: body },
      });
      return { r, row: res.row, fresh: { res, out, origin } };
    });
    if (done.fresh) await deliver(kernel, deps, done.fresh.res, done.fresh.out, done.fresh.origin);
    return messageView(kernel.storage, done.row, done.r.fictional_id);
  }

  const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

  /** Waiting now, answered today (UTC), and per operator over the last `days` days: answers and median time to answer. */
  async function counts(days = 1): Promise<InboxCounts> {
    const today = startOfDay(now());
    const from = new Date(today.getTime() - (days - 1) * 86400_000);
    const [{ rows: totals }, { rows: per }] = await Promise.all([
      sql<{ waiting: number; answered_today: number }>`SELECT
        (SELECT count(*)::int FROM chat_inbox WHERE waiting_since IS NOT NULL) AS waiting,
        (SELECT count(*)::int FROM chat_operator_answers WHERE answered_at >= ${today}) AS answered_today`.execute(db),
      sql<{ operator_id: number; answered: number; median_seconds: number | null }>`SELECT operator_id, count(*)::int AS answered,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM answered_at - waiting_since)) AS median_seconds
        FROM chat_operator_answers WHERE answered_at >= ${from} AND operator_id IS NOT NULL
        GROUP BY operator_id ORDER BY answered DESC, operator_id`.execute(db),
    ]);
    const operators: OperatorStats[] = await Promise.all(per.map(async (p) => ({
      operator_id: Number(p.operator_id), email: await emailOf(Number(p.operator_id)), answered: Number(p.answered),
      median_seconds: p.median_seconds == null ? null : Math.round(Number(p.median_seconds) * 10) / 10,
    })));
    return { waiting: Number(totals[0]?.waiting ?? 0), answered_today: Number(totals[0]?.answered_today ?? 0), operators };
  }

  /** Conversations waiting for an answer, oldest first, with who wrote to whom and any claim. */
  async function waiting(me: number): Promise<InboxEntry[]> {
    const rows = await db.selectFrom('chat_inbox')
      .select(['conversation_id', 'fictional_id', 'member_id', 'waiting_since', 'claimed_by', 'claim_until'])
      .where('waiting_since', 'is not', null).orderBy('waiting_since').orderBy('conversation_id').limit(WAITING_LIMIT).execute();
    if (!rows.length) return [];
    const ids = rows.map((r) => r.conversation_id);
    const [basics, last] = await Promise.all([
      deps.members.basics([...new Set(rows.flatMap((r) => [r.fictional_id, r.member_id]))]),
      sql<{ conversation_id: number; kind: string; body: string }>`SELECT DISTINCT ON (conversation_id) conversation_id, kind, body
        FROM chat_messages WHERE conversation_id = ANY(${ids}::int[]) ORDER BY conversation_id, id DESC`.execute(db),
    ]);
    const lastOf = new Map(last.rows.map((m) => [Number(m.conversation_id), m]));
    const person = (id: number) => ({ id, name: basics.get(id)?.name ?? '', country: basics.get(id)?.country ?? '' });
    return Promise.all(rows.map(async (r) => {
      const m = lastOf.get(r.conversation_id);
      return {
        conversation_id: r.conversation_id, member: person(r.member_id), fictional: person(r.fictional_id),
        waiting_since: iso(r.waiting_since!), last_text: m?.kind === 'text' ? m.body.slice(0, 300) : '',
        last_kind: (m?.kind ?? 'text') as InboxEntry['last_kind'], claim: await claimView(r, me),
      };
    }));
  }

  /** One conversation for the console: the member's profile, the fictional profile, every message. */
  async function conversation(me: number, id: number, cdnPrefix: string) {
    const r = await row(id).executeTakeFirst();
    if (!r) throw gone();
    // A profile switched off since (a disabled member, a fictional profile taken out of sight) is
    // still shown here, as its owner sees it: the list shows the conversation, so the page must too.
    const asShown = async (id: number) => (await deps.members.profile(null, id, cdnPrefix)) ?? deps.members.profile(id, id, cdnPrefix);
    const [member, fictionalProfile, messages] = await Promise.all([
      asShown(r.member_id),
      asShown(r.fictional_id),
      db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', id)
        .orderBy('id', 'desc').limit(INBOX_HISTORY_LIMIT).execute(),
    ]);
    if (!member || !fictionalProfile) throw gone();
    const { id: fid, name, gender, age, city, country, region, main_image, online, premium, fictional: isFictional } = fictionalProfile;
    const fictional = { id: fid, name, gender, age, city, country, region, main_image, online, premium, fictional: isFictional };
    return {
      conversation_id: id, member, fictional,
      messages: messages.reverse().map((m) => messageView(kernel.storage, m, r.fictional_id)),
      waiting_since: r.waiting_since ? iso(r.waiting_since) : null,
      claim: await claimView(r, me),
    };
  }

  return { claim, claimNext, release, answer, counts, waiting, conversation };
}

export type Inbox = ReturnType<typeof createInbox>;

/** The inbox's console endpoints (access 'operator': the kernel has checked the console session). */
export function inboxRoutes(app: FastifyInstance, kernel: Kernel, inbox: Inbox) {
  kernel.serve(app, inboxList, async (req) => {
    const me = staffOf(req).userId;
    const [waiting, counts] = await Promise.all([inbox.waiting(me), inbox.counts(1)]);
    return { waiting, counts };
  });
  kernel.serve(app, inboxStats, async (req) => inbox.counts(req.query.days ?? 1));
  kernel.serve(app, inboxClaim, async (req) => ({ conversation_id: req.body.conversation_id, claim: await inbox.claim(req, req.body.conversation_id) }));
  kernel.serve(app, inboxClaimNext, async (req) => inbox.claimNext(req));
  kernel.serve(app, inboxRelease, async (req) => ({ released: await inbox.release(req, req.body.conversation_id) }));
  kernel.serve(app, inboxConversation, async (req) => inbox.conversation(staffOf(req).userId, req.query.id, req.site?.cdn_prefix ?? ''));
  kernel.serve(app, inboxAnswer, async (req) => ({ message: await inbox.answer(req, req.body.conversation_id, req.body.text, req.body.key) }));
}
