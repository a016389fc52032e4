// Notification preferences (spec section 3): each category can be switched off.

export const NOTIFICATION_CATEGORIES = [
  'new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export interface NotificationsRequest { notifications_disabled: NotificationCategory[] }
/** What an unsubscribe link stands for: one category, or 'all' (the List-Unsubscribe header, bounces). */
export interface UnsubscribeInfo { category: NotificationCategory | 'all'; email: string }
export interface MailEventRequest { type: 'bounce' | 'complaint'; email: string }
