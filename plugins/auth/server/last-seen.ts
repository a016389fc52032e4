import { sql } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';

/** A member's last activity is written at most this often. */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Records that a member is active, at most once a minute: an in-process map skips the database
 * for members this instance wrote within the minute, and the UPDATE itself only changes a row
 * whose last_seen is older than a minute, so several instances behind a load balancer agree
 * (whichever comes first writes; the others change nothing).
 */
export function lastSeenWriter(db: DB, now = () => Date.now()) {
  const written = new Map<number, number>();
  return async function touch(userId: number): Promise<void> {
    const t = now();
    const at = written.get(userId);
    if (at !== undefined && t - at < LAST_SEEN_EVERY_MS) return;
    written.set(userId, t);
    if (written.size > 20_000) {
      for (const [id, w] of written) if (t - w >= LAST_SEEN_EVERY_MS) written.delete(id);
    }
    await sql`UPDATE users SET last_seen = ${new Date(t)}
      WHERE id = ${userId} AND (last_seen IS NULL OR last_seen < ${new Date(t - LAST_SEEN_EVERY_MS)})`.execute(db);
  };
}
