import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyDB } from '../../../kernel/server/db.ts';
import { sql } from 'kysely';
import { authenticationRequired, badRequest, HttpError } from '../../../kernel/server/errors.ts';
import { isValidEmail, normaliseEmail } from '../../../kernel/contract/validation.ts';
import { SESSION_COOKIE, setSessionCookie, type Sessions } from '../../../kernel/server/sessions.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../contract.ts';
import { grantCredits, spendCredits } from './ledger.ts';
import { serviceRef } from '../../../kernel/server/services.ts';

export type UserExtension = (userId: number) => Promise<Partial<User>>;
/** Removes what a plugin keeps about a member who is erased (files, rows without a foreign key). */
export type EraseHook = (userId: number, db: AnyDB) => Promise<void>;

export const pendingDeletion = () => new HttpError(403, 'account_deletion_pending',
  'Deleted account still pending: use the emailed link or contact customer service');

export interface NewAccount {
  email: string;
  password?: string | null;
  status?: User['status'];
  language?: User['language'];
  credits?: number;
  signup_date?: Date;
}

/** What the auth plugin offers other server plugins (through kernel.services, id "auth"). */
export interface AuthService {
  /** Adds fields to the user object, e.g. the members plugin adds `profile`. */
  extendUser(ext: UserExtension): void;
  userView(userId: number, site: SiteSettings): Promise<User | null>;
  createAccount(input: NewAccount, db?: AnyDB): Promise<number>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hashed: string, password: string): Promise<boolean>;
  /** The logged-in user's id, or a 403 authentication_required. */
  requireUser(req: FastifyRequest): number;
  /** Starts a session for the member (dropping the one presented, if any) and hands the browser its cookie. */
  logIn(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** The account with this address (any state), matched case-insensitively. */
  findByEmail(email: string, db?: AnyDB): Promise<{ id: number; email: string; status: string; language: string | null; deleted_at: Date | null } | null>;
  setPassword(userId: number, password: string, db?: AnyDB): Promise<void>;
  onErase(hook: EraseHook): void;
  /**
   * Takes credits through the ledger; null when the balance is too low (nothing written). Call it
   * inside the transaction that stores what they pay for.
   */
  spendCredits(userId: number, amount: number, reason: string, ref: string | null, db: AnyDB): Promise<number | null>;
  grantCredits(userId: number, amount: number, reason: string, ref: string | null, db?: AnyDB): Promise<number>;
  /** Erases the member for good: every plugin's hook, then the users row (and what cascades from it). */
  erase(userId: number): Promise<void>;
}

// argon2id (the library's default algorithm) with OWASP's minimum memory/time cost.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function createAuthService(db: AnyDB, sessions: Sessions): AuthService {
  const extensions: UserExtension[] = [];
  const eraseHooks: EraseHook[] = [];
  return {
    extendUser: (ext) => void extensions.push(ext),
    async userView(userId, site) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', userId)
        .where('deleted_at', 'is', null).executeTakeFirst();
      if (!row) return null;
      const base: User = {
        id: row.id,
        email: row.email,
        status: row.status,
        credits: Number(row.credits),
        paid_user: row.paid_user,
        signup_date: new Date(row.signup_date).toISOString(),
        language: row.language,
        fictional_icon: site.fictional_icon,
        notifications_disabled: typeof row.notifications_disabled === 'string'
          ? JSON.parse(row.notifications_disabled) : row.notifications_disabled,
        profile: null,
      };
      for (const ext of extensions) Object.assign(base, await ext(userId));
      return base;
    },
    async createAccount(input, on = db) {
      // The one strict address check (no second recipient hidden in an address), whoever calls.
      const email = normaliseEmail(input.email);
      if (!isValidEmail(email)) throw badRequest('invalid_email', 'Invalid email', { field: 'email' });
      const row = await on.insertInto('users').values({
        email,
        password_hash: input.password ? await hash(input.password, ARGON) : null,
        status: input.status ?? 'not_confirmed',
        language: input.language ?? null,
        credits: input.credits ?? 0,
        signup_date: input.signup_date ?? new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      if (input.credits) {
        await on.insertInto('credit_ledger').values({ user_id: row.id, delta: input.credits, balance_after: input.credits, reason: 'signup', ref: null }).execute();
      }
      return Number(row.id);
    },
    hashPassword: (password) => hash(password, ARGON),
    verifyPassword: (hashed, password) => verify(hashed, password).catch(() => false),
    requireUser(req) {
      if (req.userId == null) throw authenticationRequired();
      return req.userId;
    },
    async logIn(req, reply, userId) {
      // Rotate: a token presented before logging in is never the one used after.
      await sessions.destroy(req.cookies[SESSION_COOKIE]);
      setSessionCookie(req, reply, await sessions.create(userId));
      await db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', userId).execute();
    },
    async findByEmail(email, on = db) {
      const row = await on.selectFrom('users').select(['id', 'email', 'status', 'language', 'deleted_at'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : null;
    },
    async setPassword(userId, password, on = db) {
      await on.updateTable('users').set({ password_hash: await hash(password, ARGON) }).where('id', '=', userId).execute();
    },
    onErase: (hook) => void eraseHooks.push(hook),
    spendCredits: (userId, amount, reason, ref, on) => spendCredits(on, userId, amount, reason, ref),
    grantCredits: (userId, amount, reason, ref, on = db) => grantCredits(on, userId, amount, reason, ref),
    async erase(userId) {
      await db.transaction().execute(async (trx) => {
        for (const hook of eraseHooks) await hook(userId, trx);
        await trx.deleteFrom('kernel_sessions').where('user_id', '=', userId).execute();
        await trx.deleteFrom('kernel_tokens').where('user_id', '=', userId).execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
      });
      // The rows are gone; this also drops the member from every instance's session cache.
      await sessions.destroyAllFor(userId);
    },
  };
}

/** The auth service, for `kernel.services.get(authRef)`. */
export const authRef = serviceRef<AuthService>('auth');
