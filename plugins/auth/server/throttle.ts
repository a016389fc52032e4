import { sql } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import {
  LOGIN_DELAY_AFTER, LOGIN_DELAY_MAX_SECONDS, LOGIN_FAILURE_WINDOW_HOURS, MAX_FAILURES_PER_ADDRESS,
} from '../contract.ts';

const HOUR = 3600_000;
/** Addresses that have not logged in to an account for this long are no longer "usual" for it. */
export const KNOWN_ADDRESS_DAYS = 180;

/**
 * The "address" the counters and the usual-address list use: an IPv4 address as is (also when
 * IPv4-mapped), an IPv6 address by its /64 prefix: one subscriber holds a whole /64 and privacy
 * extensions change the rest daily, so per-address counters would be trivial to dodge and the
 * owner's usual address would never match again.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0];
  const [head, tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

/**
 * Seconds to wait after the last of `failures` failures: none below `threshold`, then 2^n seconds
 * (32 s at the LOGIN_DELAY_AFTER-th failure, doubling with each further one) up to the cap.
 */
export function delaySeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(LOGIN_DELAY_MAX_SECONDS, 2 ** Math.min(30, failures - threshold + LOGIN_DELAY_AFTER));
}

export interface LoginDelay {
  /** Seconds this address must still wait before it may try this account (0 = may try now). */
  seconds: number;
  /** Which counter decided: failures of this address on the account, of the account (unknown address), of the address overall. */
  reason: 'address' | 'account' | 'spraying' | null;
  /** The address logged in to this account before. */
  known: boolean;
}

/**
 * How long this address must wait before trying this account again. Everything is read from the
 * database, so every server instance answers alike.
 * - The address's own failures on this account: always count.
 * - The account's failures from every address: count only for addresses that never logged in to it,
 *   so an attacker elsewhere cannot keep the owner out of their account.
 * - The address's failures on any account (password spraying): from MAX_FAILURES_PER_ADDRESS × factor.
 */
export async function loginDelay(db: DB, opts: {
  email: string; ip: string; userId: number | null; now: Date; addressFactor?: number;
}): Promise<LoginDelay> {
  const { email, userId, now } = opts;
  const ip = addressKey(opts.ip);
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_HOURS * HOUR);
  const { rows } = await sql<{ kind: string; n: number; last: Date | string | null }>`
    SELECT 'account' AS kind, count(*)::int AS n, max(at) AS last FROM auth_login_failures WHERE email = ${email} AND at > ${since}
    UNION ALL
    SELECT 'address', count(*)::int, max(at) FROM auth_login_failures WHERE email = ${email} AND ip = ${ip} AND at > ${since}
    UNION ALL
    SELECT 'spraying', count(*)::int, max(at) FROM auth_login_failures WHERE ip = ${ip} AND at > ${since}
    UNION ALL
    SELECT 'known', count(*)::int, NULL FROM auth_known_addresses WHERE user_id = ${userId ?? -1} AND ip = ${ip}`.execute(db);
  const known = rows.some((r) => r.kind === 'known' && Number(r.n) > 0);
  const thresholds: Record<string, number> = {
    address: LOGIN_DELAY_AFTER,
    account: known ? Infinity : LOGIN_DELAY_AFTER,
    spraying: MAX_FAILURES_PER_ADDRESS * (opts.addressFactor ?? 1),
  };
  let until = 0;
  let reason: LoginDelay['reason'] = null;
  for (const r of rows) {
    if (r.kind === 'known' || !r.last) continue;
    const end = new Date(r.last).getTime() + delaySeconds(Number(r.n), thresholds[r.kind]) * 1000;
    if (end > until) { until = end; reason = r.kind as LoginDelay['reason']; }
  }
  const seconds = Math.max(0, Math.ceil((until - now.getTime()) / 1000));
  return { seconds, reason: seconds > 0 ? reason : null, known };
}

export async function recordFailure(db: DB, email: string, ip: string, now: Date) {
  await db.insertInto('auth_login_failures').values({ email, ip: addressKey(ip), at: now }).execute();
}

/** The right password from this address: its own failures on the account no longer count. */
export async function clearFailures(db: DB, email: string, ip: string) {
  await db.deleteFrom('auth_login_failures').where('email', '=', email).where('ip', '=', addressKey(ip)).execute();
}

/** Failures on the account since `since` (for the login-link mail). */
export async function failuresSince(db: DB, email: string, since: Date): Promise<number> {
  const row = await db.selectFrom('auth_login_failures').select(sql<number>`count(*)::int`.as('n'))
    .where('email', '=', email).where('at', '>', since).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** This address has now logged in to the account: from now on it is one of the owner's usual addresses. */
export async function rememberAddress(db: DB, userId: number, ip: string, now: Date) {
  await db.insertInto('auth_known_addresses').values({ user_id: userId, ip: addressKey(ip), last_login: now })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_login: now })).execute();
}

/** Forgets failures older than the window and addresses unused for KNOWN_ADDRESS_DAYS. */
export async function cleanupLoginRecords(db: DB, now: Date) {
  await db.deleteFrom('auth_login_failures').where('at', '<', new Date(now.getTime() - LOGIN_FAILURE_WINDOW_HOURS * HOUR)).execute();
  await db.deleteFrom('auth_known_addresses').where('last_login', '<', new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * HOUR)).execute();
}
