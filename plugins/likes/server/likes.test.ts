import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { AUTO_LIKES_PER_DAY } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 30 }); });
afterAll(async () => { await t?.close(); });

const like = (cookie: string, id: unknown, extra: object = {}) => t.call({ method: 'POST', url: '/api/likes.php', cookie, payload: { id, ...extra } });
const likesOf = async (cookie: string) => (await t.call({ method: 'GET', url: '/api/likes.php', cookie })).json();

describe('likes', () => {
  it('likes, lists both ways with new likes first, matches, clears the new flag, and unlikes', async () => {
    const a = await addMember(t, { name: 'Anna', gender: 'female' });
    const b = await addMember(t, { name: 'Bart' });
    const c = await addMember(t, { name: 'Cees' });
    expect((await like(a.cookie, b.id)).json()).toEqual({ liked: true, match: false });
    expect((await like(a.cookie, b.id)).statusCode).toBe(200); // idempotent
    await like(c.cookie, b.id, { source: 'search' });
    let bl = await likesOf(b.cookie);
    expect(bl.liked_by.map((e: { profile: { id: number } }) => e.profile.id)).toEqual([c.id, a.id]);
    expect(bl.liked_by.every((e: { like_new: boolean }) => e.like_new)).toBe(true);
    // Opening Anna's profile clears her like's flag: she moves behind the new ones.
    expect((await t.call({ method: 'PUT', url: '/api/likes.php', cookie: b.cookie, payload: { id: a.id, seen: true } })).statusCode).toBe(200);
    await like(t.kernel ? c.cookie : '', a.id);
    bl = await likesOf(b.cookie);
    expect(bl.liked_by.map((e: { profile: { id: number }; like_new: boolean }) => [e.profile.id, e.like_new])).toEqual([[c.id, true], [a.id, false]]);
    // Liking back is a match, seen on both sides.
    expect((await like(b.cookie, a.id)).json()).toEqual({ liked: true, match: true });
    const al = await likesOf(a.cookie);
    expect(al.profiles.map((e: { profile: { id: number } }) => e.profile.id)).toContain(b.id);
    expect(al.liked_by.map((e: { profile: { id: number } }) => e.profile.id)).toContain(b.id);
    expect((await t.call({ method: 'DELETE', url: '/api/likes.php', cookie: b.cookie, payload: { id: a.id } })).json()).toEqual({ liked: false, match: false });
    expect((await likesOf(a.cookie)).liked_by.map((e: { profile: { id: number } }) => e.profile.id)).not.toContain(b.id);
  });

  it('refuses bad input, oneself, unknown, blocked and invisible members', async () => {
    const a = await addMember(t);
    const b = await addMember(t, { name: 'Blocker' });
    for (const payload of [{}, { id: 'x' }, { id: 0 }, { id: 1, source: 'swipe' }, { id: 1, evil: true }]) {
      const res = await t.call({ method: 'POST', url: '/api/likes.php', cookie: a.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await like(a.cookie, a.id)).statusCode).toBe(404);
    expect((await like(a.cookie, 99999999)).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/likes.php', payload: { id: b.id } })).json().error).toBe('authentication_required');
    await t.call({ method: 'POST', url: '/api/block.php', cookie: b.cookie, payload: { id: a.id } });
    const refused = await like(a.cookie, b.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'blocked', params: { name: 'Blocker' } });
    // The blocked member cannot open the profile either; the blocker still can, and can unblock.
    const view = await t.call({ method: 'GET', url: `/api/member.php?id=${b.id}`, cookie: a.cookie });
    expect(view.statusCode).toBe(403);
    expect(view.json().message).toBe('Blocked by Blocker: no access.');
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${a.id}`, cookie: b.cookie })).json().profile.blocked).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/members.php', cookie: a.cookie })).json().profiles.map((p: { id: number }) => p.id)).not.toContain(b.id);
    await t.call({ method: 'DELETE', url: '/api/block.php', cookie: b.cookie, payload: { id: a.id } });
    expect((await like(a.cookie, b.id)).statusCode).toBe(200);

    const shy = await addMember(t, { name: 'Shy' });
    await t.call({ method: 'PUT', url: '/api/profile.php', cookie: shy.cookie, payload: { invisible: true } });
    expect((await like(a.cookie, shy.id)).statusCode).toBe(404);
    await like(shy.cookie, a.id);
    expect((await like(a.cookie, shy.id)).json()).toEqual({ liked: true, match: true });
  });

  it('reports a profile once a day and refuses bad reports', async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    const report = (payload: object) => t.call({ method: 'POST', url: '/api/report.php', cookie: a.cookie, payload });
    expect((await report({ id: b.id, reason: 'fake', comment: 'Stock photos' })).json()).toEqual({ reported: true });
    expect((await report({ id: b.id, reason: 'scam' })).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('reports').selectAll().where('reported_id', '=', b.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: a.id, reason: 'fake', comment: 'Stock photos' });
    expect((await report({ id: b.id, reason: 'boring' })).statusCode).toBe(400);
    expect((await report({ id: b.id, reason: 'fake', comment: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report({ id: a.id, reason: 'fake' })).statusCode).toBe(400);
    expect((await report({ id: 99999999, reason: 'fake' })).statusCode).toBe(404);
  });

  it('auto-like: a demo member who fits likes the member, a few times a day at most', async () => {
    const m = await addMember(t, { gender: 'male' });
    const seen = new Set<number>();
    for (let i = 0; i < AUTO_LIKES_PER_DAY; i++) {
      const res = (await t.call({ method: 'POST', url: '/api/auto-like.php', payload: {}, cookie: m.cookie })).json();
      expect(res.profile).toMatchObject({ gender: 'female', main_image: { match: expect.stringMatching(/^\/media\//) } });
      seen.add(res.profile.id);
    }
    expect(seen.size).toBe(AUTO_LIKES_PER_DAY);
    expect((await t.call({ method: 'POST', url: '/api/auto-like.php', payload: {}, cookie: m.cookie })).json()).toEqual({ profile: null });
    const received = (await likesOf(m.cookie)).liked_by.map((e: { profile: { id: number } }) => e.profile.id);
    expect(new Set(received)).toEqual(seen);
    t.kernel.clock.advance(86400_000 + 1000);
    expect((await t.call({ method: 'POST', url: '/api/auto-like.php', payload: {}, cookie: m.cookie })).json().profile).not.toBeNull();
    expect((await t.call({ method: 'POST', url: '/api/auto-like.php', payload: {} })).json().error).toBe('authentication_required');
  });

  it('auto-like is a POST with the client header: a GET or a header-less POST (another site) writes no like', async () => {
    const m = await addMember(t, { gender: 'male' });
    const count = async () => (await likesOf(m.cookie)).liked_by.length;
    const before = await count();
    const get = await t.call({ method: 'GET', url: '/api/auto-like.php', cookie: m.cookie });
    expect([404, 405]).toContain(get.statusCode);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auto-like.php', payload: {}, headers: { cookie: m.cookie, 'content-type': 'application/json' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('client_header_required');
    expect(await count()).toBe(before);
    expect((await t.call({ method: 'POST', url: '/api/auto-like.php', payload: {}, cookie: m.cookie })).json().profile).not.toBeNull();
    expect(await count()).toBe(before + 1);
  });
});

describe('swipe game', () => {
  it('deals cards, passes, and allows 4 likes a day, enforced under parallel requests', async () => {
    const m = await addMember(t, { gender: 'male' });
    const first = (await t.call({ method: 'GET', url: '/api/swipe.php', cookie: m.cookie })).json();
    expect(first.likes_left).toBe(4);
    expect(first.cards.length).toBeGreaterThanOrEqual(10);
    expect(first.cards.every((c: { gender: string; main_image: unknown }) => c.gender === 'female' && c.main_image)).toBe(true);
    const ids = first.cards.map((c: { id: number }) => c.id) as number[];
    const swipe = (id: unknown, action: string) => t.call({ method: 'POST', url: '/api/swipe.php', cookie: m.cookie, payload: { id, action } });
    expect((await swipe(ids[0], 'pass')).json()).toEqual({ likes_left: 4, match: false });
    const results = await Promise.all(ids.slice(1, 7).map((id) => swipe(id, 'like')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].json()).toMatchObject({ error: 'swipe_limit_reached', params: { limit: 4 } });
    const next = (await t.call({ method: 'GET', url: '/api/swipe.php', cookie: m.cookie })).json();
    expect(next.likes_left).toBe(0);
    const liked = (await likesOf(m.cookie)).profiles.map((e: { profile: { id: number } }) => e.profile.id);
    expect(liked).toHaveLength(4);
    for (const id of [ids[0], ...liked]) expect(next.cards.map((c: { id: number }) => c.id)).not.toContain(id);
    // Other likes are not part of the game's allowance; the next day brings 4 new ones.
    expect((await like(m.cookie, ids[8])).statusCode).toBe(200);
    t.kernel.clock.advance(86400_000);
    expect((await t.call({ method: 'GET', url: '/api/swipe.php', cookie: m.cookie })).json().likes_left).toBe(4);
    for (const payload of [{ id: ids[9], action: 'love' }, { id: 'x', action: 'like' }, { action: 'like' }]) {
      expect((await t.call({ method: 'POST', url: '/api/swipe.php', cookie: m.cookie, payload })).statusCode).toBe(400);
    }
    expect((await swipe(99999999, 'like')).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/swipe.php' })).json().error).toBe('authentication_required');
  });
});
