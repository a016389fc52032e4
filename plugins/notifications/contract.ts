// Notification preferences (spec section 3): each category can be switched off.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { UserResponse } from '../auth/contract.ts';

export const NOTIFICATION_CATEGORIES = [
  'new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** What an unsubscribe link stands for: one category, or 'all' (the List-Unsubscribe header, bounces). */
export const UnsubscribeCategory = Type.Union([Type.Enum(NOTIFICATION_CATEGORIES), Type.Literal('all')]);

/** PUT /api/notifications.php: the member's switched-off categories; answers the user object. */
export const saveNotifications = endpoint({
  method: 'PUT', path: '/api/notifications.php', access: 'member',
  body: Type.Object({
    notifications_disabled: Type.Array(Type.Enum(NOTIFICATION_CATEGORIES), { maxItems: NOTIFICATION_CATEGORIES.length, uniqueItems: true }),
  }, { additionalProperties: false }),
  response: UserResponse,
});
export type NotificationsRequest = Static<typeof saveNotifications.body>;

const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });

/** GET /api/unsubscribe.php?token=…: what the unsubscribe page shows before the member confirms. */
export const unsubscribeInfo = endpoint({
  method: 'GET', path: '/api/unsubscribe.php', access: 'visitor',
  query: TokenQuery,
  response: Type.Object({ category: UnsubscribeCategory, email: Type.String() }),
});
export type UnsubscribeInfo = Static<typeof unsubscribeInfo.response>;

/**
 * POST /api/unsubscribe.php?token=…: the page's button, and mail clients' one-click unsubscribe
 * (List-Unsubscribe-Post, a form post without the client header). Its body is not read.
 */
export const unsubscribe = endpoint({
  method: 'POST', path: '/api/unsubscribe.php', access: 'visitor', csrfExempt: true,
  query: TokenQuery,
  response: Type.Object({ ok: Type.Literal(true), category: UnsubscribeCategory, notifications_disabled: Type.Array(Type.String()) }),
});

/**
 * POST /api/mail-events.php: bounce and spam-complaint reports from the mail provider (a bearer
 * token authorises; no client header).
 */
export const mailEvents = endpoint({
  method: 'POST', path: '/api/mail-events.php', access: 'visitor', csrfExempt: true,
  body: Type.Object({ type: Type.Enum(['bounce', 'complaint']), email: Type.String({ minLength: 3, maxLength: 254 }) }),
  response: Type.Object({ ok: Type.Literal(true), matched: Type.Boolean() }),
});
export type MailEventRequest = Static<typeof mailEvents.body>;
