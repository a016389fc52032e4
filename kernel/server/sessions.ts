import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDB } from './db.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Migration } from './migrations.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Server-side sessions: random 256-bit tokens; only their SHA-256 is stored. */
export interface Sessions {
  create(userId: number): Promise<string>;
  resolve(token: string | undefined): Promise<number | null>;
  destroy(token: string | undefined): Promise<void>;
  destroyAllFor(userId: number): Promise<void>;
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

export function dbSessions(db: AnyDB): Sessions {
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
      const row = await db.selectFrom('kernel_sessions').select(['user_id'])
        .where('token_hash', '=', hashToken(token)).where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row ? Number(row.user_id) : null;
    },
    async destroy(token) {
      if (!token) return;
      await db.deleteFrom('kernel_sessions').where('token_hash', '=', hashToken(token)).execute();
    },
    async destroyAllFor(userId) {
      await db.deleteFrom('kernel_sessions').where('user_id', '=', userId).execute();
    },
    async destroyOthers(userId, keepToken) {
      await db.deleteFrom('kernel_sessions').where('user_id', '=', userId)
        .where('token_hash', '!=', keepToken ? hashToken(keepToken) : '').execute();
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
