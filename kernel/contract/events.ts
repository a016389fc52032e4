import type { Locale } from './locales.ts';
/**
 * Event names and payloads on the browser bus. Plugins add their own events by declaration
 * merging: `declare module '<path>/kernel/contract/events.ts' { interface AppEvents { ... } }`.
 */
export interface AppEvents {
  /** An API call answered 403 authentication_required: the session is gone. */
  'auth:required': { path: string };
  /** The member logged in or out (userId null). */
  'session:changed': { userId: number | null };
  'locale:changed': { locale: Locale };
  'route:changed': { name: string; path: string };
  /** Time to refresh what may have changed elsewhere (user, chats, likes): 5 s after start, then every 60 s (300 s with push). */
  poll: { at: number };
}
