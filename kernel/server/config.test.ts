import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('server configuration', () => {
  it('has working defaults: port 3000, ./data, embedded database, demo data', () => {
    const c = readConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, seedProfiles: 5000, production: false });
    expect(c.dataDir).toMatch(/[\\/]data$/);
  });

  it('never seeds demo members in production unless SEED_DEMO=1', () => {
    expect(readConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads the database, Redis and port from the environment', () => {
    const c = readConfig({ PORT: '8080', DATABASE_URL: 'postgres://x@h/db', REDIS_URL: 'redis://h:6379', DATA_DIR: '/srv/flirt' });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://x@h/db', redisUrl: 'redis://h:6379', dataDir: '/srv/flirt' });
  });
});
