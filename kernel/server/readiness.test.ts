import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';
import { createLifecycle, readiness } from './readiness.ts';

// Ready (may the balancer send traffic?) is not health (is the process alive?).
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false }); });
afterAll(async () => { await t?.close(); });

const get = (app: TestApp, url: string) => app.call({ method: 'GET', url });

describe('ready and health', () => {
  it('a started instance is ready: database (and Redis when configured) answer, migrations ran', async () => {
    // The app's Redis client connects in the background after the start, and ready says 503 until it
    // has (the PostgreSQL + Redis suite, on a busy machine, asked first): asked as a balancer would.
    let res = await get(t, '/api/ready');
    for (let i = 0; res.statusCode !== 200 && i < 100; i++) {
      expect(res.json(), 'only Redis may still be on its way').toMatchObject({ migrations: true, database: true, redis: false });
      await new Promise((r) => setTimeout(r, 50));
      res = await get(t, '/api/ready');
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ready: true, draining: false, migrations: true, database: true, redis: process.env.REDIS_URL ? true : null });
    expect((await get(t, '/api/health')).statusCode).toBe(200);
  });

  it('an unreachable database: ready answers 503 naming it, health stays 200', async () => {
    const other = await createTestApp({ profiles: 0, demo: false });
    // The connection to the database is gone (a pool closed under the app: every query fails).
    await other.database.close();
    try {
      const res = await get(other, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, draining: false, database: false });
      expect((await get(other, '/api/health')).statusCode).toBe(200);
    } finally {
      // (Its listeners of database changes fail to stop on a closed database: nothing left to stop.)
      await other.app.close().catch(() => {});
      // Its schema, dropped through a connection of our own (the app's is closed).
      if (process.env.TEST_DATABASE_URL && other.shared.schema) {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${other.shared.schema}" CASCADE`);
        await c.end();
      }
    }
  });

  it('an unreachable Redis: ready answers 503 naming it', async () => {
    // Nothing listens on port 1: the client keeps trying, the instance is not ready meanwhile.
    const other = await createTestApp({ profiles: 0, demo: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await get(other, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, database: true, redis: false });
    } finally {
      await other.close();
    }
  });

  it('a check that hangs counts as failed after the time limit; not started is not ready', async () => {
    const lifecycle = createLifecycle();
    const hang = () => new Promise(() => {});
    const ok = async () => {};
    expect(await readiness(lifecycle, { database: ok }, 50)).toEqual({ ready: false, draining: false, migrations: false, database: true, redis: null });
    lifecycle.markStarted();
    expect(await readiness(lifecycle, { database: ok, redis: ok }, 50)).toMatchObject({ ready: true, redis: true });
    expect(await readiness(lifecycle, { database: hang, redis: ok }, 50)).toMatchObject({ ready: false, database: false, redis: true });
    expect(await readiness(lifecycle, { database: ok, redis: () => Promise.reject(new Error('down')) }, 50)).toMatchObject({ ready: false, redis: false });
  });

  // Last: this app stays drained.
  it('draining: ready answers 503 at once, without asking the database, while health stays 200', async () => {
    t.kernel.lifecycle.drain();
    const res = await get(t, '/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, draining: true, migrations: true, database: null, redis: null });
    expect((await get(t, '/api/health')).json()).toMatchObject({ status: 'ok' });
  });
});
