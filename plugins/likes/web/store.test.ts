import { describe, expect, it } from 'vitest';
import { LikesStore } from './store.ts';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { ProfileSummary } from '../../members/contract.ts';

const p = (id: number) => ({ id, name: `M${id}` }) as ProfileSummary;
const entry = (id: number, like_new = false) => ({ profile: p(id), like_new, created_at: '2026-11-01T10:00:00Z' });

describe('likes store', () => {
  it('counts new likes, finds matches, and clears a flag once (locally at once, then on the server)', async () => {
    const calls: unknown[] = [];
    const api = fakeApi({
      'GET /api/likes.php': () => ({ profiles: [entry(1), entry(2)], liked_by: [entry(2, true), entry(3, true), entry(4)] }),
      'PUT /api/likes.php': (b) => { calls.push(b); return { seen: true }; },
    });
    const store = LikesStore.create({}, { api, bus: new Bus() });
    await store.load();
    expect(store.newCount).toBe(2);
    expect(store.matches.map((e) => e.profile.id)).toEqual([2]);
    expect(store.isLiked(1)).toBe(true);
    expect(store.likedMe(4)).toBe(true);
    await store.markSeen(3);
    await store.markSeen(3);
    await store.markSeen(1); // not a liker: nothing to clear
    expect(store.newCount).toBe(1);
    expect(calls).toEqual([{ id: 3, seen: true }]);
  });

  it('asks for an auto-like with a POST (it writes a like; never a GET)', async () => {
    const api = fakeApi({ 'POST /api/auto-like.php': () => ({ profile: p(7) }) });
    const store = LikesStore.create({}, { api, bus: new Bus() });
    expect(await store.autoLike()).toEqual(p(7));
    expect(api.calls).toEqual(['POST /api/auto-like.php']);
  });

  it('likes optimistically and takes the like back when the server refuses', async () => {
    let refuse = false;
    const api = fakeApi({
      'POST /api/likes.php': () => { if (refuse) throw new Error('blocked'); return { liked: true, match: false }; },
      'DELETE /api/likes.php': () => ({ liked: false }),
    });
    const store = LikesStore.create({}, { api, bus: new Bus() });
    const pending = store.like(p(5));
    expect(store.isLiked(5)).toBe(true);
    await pending;
    refuse = true;
    await expect(store.like(p(6))).rejects.toThrow('blocked');
    expect(store.isLiked(6)).toBe(false);
    await store.unlike(5);
    expect(store.isLiked(5)).toBe(false);
    store.clear();
    expect(store.loaded).toBe(false);
  });

  it('keeps a like given while the lists were on their way (their answer predates it)', async () => {
    let answer!: (v: unknown) => void;
    const api = fakeApi({
      'GET /api/likes.php': () => new Promise((r) => { answer = r; }),
      'POST /api/likes.php': () => ({ liked: true, match: false }),
    });
    const store = LikesStore.create({}, { api, bus: new Bus() });
    const loading = store.load();
    await store.like(p(8));
    answer({ profiles: [], liked_by: [entry(9, true)] });
    await loading;
    expect(store.isLiked(8)).toBe(true);
    expect(store.likedMe(9)).toBe(true); // the likes received still arrive
    // The next load, asked after the like, is the truth again.
    answer = () => {};
    const next = store.load();
    answer({ profiles: [], liked_by: [] });
    await next;
    expect(store.isLiked(8)).toBe(false);
  });
});
