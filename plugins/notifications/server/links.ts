import crypto from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../contract.ts';

/**
 * Unsubscribe links that work without logging in and never expire: "<user>.<category>.<signature>",
 * signed with a key the server made itself, so nobody can unsubscribe someone else.
 */
export function unsubscribeSigner(key: string) {
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  return {
    token(userId: number, category: NotificationCategory | 'all') {
      const payload = `${userId}.${category}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token: string): { userId: number; category: NotificationCategory | 'all' } | null {
      const m = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token ?? '');
      if (!m) return null;
      const category = m[2] as NotificationCategory | 'all';
      if (category !== 'all' && !NOTIFICATION_CATEGORIES.includes(category)) return null;
      const expected = Buffer.from(sign(`${m[1]}.${m[2]}`));
      const given = Buffer.from(m[3]);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      return { userId: Number(m[1]), category };
    },
  };
}
