import crypto from 'node:crypto';
import { sql } from 'kysely';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DB } from '../db.ts';
import type { Migration } from '../migrations.ts';
import type { Clock } from '../clock.ts';
import type { Tokens } from '../tokens.ts';
import type { Secrets } from '../secrets.ts';
import { isStaffRole, type AccessControl, type Staff } from '../access.ts';
import './tables.ts';

/**
 * Console accounts: staff (role operator or admin, kept by the accounts' owner) log in with their
 * password and a TOTP code (RFC 6238, otplib), enrolled at the first login with a QR code and ten
 * recovery codes. A console session is its own cookie, apart from any member session, and ends
 * after CONSOLE_IDLE_MS without a request.
 */
export const CONSOLE_COOKIE = 'console';
export const CONSOLE_IDLE_MS = 30 * 60_000;
/** Between the password and the code: a one-time ticket this long, this many wrong codes. */
export const LOGIN_TICKET_MS = 5 * 60_000;
export const MAX_CODE_FAILURES = 5;
export const RECOVERY_CODES = 10;
const TICKET = 'console-login';
/** last_seen_at is written at most this often per session (a console page makes several calls at once). */
const TOUCH_MS = 30_000;

export const staffMigrations: Migration[] = [{
  name: '010_console_staff',
  async up(db) {
    await sql`CREATE TABLE kernel_staff (
      user_id integer PRIMARY KEY,
      totp_secret text,
      pending_secret text,
      last_step bigint,
      recovery_hashes jsonb NOT NULL DEFAULT '[]',
      failures integer NOT NULL DEFAULT 0,
      enrolled_at timestamptz)`.execute(db);
    await sql`CREATE TABLE kernel_console_sessions (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL,
      ip text)`.execute(db);
    await sql`CREATE INDEX kernel_console_sessions_user ON kernel_console_sessions (user_id)`.execute(db);
  },
}];

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** AES-256-GCM with a key the server made at first start: a copy of the table alone gives no secret away. */
function sealer(key: Buffer) {
  return {
    seal(plain: string) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const d = crypto.createDecipheriv('aes-256-gcm', key, iv);
      d.setAuthTag(tag);
      return Buffer.concat([d.update(body), d.final()]).toString('utf8');
    },
  };
}

/** "k7xq-9m2p-a4rt": 60 bits, easy to type from paper. */
const recoveryCode = () => {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from(crypto.randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
};
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

export type PasswordStep =
  | { step: 'code'; ticket: string }
  | { step: 'enrol'; ticket: string; secret: string; uri: string; qr_svg: string };

export type CodeStep =
  | { ok: true; userId: number; recovery_codes: string[] | null }
  | { ok: false; reason: 'wrong_code' | 'ticket_expired' };

export interface ConsoleStaff {
  /** Password checked: a ticket for the code step (and, before enrolment, a new secret with its QR code); null: no console account. */
  password(email: string, password: string, issuer: string): Promise<PasswordStep | null>;
  /** A TOTP code (or a recovery code) for a ticket: the account, and the recovery codes at enrolment. */
  code(ticket: string, code: string): Promise<CodeStep>;
  /** Opens a console session; the token goes into the cookie. */
  open(userId: number, ip: string | null): Promise<string>;
  /** The staff member of a session token (null: none, idle too long, or no longer staff). */
  resolve(token: string | undefined): Promise<Staff | null>;
  close(token: string | undefined): Promise<void>;
  /** Ends every console session of the account (a role taken away, a second factor reset). */
  closeAllFor(userId: number, db?: DB): Promise<void>;
  /** Forgets the account's second factor: the next login enrols again (an admin's action for a lost phone). */
  resetFactor(userId: number, db?: DB): Promise<void>;
  /** Whether the account has enrolled a second factor. */
  enrolled(userId: number): Promise<boolean>;
}

export function createConsoleStaff(deps: { db: DB; clock: Clock; tokens: Tokens; secrets: Secrets; access: AccessControl }): ConsoleStaff {
  const { db, clock, tokens, access } = deps;
  let keyed: ReturnType<typeof sealer> | null = null;
  const seal = async () => (keyed ??= sealer(Buffer.from(await deps.secrets.get('console-totp-key', () => crypto.randomBytes(32).toString('hex')), 'hex')));
  const epoch = () => Math.floor(clock.now().getTime() / 1000);
  const row = (userId: number) => db.selectFrom('kernel_staff').selectAll().where('user_id', '=', userId).executeTakeFirst();

  const staffOf = async (userId: number): Promise<Staff | null> => {
    const role = await access.role(userId);
    if (!isStaffRole(role)) return null;
    const email = await access.accounts?.email(userId);
    return email ? { userId, role, email } : null;
  };

  return {
    async password(email, password, issuer) {
      const account = await access.accounts?.check(email, password);
      if (!account || !(await staffOf(account.userId))) return null;
      const userId = account.userId;
      await db.insertInto('kernel_staff').values({ user_id: userId, totp_secret: null, pending_secret: null, last_step: null, recovery_hashes: '[]', enrolled_at: null })
        .onConflict((oc) => oc.column('user_id').doNothing()).execute();
      // A new ticket ends the earlier ones and their count of wrong codes.
      await tokens.revoke(userId, TICKET);
      await db.updateTable('kernel_staff').set({ failures: 0 }).where('user_id', '=', userId).execute();
      const ticket = await tokens.issue({ purpose: TICKET, userId, ttlMs: LOGIN_TICKET_MS });
      const current = await row(userId);
      if (current?.totp_secret) return { step: 'code', ticket };
      const secret = generateSecret();
      await db.updateTable('kernel_staff').set({ pending_secret: (await seal()).seal(secret) }).where('user_id', '=', userId).execute();
      const uri = generateURI({ issuer, label: account.email, secret });
      const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { step: 'enrol', ticket, secret, uri, qr_svg };
    },

    async code(ticket, given) {
      const held = await tokens.peek(TICKET, ticket);
      if (!held) return { ok: false, reason: 'ticket_expired' };
      const userId = held.userId;
      const current = await row(userId);
      if (!current || !(await staffOf(userId))) return { ok: false, reason: 'ticket_expired' };
      const enrolling = !current.totp_secret;
      const sealed = current.totp_secret ?? current.pending_secret;
      if (!sealed) return { ok: false, reason: 'ticket_expired' };
      const secret = (await seal()).open(sealed);
      const digits = given.replace(/\s/g, '');
      let step: number | null = null;
      let usedRecovery: string | null = null;
      if (/^\d{6}$/.test(digits)) {
        // One period either side for a phone's clock; a code is never taken twice (its time step is kept).
        const now = epoch();
        const result = await verify({ secret, token: digits, epoch: now, epochTolerance: 30 });
        const matched = result.valid ? Math.floor(now / 30) + result.delta : null;
        if (matched != null && (current.last_step == null || matched > Number(current.last_step))) step = matched;
      } else if (!enrolling) {
        const hash = sha256(normaliseRecovery(given));
        const hashes = current.recovery_hashes ?? [];
        if (normaliseRecovery(given).length === 12 && hashes.includes(hash)) usedRecovery = hash;
      }
      if (step == null && usedRecovery == null) {
        const failed = await db.updateTable('kernel_staff').set({ failures: sql`failures + 1` }).where('user_id', '=', userId)
          .returning('failures').executeTakeFirst();
        // Too many wrong codes: the ticket is gone and the password must be given again.
        if ((failed?.failures ?? 0) >= MAX_CODE_FAILURES) {
          await tokens.revoke(userId, TICKET);
          return { ok: false, reason: 'ticket_expired' };
        }
        return { ok: false, reason: 'wrong_code' };
      }
      // The ticket is used once: two tabs racing with the same code get one session.
      if (!(await tokens.consume(TICKET, ticket))) return { ok: false, reason: 'ticket_expired' };
      let recovery: string[] | null = null;
      if (enrolling) {
        recovery = Array.from({ length: RECOVERY_CODES }, recoveryCode);
        await db.updateTable('kernel_staff').set({
          totp_secret: sealed, pending_secret: null, last_step: step, failures: 0, enrolled_at: clock.now(),
          recovery_hashes: JSON.stringify(recovery.map((c) => sha256(normaliseRecovery(c)))),
        }).where('user_id', '=', userId).execute();
      } else {
        const hashes = (current.recovery_hashes ?? []).filter((h) => h !== usedRecovery);
        await db.updateTable('kernel_staff').set({
          failures: 0, recovery_hashes: JSON.stringify(hashes), ...(step != null ? { last_step: step } : {}),
        }).where('user_id', '=', userId).execute();
      }
      return { ok: true, userId, recovery_codes: recovery };
    },

    async open(userId, ip) {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.insertInto('kernel_console_sessions').values({ token_hash: sha256(token), user_id: userId, last_seen_at: clock.now(), ip }).execute();
      return token;
    },

    async resolve(token) {
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const hash = sha256(token);
      const session = await db.selectFrom('kernel_console_sessions').select(['user_id', 'last_seen_at']).where('token_hash', '=', hash).executeTakeFirst();
      if (!session) return null;
      const now = clock.now().getTime();
      const seen = new Date(session.last_seen_at).getTime();
      if (now - seen >= CONSOLE_IDLE_MS) {
        await db.deleteFrom('kernel_console_sessions').where('token_hash', '=', hash).execute();
        return null;
      }
      const staff = await staffOf(session.user_id);
      if (!staff) {
        await db.deleteFrom('kernel_console_sessions').where('user_id', '=', session.user_id).execute();
        return null;
      }
      if (now - seen >= TOUCH_MS) {
        await db.updateTable('kernel_console_sessions').set({ last_seen_at: new Date(now) }).where('token_hash', '=', hash).execute();
      }
      return staff;
    },

    async close(token) {
      if (token) await db.deleteFrom('kernel_console_sessions').where('token_hash', '=', sha256(token)).execute();
    },
    async closeAllFor(userId, on = db) {
      await on.deleteFrom('kernel_console_sessions').where('user_id', '=', userId).execute();
    },
    async resetFactor(userId, on = db) {
      await on.deleteFrom('kernel_staff').where('user_id', '=', userId).execute();
      await on.deleteFrom('kernel_console_sessions').where('user_id', '=', userId).execute();
    },
    async enrolled(userId) {
      return Boolean((await row(userId))?.totp_secret);
    },
  };
}

/** The current code of a secret (tests and the e2e journey play the authenticator app). */
export const totpNow = (secret: string, at = new Date()) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
