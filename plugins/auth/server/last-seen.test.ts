import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { lastSeenWriter } from './last-seen.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const lastSeen = async (id: number) => {
  const row = await t.database.db.selectFrom('users').select('last_seen').where('id', '=', id).executeTakeFirstOrThrow();
  return row.last_seen ? new Date(row.last_seen).getTime() : null;
};
const setLastSeen = (id: number, at: number) => t.database.db.updateTable('users').set({ last_seen: new Date(at) }).where('id', '=', id).execute();

describe('last activity', () => {
  it('GET user.php writes it at most once a minute per member', async () => {
    const m = await addMember(t);
    const old = Date.now() - 5 * 60_000;
    await setLastSeen(m.id, old);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(200);
    const first = await lastSeen(m.id);
    expect(first).toBeGreaterThan(old);
    await setLastSeen(m.id, old);
    for (let i = 0; i < 3; i++) await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie });
    expect(await lastSeen(m.id)).toBe(old); // written within the minute: no database write at all
  });

  it('instances agree through the conditional update', async () => {
    const m = await addMember(t);
    let now = Date.now();
    const a = lastSeenWriter(t.database.db, () => now);
    const b = lastSeenWriter(t.database.db, () => now);
    await setLastSeen(m.id, now - 30_000);
    await b(m.id); // another instance: its map is empty, the row is fresh enough
    expect(await lastSeen(m.id)).toBe(now - 30_000);
    now += 45_000;
    await a(m.id);
    expect(await lastSeen(m.id)).toBe(now);
  });
});
