// What both halves of web push share: the subscription calls and what a notification carries.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';

/** What a push notification shows, and where tapping it leads (a path or URL of this site). */
export interface PushPayload { title: string; body: string; url: string; tag: string }

const B64url = Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_=-]+$' });

/** POST /api/user.php?push=1 (spec section 7): binds the browser's subscription to the member. */
export const subscribe = endpoint({
  method: 'POST', path: '/api/user.php', flag: 'push', access: 'member',
  // The browser's PushSubscription.toJSON(); whatever else it carries is not read.
  body: Type.Object({
    endpoint: Type.String({ minLength: 10, maxLength: 1000 }),
    keys: Type.Object({ p256dh: B64url, auth: B64url }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  }),
  response: Type.Object({ subscribed: Type.Literal(true) }),
});
/** The browser's PushSubscription.toJSON(), as POST /api/user.php?push=1 receives it. */
export type PushSubscriptionJSON = Static<typeof subscribe.body>;

/** DELETE /api/push.php: forgets this browser's subscription. */
export const unsubscribe = endpoint({
  method: 'DELETE', path: '/api/push.php', access: 'member',
  body: Type.Object({ endpoint: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
  response: Type.Object({ subscribed: Type.Literal(false) }),
});

/** The push states of spec section 4. */
export const PUSH_STATES = ['unsupported', 'unknown', 'denied', 'subscribed', 'not-subscribed'] as const;
export type PushState = typeof PUSH_STATES[number];

/**
 * Where this browser stood when it last looked (its permission is the browser's alone): kept in a
 * cookie the server reads, so it renders the push alert with the page where the browser will show it.
 */
export const PUSH_STATE_COOKIE = 'push_state';
/** The cookie's value as a state, or null (absent, or not one of them). */
export const pushStateOf = (value: unknown): PushState | null =>
  (PUSH_STATES as readonly unknown[]).includes(value) ? value as PushState : null;

/** Dismissal key of the push alert. */
export const PUSH_ALERT_DISMISS = 'push-alert';
