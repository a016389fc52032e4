import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { NOTIFICATION_CATEGORIES, mailEvents, saveNotifications, unsubscribe, unsubscribeInfo, type NotificationCategory } from '../contract.ts';
import type { unsubscribeSigner } from './links.ts';
import { accounts, type AuthService } from '../../auth/server.ts';

type Signer = ReturnType<typeof unsubscribeSigner>;

// The switched-off categories are a column of auth's users table (they are part of the user object).
export const disabledOf = (db: DB, userId: number): Promise<string[]> => accounts.notificationsDisabled(db, userId);

/** Stores the member's switched-off categories, in the catalogue's order; returns them. */
async function saveDisabled(db: DB, userId: number, list: string[]): Promise<string[]> {
  const ordered = NOTIFICATION_CATEGORIES.filter((c) => list.includes(c));
  await accounts.setNotificationsDisabled(db, userId, ordered);
  return ordered;
}

/** Switches a category off (or everything with 'all'); returns the member's new list. */
export async function disable(db: DB, userId: number, what: NotificationCategory | 'all'): Promise<string[]> {
  return saveDisabled(db, userId, what === 'all' ? [...NOTIFICATION_CATEGORIES] : [...await disabledOf(db, userId), what]);
}

const maskEmail = (email: string) => email.replace(/^(.)(.*)(@.*)$/, (_m, a: string, b: string, c: string) => `${a}${'•'.repeat(Math.min(b.length, 6))}${c}`);

export async function notificationRoutes(app: FastifyInstance, kernel: Kernel, { signer, auth }: { signer: Signer; auth: AuthService }) {
  const { db } = kernel;
  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // The user object as GET /api/user.php answers it: auth's fields and every extension's.
  kernel.serve(app, saveNotifications, { response: auth.responseSchema() }, async (req) => {
    const userId = memberId(req);
    await saveDisabled(db, userId, req.body.notifications_disabled);
    const user = await auth.userView(userId, req.site);
    if (!user) throw new HttpError(403, 'authentication_required', 'authentication_required: account no longer exists');
    return { user };
  });

  const resolve = async (token: string) => {
    const link = signer.verify(token);
    const user = link && await accounts.account(db, link.userId);
    if (!link || !user) throw badRequest('link_invalid', 'Link expired or invalid, request a new email.');
    return { ...link, email: user.email as string };
  };

  // What the unsubscribe page shows before the member confirms.
  kernel.serve(app, unsubscribeInfo, async (req) => {
    const link = await resolve(req.query.token);
    return { category: link.category, email: maskEmail(link.email) };
  });

  // The page's button, and mail clients' one-click unsubscribe (List-Unsubscribe-Post).
  kernel.serve(app, unsubscribe, async (req) => {
    const link = await resolve(req.query.token);
    return { ok: true as const, category: link.category, notifications_disabled: await disable(db, link.userId, link.category) };
  });

  // Bounce and spam-complaint reports from the mail provider: that member gets no more notification mails.
  // Open to anyone at the door ('visitor'): the bearer token below is what authorises.
  kernel.serve(app, mailEvents, { rateLimit: { max: 600, timeWindow: '1 minute' } }, async (req) => {
    const secret = kernel.config.mailEventsToken;
    if (!secret) throw notFound('not_found', 'Mail event reports are not configured (MAIL_EVENTS_TOKEN).');
    const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    const want = Buffer.from(secret);
    if (given.length !== want.length || !crypto.timingSafeEqual(given, want)) throw new HttpError(401, 'unauthorized', 'Wrong or missing bearer token');
    const { type, email } = req.body;
    const user = await auth.findByEmail(email);
    if (!user) return { ok: true as const, matched: false };
    await disable(db, user.id, 'all');
    await db.insertInto('notification_mail_events').values({ user_id: user.id, type, at: kernel.clock.now() }).execute();
    kernel.log.info({ userId: user.id, type }, 'email notifications disabled by a mail event');
    return { ok: true as const, matched: true };
  });
}
