/** What a push notification shows, and where tapping it leads (a path or URL of this site). */
export interface PushPayload { title: string; body: string; url: string; tag: string }

/** The browser's PushSubscription.toJSON(), as POST /api/user.php?push=1 receives it. */
export interface PushSubscriptionJSON { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime?: number | null }

/** The push states of spec section 4. */
export type PushState = 'unsupported' | 'unknown' | 'denied' | 'subscribed' | 'not-subscribed';

/** Dismissal key of the push alert. */
export const PUSH_ALERT_DISMISS = 'push-alert';
