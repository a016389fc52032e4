import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './db.ts';
import { runMigrations } from './migrations.ts';
import { dbSessions, SessionCache, type SessionInvalidation, type SessionInvalidations } from './sessions.ts';

describe('session cache', () => {
  it('keeps at most its size, least recently used out first, each entry for its TTL', () => {
    let now = 1000;
    const cache = new SessionCache(2, 30_000, () => now);
    cache.set('a', 1, Infinity);
    cache.set('b', 2, Infinity);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3, Infinity);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    now += 30_000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('d', 4, now + 5); // never past the session's own expiry
    now += 6;
    expect(cache.get('d')).toBeUndefined();
  });
});

describe('sessions with the cache', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    const { sessionMigrations } = await import('./sessions.ts');
    await runMigrations(database.db, [{ owner: 'kernel', migrations: sessionMigrations }]);
  });
  afterAll(async () => { await database?.close(); });

  it('answers from memory, and forgets at once on destroy, destroyAllFor and destroyOthers', async () => {
    const sessions = dbSessions(database.db);
    const a = await sessions.create(7);
    expect(await sessions.resolve(a)).toBe(7);
    // Served from the cache: the row is not read again.
    await sql`DELETE FROM kernel_sessions`.execute(database.db);
    expect(await sessions.resolve(a)).toBe(7);
    await sessions.destroy(a);
    expect(await sessions.resolve(a)).toBeNull();

    const [b, c, d] = [await sessions.create(8), await sessions.create(8), await sessions.create(9)];
    for (const tok of [b, c, d]) expect(await sessions.resolve(tok)).not.toBeNull();
    await sessions.destroyOthers(8, b);
    expect(await sessions.resolve(b)).toBe(8);
    expect(await sessions.resolve(c)).toBeNull();
    await sessions.destroyAllFor(8);
    expect(await sessions.resolve(b)).toBeNull();
    expect(await sessions.resolve(d)).toBe(9);
    expect(await sessions.resolve('not-a-token')).toBeNull();
  });

  it('tells other instances about ended sessions', async () => {
    const subscribers: ((m: SessionInvalidation) => void)[] = [];
    const bus: SessionInvalidations = { publish: (m) => subscribers.forEach((fn) => fn(m)), subscribe: (fn) => void subscribers.push(fn) };
    const one = dbSessions(database.db, { invalidations: bus });
    const two = dbSessions(database.db, { invalidations: bus });
    const tok = await one.create(11);
    expect(await two.resolve(tok)).toBe(11);
    await one.destroy(tok);
    expect(await two.resolve(tok)).toBeNull();
    const tok2 = await one.create(12);
    expect(await two.resolve(tok2)).toBe(12);
    await one.destroyAllFor(12);
    expect(await two.resolve(tok2)).toBeNull();
  });
});

// Only the PostgreSQL + Redis run has a second instance (PGlite is one process); registered there only.
describe.skipIf(!(process.env.TEST_DATABASE_URL && process.env.REDIS_URL))('two instances with Redis', () => {
  it('a logout on one instance ends the session in the other one\'s cache at once', async () => {
    const { addMember, createTestApp } = await import('./testing.ts');
    const a = await createTestApp({ profiles: 0 });
    const b = await createTestApp({ join: a });
    try {
      const m = await addMember(a);
      const onB = () => b.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie });
      expect((await onB()).statusCode).toBe(200); // now cached on b
      expect((await a.call({ method: 'POST', url: '/api/logout.php', payload: {}, cookie: m.cookie })).statusCode).toBe(200);
      let status = 0;
      for (let i = 0; i < 50 && status !== 403; i++) {
        status = (await onB()).statusCode;
        if (status !== 403) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(403);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
