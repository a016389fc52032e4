// PostgreSQL and Redis for the cluster test: started when down (as .ci/run does), a database of the
// run's own (created here, dropped at the end) and the run's own Redis key prefix (deleted at the end).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { atCleanup } from './cleanup.ts';

/** The server the test asks for its database (any database on it will do to run CREATE DATABASE). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sudo = () => (process.getuid?.() === 0 ? [] : ['sudo']);
const run = (cmd: string[]) => spawnSync(cmd[0], cmd.slice(1), { stdio: 'ignore' }).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host, () => { s.destroy(); resolve(true); });
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => { s.destroy(); resolve(false); });
  });
}

async function pgAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Starts PostgreSQL and Redis on this machine when they do not answer (the commands of .ci/run). */
export async function ensurePostgresAndRedis() {
  if (!(await pgAnswers())) {
    const local = new URL(ADMIN_DATABASE_URL);
    if (!['127.0.0.1', 'localhost'].includes(local.hostname) || !fs.existsSync('/etc/postgresql')) {
      throw new Error(`PostgreSQL at ${local.host} does not answer (set TEST_DATABASE_URL to a server that does)`);
    }
    console.log('PostgreSQL is down: starting it');
    const version = fs.readdirSync('/etc/postgresql')[0];
    run([...sudo(), 'pg_ctlcluster', '--skip-systemctl-redirect', version, 'main', 'start']);
    for (let i = 0; i < 30 && !(await pgAnswers()); i++) await sleep(1000);
    if (!(await pgAnswers())) throw new Error('PostgreSQL did not start');
  }
  const redis = new URL(REDIS_URL);
  const redisPort = Number(redis.port || 6379);
  if (!(await reachable(redis.hostname, redisPort))) {
    if (!['127.0.0.1', 'localhost'].includes(redis.hostname)) throw new Error(`Redis at ${redis.host} does not answer (set REDIS_URL)`);
    console.log('Redis is down: starting it');
    execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 20 && !(await reachable(redis.hostname, redisPort)); i++) await sleep(500);
    if (!(await reachable(redis.hostname, redisPort))) throw new Error('Redis did not start');
  }
}

/** A new empty database on the test server, dropped (with any connection left to it) at cleanup; its URL. */
export async function createDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  atCleanup(`drop database ${name}`, async () => {
    const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Deletes the run's Redis keys (rate-limit counters) at cleanup. */
export function cleanRedisPrefixAtEnd(prefix: string) {
  atCleanup(`delete Redis keys ${prefix}*`, async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  });
}

/** A TCP port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
