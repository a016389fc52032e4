import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { PAGE_SIZE } from '../contract.ts';
import { RANK_WINDOW, TOTAL_CAP } from './queries.ts';
import { seedBulkMembers } from './seed/bulk.ts';

const BULK = 1300;
let t: TestApp;
let cookie: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await seedBulkMembers(t.kernel, BULK);
  // Ties in last activity: the order must still be total (by id), or pages overlap and skip.
  await sql`UPDATE users SET last_seen = '2026-01-01T12:00:00Z' WHERE email LIKE 'bulk-%' AND id % 3 = 0`.execute(t.database.db);
  await sql`ANALYZE`.execute(t.database.db);
  cookie = sessionCookie(await t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } }));
  demoId = Number((await t.database.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id);
}, 120_000);
afterAll(async () => { await t?.close(); });

const search = async (qs: string) => {
  const res = await t.call({ method: 'GET', url: `/api/members.php?${qs}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { profiles: { id: number }[]; total: number; total_capped: boolean; page: number; per_page: number };
};

/** The listed members' ids in search order, straight from the tables. */
async function expectedOrder(where = sql`true`) {
  const { rows } = await sql<{ id: number }>`SELECT p.user_id AS id FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.status = 'active' AND NOT p.invisible AND u.deleted_at IS NULL AND p.user_id <> ${demoId} AND ${where}
    ORDER BY u.last_seen DESC NULLS LAST, p.user_id DESC`.execute(t.database.db);
  return rows.map((r) => Number(r.id));
}

describe('search totals', () => {
  it(`counts exactly up to ${TOTAL_CAP}, then says "${TOTAL_CAP}+"`, async () => {
    const all = await expectedOrder();
    expect(all.length).toBeGreaterThan(TOTAL_CAP);
    expect(await search('')).toMatchObject({ total: TOTAL_CAP, total_capped: true });
    const women = await expectedOrder(sql`p.gender = 'female'`);
    expect(women.length).toBeLessThan(TOTAL_CAP);
    expect(await search('gender=female')).toMatchObject({ total: women.length, total_capped: false });
    // A short last page tells the total by itself; a page past the end still counts.
    const last = Math.ceil(women.length / PAGE_SIZE);
    expect(await search(`gender=female&page=${last}`)).toMatchObject({ total: women.length, total_capped: false });
    expect(await search(`gender=female&page=${last + 3}`)).toMatchObject({ profiles: [], total: women.length, total_capped: false });
  });
});

describe('deep paging', () => {
  it('walks every page in one stable order: no member twice, none skipped, even on ties', async () => {
    const expected = await expectedOrder(sql`p.gender = 'female'`);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / PAGE_SIZE); page++) {
      seen.push(...(await search(`gender=female&page=${page}`)).profiles.map((p) => p.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });

  it('serves page 50 and beyond the capped total in the same order', async () => {
    const expected = await expectedOrder();
    for (const page of [50, 54]) {
      const res = await search(`page=${page}`);
      expect(res.profiles.map((p) => p.id)).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
      expect(res.total_capped).toBe(true);
    }
    // Asking twice gives the same page.
    expect((await search('page=50')).profiles).toEqual((await search('page=50')).profiles);
  });

  it('ranks by shared interests within the window, then by last activity', async () => {
    const picks = ['travelling', 'coffee', 'hiking'];
    const qs = `interests=${picks.join(',')}`;
    const shared = async (ids: number[]) => {
      const { rows } = await sql<{ id: number; interests: string[] }>`SELECT user_id AS id, interests FROM profiles WHERE user_id = ANY(${ids}::int[])`.execute(t.database.db);
      const byId = new Map(rows.map((r) => [Number(r.id), r.interests.filter((i) => picks.includes(i)).length]));
      return ids.map((id) => byId.get(id)!);
    };
    const first = (await search(qs)).profiles.map((p) => p.id);
    const counts = await shared(first);
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Past the window: members sharing at least one interest, by last activity.
    const sharing = await expectedOrder(sql`p.interests && ${picks}::text[]`);
    const page = RANK_WINDOW / PAGE_SIZE + 1;
    expect((await search(`${qs}&page=${page}`)).profiles.map((p) => p.id)).toEqual(sharing.slice(RANK_WINDOW, RANK_WINDOW + PAGE_SIZE));
    // The whole window holds the same members as the first RANK_WINDOW by activity, reordered.
    const window: number[] = [];
    for (let p = 1; p <= RANK_WINDOW / PAGE_SIZE; p++) window.push(...(await search(`${qs}&page=${p}`)).profiles.map((x) => x.id));
    expect(new Set(window)).toEqual(new Set(sharing.slice(0, RANK_WINDOW)));
  });
});

describe('profile copy of activity and deletion', () => {
  it('follows users.last_seen and deleted_at through the triggers', async () => {
    const [id] = await expectedOrder(sql`p.country = 'FI'`);
    const db = t.database.db;
    await db.updateTable('users').set({ last_seen: new Date('2020-02-02T00:00:00Z') }).where('id', '=', id).execute();
    const row = await db.selectFrom('profiles').select(['last_seen', 'account_deleted']).where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.last_seen!).toISOString()).toBe('2020-02-02T00:00:00.000Z');
    await db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    expect((await search('country=FI&page=1')).profiles.map((p) => p.id)).not.toContain(id);
    expect(await expectedOrder(sql`p.country = 'FI'`)).not.toContain(id);
    await db.updateTable('users').set({ deleted_at: null }).where('id', '=', id).execute();
    const back = await expectedOrder(sql`p.country = 'FI'`);
    const page = Math.floor(back.indexOf(id) / PAGE_SIZE) + 1;
    expect((await search(`country=FI&page=${page}`)).profiles.map((p) => p.id)).toContain(id);
  });
});
