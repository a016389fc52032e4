import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import { badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { NOTIFICATION_CATEGORIES, type MailEventRequest, type NotificationCategory, type NotificationsRequest } from '../contract.ts';
import type { unsubscribeSigner } from './links.ts';
import { accounts, authRef } from '../../auth/server.ts';

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

export function notificationRoutes(signer: Signer) {
  return async function routes(app: FastifyInstance, kernel: Kernel) {
    const auth = kernel.services.get(authRef);
    const { db } = kernel;
    // Mail clients send the one-click unsubscribe as a form (RFC 8058).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.put('/notifications.php', {
      config: { access: 'member' },
      schema: {
        body: {
          type: 'object', required: ['notifications_disabled'], additionalProperties: false,
          properties: { notifications_disabled: { type: 'array', maxItems: NOTIFICATION_CATEGORIES.length, uniqueItems: true, items: { type: 'string', enum: [...NOTIFICATION_CATEGORIES] } } },
        },
      },
    }, async (req) => {
      const userId = memberId(req);
      await saveDisabled(db, userId, (req.body as NotificationsRequest).notifications_disabled);
      return { user: await auth.userView(userId, req.site) };
    });

    const tokenQuery = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } };
    const resolve = async (token: string) => {
      const link = signer.verify(token);
      const user = link && await accounts.account(db, link.userId);
      if (!link || !user) throw badRequest('link_invalid', 'Link expired or invalid, request a new email.');
      return { ...link, email: user.email as string };
    };

    // What the unsubscribe page shows before the member confirms.
    app.get('/unsubscribe.php', { config: { access: 'visitor' }, schema: { querystring: tokenQuery } }, async (req) => {
      const link = await resolve((req.query as { token: string }).token);
      return { category: link.category, email: maskEmail(link.email) };
    });

    // The page's button, and mail clients' one-click unsubscribe (List-Unsubscribe-Post).
    app.post('/unsubscribe.php', { config: { access: 'visitor', csrfExempt: true }, schema: { querystring: tokenQuery } }, async (req) => {
      const link = await resolve((req.query as { token: string }).token);
      return { ok: true, category: link.category, notifications_disabled: await disable(db, link.userId, link.category) };
    });

    // Bounce and spam-complaint reports from the mail provider: that member gets no more notification mails.
    // Open to anyone at the door ('visitor'): the bearer token below is what authorises.
    app.post('/mail-events.php', {
      config: { access: 'visitor', csrfExempt: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object', required: ['type', 'email'], additionalProperties: true,
          properties: { type: { type: 'string', enum: ['bounce', 'complaint'] }, email: { type: 'string', minLength: 3, maxLength: 254 } },
        },
      },
    }, async (req) => {
      const secret = kernel.config.mailEventsToken;
      if (!secret) throw notFound('not_found', 'Mail event reports are not configured (MAIL_EVENTS_TOKEN).');
      const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      const want = Buffer.from(secret);
      if (given.length !== want.length || !crypto.timingSafeEqual(given, want)) throw new HttpError(401, 'unauthorized', 'Wrong or missing bearer token');
      const { type, email } = req.body as MailEventRequest;
      const user = await auth.findByEmail(email);
      if (!user) return { ok: true, matched: false };
      await disable(db, user.id, 'all');
      await db.insertInto('notification_mail_events').values({ user_id: user.id, type, at: kernel.clock.now() }).execute();
      kernel.log.info({ userId: user.id, type }, 'email notifications disabled by a mail event');
      return { ok: true, matched: true };
    });
  };
}
