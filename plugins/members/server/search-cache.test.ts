import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { SESSION_COOKIE } from '../../../kernel/server/sessions.ts';
import type { MembersQuery, MembersResponse } from '../contract.ts';
import { loadViewer, searchMembers } from './queries.ts';
import { SEARCH_CACHE_MS, type SearchCache } from './search-cache.ts';
import { seedBulkMembers } from './seed/bulk.ts';
import { searchCacheRef } from './search-cache.ts';

const BULK = 1300;
let t: TestApp;
let cache: SearchCache;
const viewers: { id: number; cookie: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await seedBulkMembers(t.kernel, BULK);
  await sql`ANALYZE`.execute(t.database.db);
  cache = t.kernel.services.get(searchCacheRef);
  const { rows } = await sql<{ id: number }>`SELECT p.user_id AS id FROM profiles p WHERE p.status = 'active' AND NOT p.invisible
    ORDER BY p.user_id LIMIT 4`.execute(t.database.db);
  for (const r of rows) viewers.push({ id: Number(r.id), cookie: `${SESSION_COOKIE}=${await t.kernel.sessions.create(Number(r.id))}` });
  // The first viewer blocked ten recently active members, and two others blocked them.
  const { rows: top } = await sql<{ id: number }>`SELECT user_id AS id FROM profiles WHERE status = 'active' AND NOT invisible AND user_id > 10
    ORDER BY last_seen DESC NULLS LAST, user_id DESC LIMIT 12`.execute(t.database.db);
  const v = viewers[0].id;
  await t.database.db.insertInto('blocks').values(top.slice(0, 10).map((r) => ({ blocker_id: v, blocked_id: Number(r.id) }))).execute();
  await t.database.db.insertInto('blocks').values(top.slice(10).map((r) => ({ blocker_id: Number(r.id), blocked_id: v }))).execute();
}, 120_000);
afterAll(async () => { await t?.close(); });

const search = async (cookie: string | undefined, qs: string) => {
  const res = await t.call({ method: 'GET', url: `/api/members.php?${qs}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MembersResponse;
};

/** The uncached SQL search (queries.ts) as this viewer. */
async function direct(viewerId: number | null, qs: string) {
  const p = Object.fromEntries(new URLSearchParams(qs)) as Record<string, string>;
  const q = { ...p, min_age: p.min_age ? Number(p.min_age) : undefined, max_age: p.max_age ? Number(p.max_age) : undefined,
    page: p.page ? Number(p.page) : undefined, similar: p.similar === 'true' } as MembersQuery;
  const ctx = { storage: t.kernel.storage, cdnPrefix: '', viewer: await loadViewer(t.database.db, viewerId) };
  return JSON.parse(JSON.stringify(await searchMembers(t.database.db, ctx, q))) as MembersResponse;
}

/** Photo links are signed per call: compare everything else. */
const plain = (r: MembersResponse) => ({ ...r, profiles: r.profiles.map((p) => ({ ...p, main_image: p.main_image ? { ...p.main_image, filename: p.main_image.filename.split('?')[0], thumb_filename: p.main_image.thumb_filename.split('?')[0], match: p.main_image.match.split('?')[0] } : null })) });

const SETS = ['', 'gender=female', 'country=DE', 'gender=male&min_age=30&max_age=45', 'country=GB&gender=female&min_age=25&max_age=40',
  'country=NL&countryregion=utrecht&gender=male&min_age=30&max_age=35&similar=true', 'interests=travelling,coffee,hiking',
  'gender=female&interests=music,cooking'];
const PAGES = [1, 2, 7, 10, 11, 40, 42, 50, 60];

describe('cached member search', () => {
  it('equals the uncached SQL search for several viewers, filter sets and pages (blocks included)', async () => {
    for (const viewer of [...viewers, null]) {
      for (const set of SETS) {
        for (const page of PAGES) {
          const qs = `${set}${set ? '&' : ''}page=${page}`;
          const want = plain(await direct(viewer?.id ?? null, qs));
          expect(plain(await search(viewer?.cookie, qs)), `${viewer?.id} ${qs}`).toEqual(want);
          // A second time comes from memory and still agrees.
          expect(plain(await search(viewer?.cookie, qs)), `${viewer?.id} ${qs} (again)`).toEqual(want);
        }
      }
    }
    expect(cache.stats.hits).toBeGreaterThan(0);
  }, 120_000);

  it('serves a repeated search without SQL', async () => {
    // On a PostgreSQL shared with other test files, their change notifications (one channel per
    // database) may drop or refuse a list now and then: a few tries.
    let hits = 0;
    for (let i = 0; i < 10 && !hits; i++) {
      await search(viewers[1].cookie, 'country=DE');
      const before = cache.stats.hits;
      await search(viewers[2].cookie, 'country=DE');
      hits = cache.stats.hits - before;
    }
    expect(hits).toBe(1);
  });

  it('shows a block at once, both ways, and an unblock too', async () => {
    const [a, b] = viewers.slice(1, 3);
    const first = (await search(a.cookie, 'page=1')).profiles.map((p) => p.id);
    const target = first[0];
    const blocked = await t.call({ method: 'POST', url: '/api/block.php', cookie: a.cookie, payload: { id: target } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await search(a.cookie, 'page=1')).profiles.map((p) => p.id)).not.toContain(target);
    expect(plain(await search(a.cookie, 'page=1'))).toEqual(plain(await direct(a.id, 'page=1')));
    // b blocks a: a disappears from b's search; b's list for a stays right too.
    await t.call({ method: 'POST', url: '/api/block.php', cookie: b.cookie, payload: { id: a.id } });
    expect(plain(await search(b.cookie, 'page=1'))).toEqual(plain(await direct(b.id, 'page=1')));
    await t.call({ method: 'DELETE', url: '/api/block.php', cookie: a.cookie, payload: { id: target } });
    expect((await search(a.cookie, 'page=1')).profiles.map((p) => p.id)).toContain(target);
  });

  it('drops a member who goes invisible, deletes the account or changes the profile, at once', async () => {
    const viewer = viewers[3];
    const ids = (await search(viewer.cookie, 'gender=female')).profiles.map((p) => p.id);
    const [invisible, deleted, renamed] = ids;
    await t.database.db.updateTable('profiles').set({ invisible: true }).where('user_id', '=', invisible).execute();
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    await t.database.db.updateTable('profiles').set({ name: 'Renamed' }).where('user_id', '=', renamed).execute();
    const after = await search(viewer.cookie, 'gender=female');
    expect(after.profiles.map((p) => p.id)).not.toContain(invisible);
    expect(after.profiles.map((p) => p.id)).not.toContain(deleted);
    expect(after.profiles.find((p) => p.id === renamed)?.name).toBe('Renamed');
    expect(plain(after)).toEqual(plain(await direct(viewer.id, 'gender=female')));
    // A member changing gender leaves the women's list at once (they were in it) ...
    await t.database.db.updateTable('profiles').set({ gender: 'male' }).where('user_id', '=', renamed).execute();
    expect((await search(viewer.cookie, 'gender=female')).profiles.map((p) => p.id)).not.toContain(renamed);
    // ... and the men's list (cached before) takes them in at once.
    await sql`UPDATE profiles SET gender = 'female' WHERE user_id = ${renamed}`.execute(t.database.db);
    await search(viewer.cookie, 'gender=male');
    await t.database.db.updateTable('profiles').set({ gender: 'male' }).where('user_id', '=', renamed).execute();
    await t.database.db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', renamed).execute();
    expect(plain(await search(viewer.cookie, 'gender=male'))).toEqual(plain(await direct(viewer.id, 'gender=male')));
  });

  it('follows changes in last activity (the order) within the cache time', async () => {
    const viewer = viewers[3];
    const first = await search(viewer.cookie, 'country=DE');
    const last = first.profiles[first.profiles.length - 1].id;
    // last_seen alone sends no change notification: the order moves on after SEARCH_CACHE_MS.
    await t.database.db.updateTable('users').set({ last_seen: new Date(Date.now() + 60_000) }).where('id', '=', last).execute();
    expect((await search(viewer.cookie, 'country=DE')).profiles.map((p) => p.id)).toEqual(first.profiles.map((p) => p.id));
    t.kernel.clock.advance(SEARCH_CACHE_MS + 1);
    const after = await search(viewer.cookie, 'country=DE');
    expect(after.profiles[0].id).toBe(last);
    expect(plain(after)).toEqual(plain(await direct(viewer.id, 'country=DE')));
  });
});
