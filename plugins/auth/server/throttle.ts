import { sql } from 'kysely';
import type { AnyDB } from '../../../kernel/server/db.ts';
import { BLOCK_MINUTES, FAILURE_WINDOW_MINUTES, MAX_LOGIN_FAILURES } from '../contract.ts';

// An address that fails for many different emails is blocked too (password spraying).
const MAX_FAILURES_PER_IP = MAX_LOGIN_FAILURES * 4;

/**
 * Minutes the login stays blocked for this email or address (0 = not blocked). Kept in the
 * database so every server instance sees the same count.
 */
export async function blockedMinutes(db: AnyDB, email: string, ip: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * 60_000);
  const { rows } = await sql<{ kind: string; n: number; last: Date | string | null }>`
    SELECT 'email' AS kind, count(*)::int AS n, max(at) AS last FROM auth_login_failures WHERE email = ${email} AND at > ${since}
    UNION ALL
    SELECT 'ip', count(*)::int, max(at) FROM auth_login_failures WHERE ip = ${ip} AND at > ${since}`.execute(db);
  let until = 0;
  for (const r of rows) {
    const limit = r.kind === 'email' ? MAX_LOGIN_FAILURES : MAX_FAILURES_PER_IP;
    if (Number(r.n) >= limit && r.last) until = Math.max(until, new Date(r.last).getTime() + BLOCK_MINUTES * 60_000);
  }
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 60_000) : 0;
}

export async function recordFailure(db: AnyDB, email: string, ip: string) {
  await db.insertInto('auth_login_failures').values({ email, ip }).execute();
  // Failures older than the window no longer count: keep the table small.
  await db.deleteFrom('auth_login_failures').where('ip', '=', ip)
    .where('at', '<', new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000)).execute();
}

export async function clearFailures(db: AnyDB, email: string) {
  await db.deleteFrom('auth_login_failures').where('email', '=', email).execute();
}
