import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

type Member = Awaited<ReturnType<typeof addMember>>;
const setInvisible = (m: Member, invisible: boolean) => t.database.db.updateTable('profiles').set({ invisible }).where('user_id', '=', m.id).execute();
const seenNow = (m: Member) => t.database.db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', m.id).execute();
const profileOf = (id: number, viewer?: Member) => t.call({ method: 'GET', url: `/api/member.php?id=${id}`, cookie: viewer?.cookie });
const say = (from: Member, to: Member) => t.call({
  method: 'POST', url: '/api/messages.php', cookie: from.cookie, payload: { to: to.id, kind: 'text', text: 'Hello', key: crypto.randomBytes(9).toString('base64url') },
});
const online = async (id: number, viewer: Member) => ((await profileOf(id, viewer)).json() as { profile: { online: boolean } }).profile.online;

describe('invisible members', () => {
  it('are absent (404 like a missing member) for everyone not in touch with them, and never online', async () => {
    const hidden = await addMember(t, { name: 'Hilde', gender: 'female', credits: 50 });
    const stranger = await addMember(t, { name: 'Sven' });
    const visible = await addMember(t, { name: 'Vera', gender: 'female' });
    await Promise.all([seenNow(hidden), seenNow(visible)]);
    expect(await online(visible.id, stranger)).toBe(true);
    expect(await online(hidden.id, stranger)).toBe(true);

    await setInvisible(hidden, true);
    const missing = await profileOf(2147480000, stranger);
    expect(missing.statusCode).toBe(404);
    // Counting ids up: the invisible member's id answers exactly like one that does not exist.
    for (const viewer of [stranger, undefined]) {
      const res = await profileOf(hidden.id, viewer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    // Other ways to a profile by id: the conversation view, blocking, reporting, liking, writing.
    const byChat = await t.call({ method: 'GET', url: `/api/chat.php?member=${hidden.id}`, cookie: stranger.cookie });
    expect(byChat.statusCode).toBe(404);
    expect(JSON.stringify(byChat.json())).not.toContain('Hilde');
    expect((await t.call({ method: 'POST', url: '/api/block.php', cookie: stranger.cookie, payload: { id: hidden.id } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/report.php', cookie: stranger.cookie, payload: { id: hidden.id, reason: 'fake' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/likes.php', cookie: stranger.cookie, payload: { id: hidden.id } })).statusCode).toBe(404);
    expect((await say(stranger, hidden)).statusCode).toBe(404);
    const found = (await t.call({ method: 'GET', url: '/api/members.php', cookie: stranger.cookie })).json() as { profiles: { id: number }[] };
    expect(found.profiles.map((p) => p.id)).not.toContain(hidden.id);

    // Themself: their own profile, not online.
    const own = await profileOf(hidden.id, hidden);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.online).toBe(false);
  });

  it('stay visible (offline) to members they wrote to or liked; a like from the viewer alone is not enough', async () => {
    const hidden = await addMember(t, { name: 'Ines', gender: 'female', credits: 50 });
    const written = await addMember(t, { name: 'Walter' });
    const liked = await addMember(t, { name: 'Lars' });
    const admirer = await addMember(t, { name: 'Anton' });
    await seenNow(hidden);
    // The admirer liked her while she was visible.
    expect((await t.call({ method: 'POST', url: '/api/likes.php', cookie: admirer.cookie, payload: { id: hidden.id } })).statusCode).toBe(200);
    await setInvisible(hidden, true);
    expect((await say(hidden, written)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/likes.php', cookie: hidden.cookie, payload: { id: liked.id } })).statusCode).toBe(200);

    for (const viewer of [written, liked]) {
      const res = await profileOf(hidden.id, viewer);
      expect(res.statusCode, viewer.email).toBe(200);
      expect(res.json().profile).toMatchObject({ id: hidden.id, name: 'Ines', online: false });
    }
    // Answering is fine: the one she wrote to writes back, the one she liked may write first.
    expect((await say(written, hidden)).statusCode).toBe(200);
    expect((await say(liked, hidden)).statusCode).toBe(200);
    // Lists that show her say she is offline.
    const list = (await t.call({ method: 'GET', url: '/api/chats.php', cookie: written.cookie })).json() as { chats: { profile: { id: number; online: boolean } }[] };
    expect(list.chats.find((c) => c.profile.id === hidden.id)?.profile.online).toBe(false);
    const likes = (await t.call({ method: 'GET', url: '/api/likes.php', cookie: liked.cookie })).json() as { liked_by: { profile: { id: number; online: boolean } }[] };
    expect(likes.liked_by.find((l) => l.profile.id === hidden.id)?.profile.online).toBe(false);

    expect((await profileOf(hidden.id, admirer)).statusCode).toBe(404);
    // Visible again: everyone sees her, online.
    await setInvisible(hidden, false);
    expect(await online(hidden.id, admirer)).toBe(true);
  });
});
