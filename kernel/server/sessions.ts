import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from './db.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Migration } from './migrations.ts';
import type { Logger } from 'pino';
import { Redis } from 'ioredis';
import { putBounded } from './bounded.ts';
import { closeRedis } from './redis-close.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Server-side sessions: random 256-bit tokens; only their SHA-256 is stored. */
export interface Sessions {
  create(userId: number): Promise<string>;
  resolve(token: string | undefined): Promise<number | null>;
  destroy(token: string | undefined): Promise<void>;
  /** Ends every session of the member; `db`: delete within the caller's transaction (this instance's cache drops them at once). */
  destroyAllFor(userId: number, db?: DB): Promise<void>;
  /** Ends every session of the member except the one presented (e.g. after a password change). */
  destroyOthers(userId: number, keepToken: string | undefined): Promise<void>;
}

export const sessionMigrations: Migration[] = [{
  name: '001_sessions',
  async up(db) {
    await sql`CREATE TABLE kernel_sessions (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX kernel_sessions_user ON kernel_sessions (user_id)`.execute(db);
  },
}];

/** Resolved sessions kept in memory: at most this many, each for at most CACHE_MS. */
export const SESSION_CACHE_SIZE = 10_000;
export const SESSION_CACHE_MS = 30_000;

/**
 * A small LRU of token hash -> member, so the request path does not read kernel_sessions on every
 * call. This instance drops entries at once on logout, destroyAllFor and destroyOthers; other
 * instances (several behind a load balancer with DATABASE_URL) learn of it through Redis when
 * REDIS_URL is set (`invalidations`, redisSessionInvalidations), else they may accept an ended
 * session for up to SESSION_CACHE_MS. Only found sessions are cached (random tokens cannot crowd out real ones).
 */
export class SessionCache {
  private map = new Map<string, { userId: number; until: number }>();
  /** Lookups answered from memory and not (for /metrics). */
  hits = 0;
  misses = 0;
  constructor(private size = SESSION_CACHE_SIZE, private ttlMs = SESSION_CACHE_MS, private now = () => Date.now()) {}
  get(hash: string): number | undefined {
    const hit = this.map.get(hash);
    if (!hit) { this.misses++; return undefined; }
    this.map.delete(hash);
    if (hit.until <= this.now()) { this.misses++; return undefined; }
    this.map.set(hash, hit); // most recently used last
    this.hits++;
    return hit.userId;
  }
  set(hash: string, userId: number, expiresAt: number) {
    putBounded(this.map, hash, { userId, until: Math.min(this.now() + this.ttlMs, expiresAt) }, this.size);
  }
  delete(hash: string) { this.map.delete(hash); }
  /** Drops the member's entries (all, or all but one token hash). */
  deleteUser(userId: number, keepHash?: string) {
    for (const [hash, e] of this.map) if (e.userId === userId && hash !== keepHash) this.map.delete(hash);
  }
  get entries() { return this.map.size; }
}

/** How instances tell each other about ended sessions (Redis pub/sub when REDIS_URL is set). */
export interface SessionInvalidations {
  publish(msg: SessionInvalidation): void;
  subscribe(fn: (msg: SessionInvalidation) => void): void;
}
export type SessionInvalidation = { hash: string } | { userId: number; keepHash?: string };

/**
 * Session invalidations over Redis pub/sub (REDIS_URL): every instance drops an ended session at
 * once. While an instance's subscription is down it may miss some: those entries still expire
 * within SESSION_CACHE_MS.
 */
export function redisSessionInvalidations(url: string, channel: string, log: Logger): SessionInvalidations & { close(): Promise<void> } {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  const origin = crypto.randomBytes(8).toString('hex'); // this instance applied its own already
  const fns: ((msg: SessionInvalidation) => void)[] = [];
  for (const r of [pub, sub]) r.on('error', (err) => log.warn({ err }, 'session invalidation feed: redis error'));
  sub.subscribe(channel).catch((err) => log.warn({ err }, 'session invalidation feed: subscribe failed'));
  sub.on('message', (ch, text) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(text) as { origin: string; msg: SessionInvalidation };
      if (m.origin !== origin) for (const fn of fns) fn(m.msg);
    } catch { /* not ours */ }
  });
  return {
    publish(msg) {
      pub.publish(channel, JSON.stringify({ origin, msg })).catch((err) => log.warn({ err }, 'session invalidation not published'));
    },
    subscribe: (fn) => void fns.push(fn),
    close: () => closeRedis(pub, sub),
  };
}

export function dbSessions(db: DB, opts: { cache?: SessionCache; invalidations?: SessionInvalidations } = {}): Sessions {
  const cache = opts.cache ?? new SessionCache();
  const drop = (msg: SessionInvalidation) => ('hash' in msg ? cache.delete(msg.hash) : cache.deleteUser(msg.userId, msg.keepHash));
  opts.invalidations?.subscribe(drop);
  const invalidate = (msg: SessionInvalidation) => {
    drop(msg);
    opts.invalidations?.publish(msg);
  };
  return {
    async create(userId) {
      // Housekeeping on the rare write path: expired sessions of this member go.
      await db.deleteFrom('kernel_sessions').where('user_id', '=', userId).where('expires_at', '<', new Date()).execute();
      const token = crypto.randomBytes(32).toString('base64url');
      await db.insertInto('kernel_sessions').values({
        token_hash: hashToken(token),
        user_id: userId,
        expires_at: new Date(Date.now() + SESSION_DAYS * 86400_000),
      }).execute();
      return token;
    },
    async resolve(token) {
      if (!token || token.length > 100) return null;
      const hash = hashToken(token);
      const cached = cache.get(hash);
      if (cached !== undefined) return cached;
      // token_hash is the primary key: one index lookup.
      const row = await db.selectFrom('kernel_sessions').select(['user_id', 'expires_at'])
        .where('token_hash', '=', hash).where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (!row) return null;
      cache.set(hash, Number(row.user_id), new Date(row.expires_at).getTime());
      return Number(row.user_id);
    },
    async destroy(token) {
      if (!token) return;
      const hash = hashToken(token);
      await db.deleteFrom('kernel_sessions').where('token_hash', '=', hash).execute();
      invalidate({ hash });
    },
    async destroyAllFor(userId, on = db) {
      await on.deleteFrom('kernel_sessions').where('user_id', '=', userId).execute();
      invalidate({ userId });
    },
    async destroyOthers(userId, keepToken) {
      const keepHash = keepToken ? hashToken(keepToken) : '';
      await db.deleteFrom('kernel_sessions').where('user_id', '=', userId)
        .where('token_hash', '!=', keepHash).execute();
      invalidate({ userId, keepHash });
    },
  };
}

/** Hands the browser its session: HttpOnly, SameSite=Lax, Secure behind HTTPS, 30 days. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true, sameSite: 'lax', path: '/', maxAge: SESSION_DAYS * 86400,
    // HTTPS as the socket says (X-Forwarded-Proto only with TRUST_PROXY), or a site served over https.
    secure: req.protocol === 'https' || Boolean(req.site?.canonical_url?.startsWith('https:')),
  });
}
