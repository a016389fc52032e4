import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../../kernel/server/db.ts';
import { sql } from 'kysely';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import type { Role } from '../../../kernel/server/access.ts';
import { isValidEmail, normaliseEmail } from '../../../kernel/contract/validation.ts';
import { SESSION_COOKIE, setSessionCookie, type Sessions } from '../../../kernel/server/sessions.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import Type, { type TSchema } from 'typebox';
import { AuthUser, type User, type UserFields } from '../contract.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import type { Tokens } from '../../../kernel/server/tokens.ts';
import { accountSource, personalDataSources, type PersonalDataSource } from './personal-data.ts';

export type { PersonalData, PersonalDataSource } from './personal-data.ts';

/**
 * What a plugin adds to the user object: the schemas of its fields (declared in UserFields; the
 * answer of the user calls is serialised from them) and how to load them for a member.
 */
export interface UserExtension<K extends keyof UserFields> {
  fields: { [F in K]: TSchema };
  load(userId: number, site: SiteSettings): Promise<Pick<UserFields, K>>;
}
/** Who contributes an extension: a plugin's `kernel.self` (its fields are left out where it is off). */
export interface ExtensionOwner { readonly id: string; on(site: SiteSettings): boolean }
/** Removes what a plugin keeps about a member who is erased (files, rows without a foreign key). */
export type EraseHook = (userId: number, db: DB) => Promise<void>;

export const pendingDeletion = () => new HttpError(403, 'account_deletion_pending',
  'Deleted account still pending: use the emailed link or contact customer service');

/** The account was disabled by an operator (console): no login until enabled again. */
export const accountDisabled = () => new HttpError(403, 'account_disabled',
  'This account has been disabled. Please contact customer service.');

export interface NewAccount {
  email: string;
  password?: string | null;
  status?: User['status'];
  language?: User['language'];
  signup_date?: Date;
}

/** What the auth plugin offers other server plugins (through kernel.services, id "auth"). */
export interface AuthService {
  /** Adds fields to the user object, e.g. the members plugin adds `profile`, credits `credits` and `paid_user`. */
  extendUser<K extends keyof UserFields>(owner: ExtensionOwner, ext: UserExtension<K>): void;
  /** The user calls' answer schema: auth's fields and every extension's (each optional: absent where its plugin is off). */
  responseSchema(): TSchema;
  userView(userId: number, site: SiteSettings): Promise<User | null>;
  createAccount(input: NewAccount, db?: DB): Promise<number>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hashed: string, password: string): Promise<boolean>;
  /** The member's role (null: no such account); the kernel asks through kernel.access for operator routes. */
  roleOf(userId: number): Promise<Role | null>;
  /** Makes the member an operator or a plain member again (never reachable from a member-facing API). */
  setRole(userId: number, role: Role): Promise<void>;
  /** Starts a session for the member (dropping the one presented, if any) and hands the browser its cookie. */
  logIn(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** The account with this address (any state), matched case-insensitively. */
  /** The account of this address and password (not one being deleted), for the console's login; an unknown address costs the same time. */
  checkPassword(email: string, password: string): Promise<{ userId: number; email: string } | null>;
  /** The account's address (null: none, or being deleted). */
  emailOf(userId: number, on?: DB): Promise<string | null>;
  findByEmail(email: string, db?: DB): Promise<{ id: number; email: string; status: string; language: string | null; deleted_at: Date | null } | null>;
  setPassword(userId: number, password: string, db?: DB): Promise<void>;
  onErase(hook: EraseHook): void;
  /**
   * Adds a plugin's part to a member's copy of their data (GDPR articles 15 and 20): what it keeps
   * about a member, from its own tables (personal-data.ts). Registered once, in the plugin's init.
   */
  addPersonalData(source: PersonalDataSource): void;
  /** Every part of the copy, auth's own (the account) first. */
  personalData(): readonly PersonalDataSource[];
  /** Erases the member for good: every plugin's hook, then the users row (and what cascades from it). */
  erase(userId: number): Promise<void>;
}

// argon2id (the library's default algorithm) with OWASP's minimum memory/time cost.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function createAuthService(db: DB, sessions: Sessions, tokens: Pick<Tokens, 'forget'>): AuthService {
  let dummy: Promise<string> | null = null;
  const extensions: { owner: ExtensionOwner; fields: Record<string, TSchema>; load: (userId: number, site: SiteSettings) => Promise<Partial<UserFields>> }[] = [];
  const eraseHooks: EraseHook[] = [];
  const personal = personalDataSources();
  personal.add(accountSource);
  let schema: TSchema | null = null;
  return {
    extendUser(owner, ext) {
      if (schema) throw new Error(`plugin ${owner.id} extends the user object after its schema was made (extend it in init)`);
      extensions.push({ owner, fields: ext.fields, load: ext.load });
    },
    responseSchema() {
      const fields = Object.fromEntries(extensions.flatMap((e) => Object.entries(e.fields)).map(([k, v]) => [k, Type.Optional(v)]));
      return schema ??= Type.Object({ user: Type.Object({ ...AuthUser.properties, ...fields }) });
    },
    async userView(userId, site) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', userId)
        .where('deleted_at', 'is', null).executeTakeFirst();
      if (!row) return null;
      const base: User = {
        id: row.id,
        email: row.email,
        status: row.status,
        signup_date: new Date(row.signup_date).toISOString(),
        language: row.language,
        fictional_icon: site.fictional_icon,
        notifications_disabled: typeof row.notifications_disabled === 'string'
          ? JSON.parse(row.notifications_disabled) : row.notifications_disabled,
      };
      // Only staff carry a role: a member's user object stays as it was.
      if (row.role !== 'member') base.role = row.role;
      // Only the plugins on for this site add their fields (the one switch).
      for (const { owner, load } of extensions) if (owner.on(site)) Object.assign(base, await load(userId, site));
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
        signup_date: input.signup_date ?? new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    hashPassword: (password) => hash(password, ARGON),
    verifyPassword: (hashed, password) => verify(hashed, password).catch(() => false),
    async roleOf(userId) {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
      return row ? row.role : null;
    },
    async setRole(userId, role) {
      // The users trigger names the member at commit: the kernel's role cache and the user view follow.
      await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
    },
    async logIn(req, reply, userId) {
      // Rotate: a token presented before logging in is never the one used after.
      await sessions.destroy(req.cookies[SESSION_COOKIE]);
      setSessionCookie(req, reply, await sessions.create(userId));
      await db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', userId).execute();
    },
    async checkPassword(email, password) {
      const row = await db.selectFrom('users').select(['id', 'email', 'password_hash', 'deleted_at'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
      dummy ??= hash('not-a-real-password', ARGON);
      const ok = row?.password_hash ? await verify(row.password_hash, password).catch(() => false) : (await verify(await dummy, password).catch(() => false), false);
      return ok && row && !row.deleted_at ? { userId: Number(row.id), email: row.email } : null;
    },
    async emailOf(userId, on = db) {
      const row = await on.selectFrom('users').select('email').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
      return row?.email ?? null;
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
    addPersonalData: (source) => personal.add(source),
    personalData: () => personal.list(),
    async erase(userId) {
      await db.transaction().execute(async (trx) => {
        for (const hook of eraseHooks) await hook(userId, trx);
        await sessions.destroyAllFor(userId, trx);
        await tokens.forget(userId, trx);
        await trx.deleteFrom('users').where('id', '=', userId).execute();
      });
      // The rows are gone; this also drops the member from every instance's session cache.
      await sessions.destroyAllFor(userId);
    },
  };
}

/** The auth service: other plugins declare `deps: { auth: authRef }` and receive it. */
export const authRef = serviceRef<AuthService>('auth');
