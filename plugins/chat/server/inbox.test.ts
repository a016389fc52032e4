import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, socketEvents, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import type { FictionalProfile } from '../../members/contract.ts';
import { CLAIM_MS, type ChatMessage, type InboxClaim, type InboxConversationResponse, type InboxCounts, type InboxListResponse, type SendResponse } from '../contract.ts';
import { creditsRef } from '../../credits/server.ts';

// The operators' inbox (issue 22, part 6): members' messages to fictional profiles wait, oldest
// first; one operator at a time claims a conversation (5 minutes), answers as the profile, and the
// member receives the answer live; counts per operator; every claim, release and answer audited.

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const key = () => crypto.randomBytes(9).toString('base64url');
type Staff = Awaited<ReturnType<typeof staffLogin>>;
type Member = Awaited<ReturnType<typeof addMember>>;

async function fictionalProfile(staff: Staff, name: string) {
  const res = await t.call({
    method: 'POST', url: '/api/operator/members/fictional', cookie: staff.cookie,
    payload: { name, gender: 'female', sexuality: 'hetero', birthdate: '1991-03-03', country: 'GB', region: 'bristol', city: 'Bristol' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { profile: FictionalProfile }).profile;
}
const write = async (from: Member, to: number, text = 'Hello there!') => {
  const res = await t.call({ method: 'POST', url: '/api/messages.php', cookie: from.cookie, payload: { to, kind: 'text', text, key: key() } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SendResponse;
};
const inbox = async (s: Staff) => {
  const res = await t.call({ method: 'GET', url: '/api/operator/chat/inbox', cookie: s.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InboxListResponse;
};
const claim = (s: Staff, id: number) => t.call({ method: 'POST', url: '/api/operator/chat/claim', cookie: s.cookie, payload: { conversation_id: id } });
const answer = (s: Staff, id: number, text = 'Hi, nice to hear from you!', k = key()) =>
  t.call({ method: 'POST', url: '/api/operator/chat/answer', cookie: s.cookie, payload: { conversation_id: id, text, key: k } });
const release = (s: Staff, id: number) => t.call({ method: 'POST', url: '/api/operator/chat/release', cookie: s.cookie, payload: { conversation_id: id } });
/** Moves the conversation's claim into the past (as if CLAIM_MS went by). */
const expireClaim = (id: number) => t.kernel.db.updateTable('chat_inbox')
  .set({ claim_until: new Date(t.kernel.clock.now().getTime() - 1000) }).where('conversation_id', '=', id).execute();

describe('operator inbox: access', () => {
  it('is the console\'s: 404 for visitors and members on every endpoint, open to operators and admins', async () => {
    const member = await addMember(t);
    const [operator, admin] = await Promise.all([staffLogin(t, 'operator'), staffLogin(t, 'admin')]);
    const calls = [
      { method: 'GET' as const, url: '/api/operator/chat/inbox' },
      { method: 'GET' as const, url: '/api/operator/chat/stats?days=7' },
      { method: 'GET' as const, url: '/api/operator/chat/conversation?id=1' },
      { method: 'POST' as const, url: '/api/operator/chat/claim', payload: { conversation_id: 1 } },
      { method: 'POST' as const, url: '/api/operator/chat/claim-next', payload: {} },
      { method: 'POST' as const, url: '/api/operator/chat/release', payload: { conversation_id: 1 } },
      { method: 'POST' as const, url: '/api/operator/chat/answer', payload: { conversation_id: 1, text: 'x', key: key() } },
    ];
    for (const c of calls) {
      expect((await t.call(c)).statusCode, `${c.method} ${c.url} as a visitor`).toBe(404);
      expect((await t.call({ ...c, cookie: member.cookie })).statusCode, `${c.method} ${c.url} as a member`).toBe(404);
    }
    for (const s of [operator, admin]) {
      expect((await t.call({ ...calls[0], cookie: s.cookie })).statusCode).toBe(200);
      expect((await t.call({ ...calls[1], cookie: s.cookie })).statusCode).toBe(200);
      expect((await t.call({ ...calls[4], cookie: s.cookie })).statusCode).toBe(200);
      // No conversation 1 in the inbox: 404 (not a refusal).
      expect((await t.call({ ...calls[3], cookie: s.cookie })).statusCode).toBe(404);
    }
  });
});

describe('operator inbox: waiting, claiming, answering', () => {
  it('lists members\' messages to fictional profiles oldest first; messages between real members never', async () => {
    const operator = await staffLogin(t, 'operator');
    const anna = await fictionalProfile(operator, 'Anna');
    const bea = await fictionalProfile(operator, 'Bea');
    const [m1, m2, real] = await Promise.all([addMember(t), addMember(t), addMember(t, { gender: 'female' })]);
    const first = await write(m1, bea.id, 'first');
    await write(m2, anna.id, 'second');
    await write(m1, bea.id, 'first again');
    await write(m2, real.id, 'to a real member');
    const list = await inbox(operator);
    const mine = list.waiting.filter((w) => [anna.id, bea.id].includes(w.fictional.id));
    expect(mine.map((w) => [w.member.id, w.fictional.name])).toEqual([[m1.id, 'Bea'], [m2.id, 'Anna']]);
    expect(mine[0]).toMatchObject({ conversation_id: first.conversation_id, last_text: 'first again', last_kind: 'text', claim: null });
    expect(list.waiting.some((w) => w.fictional.id === real.id || w.member.id === real.id)).toBe(false);
    expect(list.counts.waiting).toBeGreaterThanOrEqual(2);
  });

  it('lets exactly one of several operators claiming at once have the conversation', async () => {
    const staff = await Promise.all([1, 2, 3, 4, 5].map(() => staffLogin(t, 'operator')));
    const profile = await fictionalProfile(staff[0], 'Cleo');
    const member = await addMember(t);
    const sent = await write(member, profile.id);
    const results = await Promise.all(staff.map((s) => claim(s, sent.conversation_id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = staff[results.findIndex((r) => r.statusCode === 200)];
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ error: 'claimed', params: { operator: winner.email } });
    // Only the holder may answer; the others are refused and nothing is sent.
    const loser = staff.find((s) => s !== winner)!;
    const refused = await answer(loser, sent.conversation_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'claim_lost' });
    // The claim lasts CLAIM_MS.
    const row = (await inbox(winner)).waiting.find((w) => w.conversation_id === sent.conversation_id)!;
    expect(row.claim).toMatchObject({ operator_id: winner.userId, mine: true });
    expect(new Date(row.claim!.until).getTime() - t.kernel.clock.now().getTime()).toBeGreaterThan(CLAIM_MS - 60_000);
    // Counted by the server's clock (the console counts down from it, whatever the device's clock says).
    expect(row.claim!.seconds_left).toBe(Math.round((new Date(row.claim!.until).getTime() - t.kernel.clock.now().getTime()) / 1000));
    expect(row.claim!.seconds_left).toBeGreaterThan(CLAIM_MS / 1000 - 60);
    expect((await inbox(loser)).waiting.find((w) => w.conversation_id === sent.conversation_id)!.claim).toMatchObject({ mine: false, operator_email: winner.email });
  });

  it('frees a claim after 5 minutes: another operator takes it, and the first one can no longer answer', async () => {
    const [a, b] = await Promise.all([staffLogin(t, 'operator'), staffLogin(t, 'operator')]);
    const profile = await fictionalProfile(a, 'Dora');
    const member = await addMember(t);
    const sent = await write(member, profile.id);
    expect((await claim(a, sent.conversation_id)).statusCode).toBe(200);
    expect((await claim(b, sent.conversation_id)).statusCode).toBe(409);
    await expireClaim(sent.conversation_id);
    expect((await claim(b, sent.conversation_id)).statusCode).toBe(200);
    const late = await answer(a, sent.conversation_id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'claim_lost' });
  });

  it('shows the operator the member\'s profile and the whole conversation', async () => {
    const operator = await staffLogin(t, 'operator');
    const profile = await fictionalProfile(operator, 'Eva');
    const member = await addMember(t, { name: 'Walter' });
    const sent = await write(member, profile.id, 'one');
    await write(member, profile.id, 'two');
    const res = await t.call({ method: 'GET', url: `/api/operator/chat/conversation?id=${sent.conversation_id}`, cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as InboxConversationResponse;
    expect(body.member).toMatchObject({ id: member.id, name: 'Walter', fictional: false });
    expect(body.fictional).toMatchObject({ id: profile.id, name: 'Eva', fictional: true });
    expect(body.messages.map((m) => m.text)).toEqual(['one', 'two']);
    expect(body.waiting_since).not.toBeNull();
  });

  it('still opens a waiting conversation once the member or the profile is switched off (the list shows it, so must the page)', async () => {
    const operator = await staffLogin(t, 'operator');
    const profile = await fictionalProfile(operator, 'Greta');
    const member = await addMember(t, { name: 'Hugo' });
    const sent = await write(member, profile.id, 'still there?');
    await t.kernel.db.updateTable('profiles').set({ status: 'disabled' }).where('user_id', '=', member.id).execute();
    const off = await t.call({ method: 'PUT', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: { id: profile.id, changes: { status: 'disabled' } } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await inbox(operator)).waiting.some((w) => w.conversation_id === sent.conversation_id)).toBe(true);
    const res = await t.call({ method: 'GET', url: `/api/operator/chat/conversation?id=${sent.conversation_id}`, cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as InboxConversationResponse;
    expect(body.member).toMatchObject({ id: member.id, name: 'Hugo' });
    expect(body.fictional).toMatchObject({ id: profile.id, name: 'Greta', fictional: true });
    expect(body.messages.map((m) => m.text)).toEqual(['still there?']);
    // A profile taken out of sight still answers its conversations.
    await t.kernel.db.updateTable('profiles').set({ status: 'active' }).where('user_id', '=', member.id).execute();
    expect((await claim(operator, sent.conversation_id)).statusCode).toBe(200);
    const a = await answer(operator, sent.conversation_id);
    expect(a.statusCode, a.body).toBe(200);
  });

  it('hands out no conversation that cannot be answered now (member unconfirmed or switched off); it stays listed', async () => {
    // Answer everything waiting from the earlier tests so the queue starts empty here.
    const sweeper = await staffLogin(t, 'admin');
    for (const w of (await inbox(sweeper)).waiting) {
      await expireClaim(w.conversation_id);
      expect((await claim(sweeper, w.conversation_id)).statusCode).toBe(200);
      expect((await answer(sweeper, w.conversation_id)).statusCode).toBe(200);
    }
    const operator = await staffLogin(t, 'operator');
    const profile = await fictionalProfile(operator, 'Ilse');
    const [unconfirmed, switchedOff, fine] = await Promise.all([addMember(t), addMember(t), addMember(t)]);
    const s1 = await write(unconfirmed, profile.id, 'one');
    const s2 = await write(switchedOff, profile.id, 'two');
    const s3 = await write(fine, profile.id, 'three');
    await t.kernel.db.updateTable('users').set({ status: 'not_confirmed' }).where('id', '=', unconfirmed.id).execute();
    await t.kernel.db.updateTable('profiles').set({ status: 'disabled' }).where('user_id', '=', switchedOff.id).execute();
    expect((await inbox(operator)).waiting.map((w) => w.conversation_id)).toEqual([s1.conversation_id, s2.conversation_id, s3.conversation_id]);
    const r1 = await claim(operator, s1.conversation_id);
    expect(r1.statusCode, r1.body).toBe(409);
    expect(r1.json()).toMatchObject({ error: 'not_answerable', params: { reason: 'member_unconfirmed' } });
    const r2 = await claim(operator, s2.conversation_id);
    expect(r2.statusCode, r2.body).toBe(409);
    expect(r2.json()).toMatchObject({ error: 'not_answerable', params: { reason: 'member_unreachable' } });
    const next = (await t.call({ method: 'POST', url: '/api/operator/chat/claim-next', cookie: operator.cookie, payload: {} })).json() as { conversation_id: number | null };
    expect(next.conversation_id).toBe(s3.conversation_id);
    expect((await answer(operator, s3.conversation_id)).statusCode).toBe(200);
    const none = (await t.call({ method: 'POST', url: '/api/operator/chat/claim-next', cookie: operator.cookie, payload: {} })).json() as { conversation_id: number | null };
    expect(none.conversation_id).toBeNull();
    // Once the member confirms (or is switched on again), the conversation is handed out again.
    await t.kernel.db.updateTable('users').set({ status: 'active' }).where('id', '=', unconfirmed.id).execute();
    await t.kernel.db.updateTable('profiles').set({ status: 'active' }).where('user_id', '=', switchedOff.id).execute();
    for (const id of [s1.conversation_id, s2.conversation_id]) {
      expect((await claim(operator, id)).statusCode).toBe(200);
      expect((await answer(operator, id)).statusCode).toBe(200);
    }
  });

  it('answers as the profile: the member receives it live, nothing is charged, the wait ends, counted and audited', async () => {
    const operator = await staffLogin(t, 'operator');
    const profile = await fictionalProfile(operator, 'Fay');
    const member = await addMember(t, { credits: 50 });
    const ws: WebSocket = await t.app.injectWS('/api/socket', { headers: { cookie: member.cookie } });
    const sock = socketEvents(ws);
    try {
      const sent = await write(member, profile.id, 'Are you there?');
      await sock.next('chat:message');
      sock.events.length = 0;
      const before = await inbox(operator);
      expect((await claim(operator, sent.conversation_id)).statusCode).toBe(200);
      const creditsBefore = await t.kernel.services.get(creditsRef).balance(profile.id);
      const k = key();
      const res = await answer(operator, sent.conversation_id, 'Yes, I am!', k);
      expect(res.statusCode, res.body).toBe(200);
      const { message } = res.json() as { message: ChatMessage };
      expect(message).toMatchObject({ sender_id: profile.id, text: 'Yes, I am!', conversation_id: sent.conversation_id });

      // Live, like any message; and in the member's own conversation.
      const live = await sock.next('chat:message') as { message: ChatMessage; from: number };
      expect(live).toMatchObject({ from: profile.id, message: { id: message.id, text: 'Yes, I am!', key: null } });
      const chat = (await t.call({ method: 'GET', url: `/api/chat.php?id=${sent.conversation_id}`, cookie: member.cookie })).json() as { messages: ChatMessage[]; profile: { fictional: boolean } };
      expect(chat.messages.map((m) => m.text)).toEqual(['Are you there?', 'Yes, I am!']);
      expect(chat.profile.fictional).toBe(true);

      // Free for the profile; the wait and the claim are over; the same key again stores nothing new.
      expect(await t.kernel.services.get(creditsRef).balance(profile.id)).toBe(creditsBefore);
      const after = await inbox(operator);
      expect(after.waiting.some((w) => w.conversation_id === sent.conversation_id)).toBe(false);
      expect(after.counts.waiting).toBe(before.counts.waiting - 1);
      expect(after.counts.answered_today).toBe(before.counts.answered_today + 1);
      const again = await answer(operator, sent.conversation_id, 'Yes, I am!', k);
      expect(again.statusCode).toBe(200);
      expect((again.json() as { message: ChatMessage }).message.id).toBe(message.id);
      const mine = after.counts.operators.find((o) => o.operator_id === operator.userId);
      expect(mine).toMatchObject({ email: operator.email, answered: 1 });
      expect(mine!.median_seconds).toBeGreaterThanOrEqual(0);

      // Answering again needs a new message from the member first.
      expect((await claim(operator, sent.conversation_id)).json()).toMatchObject({ error: 'not_waiting' });
      await write(member, profile.id, 'Great!');
      expect((await inbox(operator)).waiting.some((w) => w.conversation_id === sent.conversation_id)).toBe(true);

      const audit = await t.kernel.audit.list({ target: `conversation:${sent.conversation_id}` });
      expect(audit.map((a) => a.action).sort()).toEqual(['chat.answer', 'chat.claim']);
      expect(audit.find((a) => a.action === 'chat.answer')).toMatchObject({
        actor_id: operator.userId, actor_role: 'operator', after: { message_id: message.id, text: 'Yes, I am!' },
      });
    } finally {
      ws.terminate();
    }
  });

  it('releases a claim (audited); another operator\'s claim only an admin may end', async () => {
    const [a, b, admin] = await Promise.all([staffLogin(t, 'operator'), staffLogin(t, 'operator'), staffLogin(t, 'admin')]);
    const profile = await fictionalProfile(a, 'Gina');
    const member = await addMember(t);
    const sent = await write(member, profile.id);
    const id = sent.conversation_id;
    expect((await claim(a, id)).statusCode).toBe(200);
    expect((await release(b, id)).statusCode).toBe(409);
    const own = await release(a, id);
    expect(own.json()).toEqual({ released: true });
    expect((await release(a, id)).json()).toEqual({ released: false });
    expect((await claim(b, id)).statusCode).toBe(200);
    expect((await release(admin, id)).json()).toEqual({ released: true });
    const audit = await t.kernel.audit.list({ action: 'chat.release', target: `conversation:${id}` });
    expect(audit.map((r) => r.actor_id).sort()).toEqual([a.userId, admin.userId].sort());
    expect(audit.find((r) => r.actor_id === a.userId)).toMatchObject({ before: { claimed_by: a.userId }, after: null });
  });

  it('claims the oldest free conversation with claim-next, skipping claimed ones', async () => {
    // Answer everything waiting from the earlier tests so the queue starts empty here.
    const sweeper = await staffLogin(t, 'admin');
    for (const w of (await inbox(sweeper)).waiting) {
      await expireClaim(w.conversation_id);
      expect((await claim(sweeper, w.conversation_id)).statusCode).toBe(200);
      expect((await answer(sweeper, w.conversation_id)).statusCode).toBe(200);
    }
    const [a, b, c] = await Promise.all([staffLogin(t, 'operator'), staffLogin(t, 'operator'), staffLogin(t, 'operator')]);
    const profile = await fictionalProfile(a, 'Hana');
    const [m1, m2] = await Promise.all([addMember(t), addMember(t)]);
    const s1 = await write(m1, profile.id);
    const s2 = await write(m2, profile.id);
    const next = (s: Staff) => t.call({ method: 'POST', url: '/api/operator/chat/claim-next', cookie: s.cookie, payload: {} });
    const [ra, rb, rc] = await Promise.all([next(a), next(b), next(c)]);
    const got = [ra, rb, rc].map((r) => (r.json() as { conversation_id: number | null; claim: InboxClaim | null }).conversation_id);
    expect(got.filter((x) => x != null).sort()).toEqual([s1.conversation_id, s2.conversation_id].sort());
    expect(got.filter((x) => x == null)).toHaveLength(1);
  });

  it('counts per operator over days: answers and the median time to answer', async () => {
    const operator = await staffLogin(t, 'operator');
    const profile = await fictionalProfile(operator, 'Ines');
    for (const n of [1, 2, 3]) {
      const member = await addMember(t);
      const sent = await write(member, profile.id, `hello ${n}`);
      // The member waited n minutes.
      await t.kernel.db.updateTable('chat_inbox').set({ waiting_since: new Date(t.kernel.clock.now().getTime() - n * 60_000) })
        .where('conversation_id', '=', sent.conversation_id).execute();
      expect((await claim(operator, sent.conversation_id)).statusCode).toBe(200);
      expect((await answer(operator, sent.conversation_id)).statusCode).toBe(200);
    }
    const res = await t.call({ method: 'GET', url: '/api/operator/chat/stats?days=7', cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as InboxCounts;
    const mine = stats.operators.find((o) => o.operator_id === operator.userId)!;
    expect(mine.answered).toBe(3);
    expect(mine.median_seconds).toBeGreaterThanOrEqual(119);
    expect(mine.median_seconds).toBeLessThan(130);
  });
});
