import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { AuthService } from './service.ts';
import { creditsRef } from '../../credits/server.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

/** Counts the queries that reach the database while `fn` runs. */
async function queriesDuring(fn: () => Promise<unknown>) {
  const executor = (t.database.db as unknown as { getExecutor(): { executeQuery: (...a: unknown[]) => Promise<unknown> } }).getExecutor();
  const original = executor.executeQuery;
  let n = 0;
  executor.executeQuery = (...a: unknown[]) => { n++; return original.apply(executor, a); };
  try { await fn(); } finally { executor.executeQuery = original; }
  return n;
}

describe('GET user.php from memory', () => {
  it('answers repeated calls without a query, and sees every committed change at once', async () => {
    const m = await addMember(t, { name: 'Cachy' });
    const get = async () => (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user;
    expect((await get()).profile.name).toBe('Cachy');
    expect(await queriesDuring(get)).toBe(0);

    // Changes by other requests, jobs or plain SQL (no request of this member): seen on the next call.
    await sql`UPDATE users SET email = 'moved@example.com' WHERE id = ${m.id}`.execute(t.database.db);
    expect((await get()).email).toBe('moved@example.com');
    await sql`UPDATE profiles SET name = 'Renamed' WHERE user_id = ${m.id}`.execute(t.database.db);
    expect((await get()).profile.name).toBe('Renamed');
    await t.kernel.services.get(creditsRef).grant(m.id, 5, 'test');
    expect((await get()).credits).toBe(5);
    await t.kernel.services.get(creditsRef).markPaid(m.id);
    expect((await get()).paid_user).toBe(true);
    await t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('photos').values({ user_id: m.id, file_key: 'seed/none', status: 'approved', is_main: true, position: 0 }).execute();
    });
    expect((await get()).profile.main_image).not.toBeNull();
    // Last activity alone changes nothing in the answer, and reading (a search) is no change: the cache stays.
    await sql`UPDATE users SET last_seen = now() - interval '1 hour' WHERE id = ${m.id}`.execute(t.database.db);
    await get();
    expect((await t.call({ method: 'GET', url: '/api/members.php?gender=female', cookie: m.cookie })).statusCode).toBe(200);
    expect(await queriesDuring(get)).toBe(0);
  });

  it('keeps no answer of a member who is gone', async () => {
    const m = await addMember(t);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(200);
    await sql`UPDATE users SET deleted_at = now() WHERE id = ${m.id}`.execute(t.database.db);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(403);
  });
});
