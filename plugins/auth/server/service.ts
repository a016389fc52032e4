import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { AnyDB } from '../../../kernel/server/db.ts';
import { authenticationRequired } from '../../../kernel/server/errors.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../contract.ts';

export type UserExtension = (userId: number) => Promise<Partial<User>>;

export interface NewAccount {
  email: string;
  password?: string | null;
  status?: User['status'];
  language?: string | null;
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
}

// argon2id (the library's default algorithm) with OWASP's minimum memory/time cost.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function createAuthService(db: AnyDB): AuthService {
  const extensions: UserExtension[] = [];
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
      const row = await on.insertInto('users').values({
        email: input.email.trim().toLowerCase(),
        password_hash: input.password ? await hash(input.password, ARGON) : null,
        status: input.status ?? 'not_confirmed',
        language: input.language ?? null,
        credits: input.credits ?? 0,
        signup_date: input.signup_date ?? new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    hashPassword: (password) => hash(password, ARGON),
    verifyPassword: (hashed, password) => verify(hashed, password).catch(() => false),
    requireUser(req) {
      if (req.userId == null) throw authenticationRequired();
      return req.userId;
    },
  };
}
