import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db.ts';
import { runMigrations } from './migrations.ts';
import { dbSites, siteMigrations, type SitesFeed } from './settings.ts';

const file = { default: { canonical_url: 'http://localhost:3000', plugins: ['*'] }, domains: { 'a.test': { canonical_url: 'http://a.test', name: 'A' } } };

describe('site settings changes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await runMigrations(database.db, [{ owner: 'kernel', migrations: siteMigrations }]);
  });
  afterAll(async () => { await database?.close(); });

  it('an update shows at once in this process, with a fresh settings object', async () => {
    const sites = dbSites(database.db, ['chat', 'members']);
    await sites.seed(file);
    const before = await sites.resolve('a.test');
    expect(before.name).toBe('A');
    expect(await sites.resolve('a.test')).toBe(before); // cached: the same object
    await sites.update('a.test', { name: 'A2', plugins: ['*', '-chat'] });
    const after = await sites.resolve('a.test');
    expect(after).not.toBe(before); // what is cached per site object (settings.php JSON) follows
    expect(after.name).toBe('A2');
    expect(after.plugins).toEqual(['members']);
  });

  it('tells other instances: update and seed drop their cached sites', async () => {
    const subscribers: ((domain: string) => void)[] = [];
    const published: string[] = [];
    const bus: SitesFeed = { publish: (d) => { published.push(d); subscribers.forEach((fn) => fn(d)); }, subscribe: (fn) => void subscribers.push(fn) };
    const one = dbSites(database.db, [], { feed: bus });
    const two = dbSites(database.db, [], { feed: bus });
    await one.seed(file);
    expect((await two.resolve('a.test')).name).toBeDefined(); // cached on two
    await one.update('A.test', { name: 'A3' });
    expect(published).toContain('a.test');
    expect((await two.resolve('a.test')).name).toBe('A3');
  });

  it('keeps a cache time: a change made behind its back shows once it runs out', async () => {
    const sites = dbSites(database.db, [], { cacheMs: 50 });
    const other = dbSites(database.db, []);
    expect((await sites.resolve('a.test')).name).toBeDefined();
    await other.update('a.test', { name: 'A4' });
    await new Promise((r) => setTimeout(r, 60));
    expect((await sites.resolve('a.test')).name).toBe('A4');
  });
});

describe('site settings changes in the app', () => {
  it('GET /api/settings.php and plugin routes follow kernel.sites.update at once', async () => {
    const { createTestApp } = await import('./testing.ts');
    const t = await createTestApp({ profiles: 0 });
    try {
      const host = { host: 'de.localhost' };
      const settings = async () => (await t.call({ method: 'GET', url: '/api/settings.php', headers: host })).json().settings;
      expect((await t.call({ method: 'GET', url: '/api/interests.php', headers: host })).statusCode).toBe(200);
      await settings(); // cached
      await t.kernel.sites.update('de.localhost', { name: 'Changed here', plugins: ['*', '-members'] });
      const now = await settings();
      expect(now.name).toBe('Changed here');
      expect(now.plugins).not.toContain('members');
      expect((await t.call({ method: 'GET', url: '/api/interests.php', headers: host })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

const within = async <T>(ms: number, probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  const until = Date.now() + ms;
  let v = await probe();
  while (!done(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    v = await probe();
  }
  return v;
};

// Only the PostgreSQL + Redis run has a second instance (PGlite is one process); registered there only.
describe.skipIf(!(process.env.TEST_DATABASE_URL && process.env.REDIS_URL))('site settings across two instances with Redis', () => {
  it('an update on instance A shows on instance B within 2 s (settings.php and a switched-off plugin)', async () => {
    const { createTestApp } = await import('./testing.ts');
    const a = await createTestApp({ profiles: 0 });
    const b = await createTestApp({ join: a });
    try {
      const host = { host: 'de.localhost' };
      const settingsOnB = async () => (await b.call({ method: 'GET', url: '/api/settings.php', headers: host })).json().settings;
      const interestsOnB = async () => (await b.call({ method: 'GET', url: '/api/interests.php', headers: host })).statusCode;
      expect((await settingsOnB()).name).not.toBe('Changed on A'); // now cached on b
      expect(await interestsOnB()).toBe(200);

      await a.kernel.sites.update('de.localhost', { name: 'Changed on A' });
      expect((await within(2000, settingsOnB, (s) => s.name === 'Changed on A')).name).toBe('Changed on A');

      await a.kernel.sites.update('de.localhost', { plugins: ['*', '-members'] });
      expect(await within(2000, interestsOnB, (s) => s === 404)).toBe(404);
      expect((await settingsOnB()).plugins).not.toContain('members');
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('ignores and logs malformed messages on the channel', async () => {
    const { Redis } = await import('ioredis');
    const { redisSitesFeed } = await import('./settings.ts');
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => void warnings.push(msg) } as unknown as import('pino').Logger;
    const channel = `test-sites-${process.pid}-${Date.now()}`;
    const feed = redisSitesFeed(process.env.REDIS_URL!, channel, log);
    const heard: string[] = [];
    feed.subscribe((d) => void heard.push(d));
    const other = redisSitesFeed(process.env.REDIS_URL!, channel, { warn: () => {} } as unknown as import('pino').Logger);
    const raw = new Redis(process.env.REDIS_URL!);
    try {
      // Wait until the subscription is up (a message from another feed arrives).
      await within(2000, async () => { other.publish('x.test'); return heard.length; }, (n) => n > 0);
      expect(heard).toContain('x.test');
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ origin: 1 }));
      other.publish('y.test');
      await within(2000, async () => heard.includes('y.test'), Boolean);
      expect(warnings.filter((w) => w.includes('malformed'))).toHaveLength(2);
      expect(heard.every((d) => d === 'x.test' || d === 'y.test')).toBe(true);
    } finally {
      raw.disconnect();
      await feed.close();
      await other.close();
    }
  });
});
