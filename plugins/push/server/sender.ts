import webpush from 'web-push';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { PushPayload } from '../contract.ts';
import { createOutbound, httpsPoster, systemResolver, type Poster, type Resolver } from '../../../kernel/server/outbound.ts';

export interface Vapid { publicKey: string; privateKey: string; subject: string }

/** Time a push service keeps an undelivered notification (a chat notice is stale after a day). */
const TTL_SECONDS = 86400;

/**
 * The push services browsers subscribe with: Chrome/Edge/Opera (FCM), Firefox (Mozilla autopush),
 * Safari (Apple), legacy Edge (Windows WNS). Endpoints come from browsers, i.e. from anyone, so the
 * server only ever calls these hosts.
 */
export const PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com'];
export const PUSH_HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/** Why a subscription endpoint is refused (a sentence naming the rule), or null when it is fine. */
export function endpointProblem(endpoint: string): string | null {
  if (!URL.canParse(endpoint)) return 'is not a URL';
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'must be an https:// address';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.port && url.port !== '443') return 'must use the standard https port';
  const host = url.hostname;
  if (!PUSH_HOSTS.includes(host) && !PUSH_HOST_SUFFIXES.some((s) => host.endsWith(s))) {
    return 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)';
  }
  return null;
}

// The generic part (address checks, DNS once and the checked address pinned, no redirects, a
// timeout) is the kernel's outbound module; push adds its allow-list of push hosts above.
export { forbiddenAddress, httpsPoster, systemResolver, type Poster, type ResolvedAddress, type Resolver } from '../../../kernel/server/outbound.ts';

/** DNS and the HTTPS call of a push (injectable: tests have no network). */
export interface PushNet { resolve: Resolver; post: Poster }

export const defaultPushNet: PushNet = { resolve: systemResolver, post: httpsPoster() };

/**
 * Sends one payload to every subscription of the member (encrypted per RFC 8291, signed with the
 * VAPID key) and forgets subscriptions the push service says are gone. Returns how many took it.
 */
export async function sendPush(kernel: Kernel, vapid: Vapid, userId: number, payload: PushPayload, pushNet: PushNet = defaultPushNet): Promise<number> {
  const subs = await kernel.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
  let delivered = 0;
  const outbound = createOutbound({ resolve: pushNet.resolve, post: pushNet.post });
  for (const s of subs) {
    // Stored before today's rules (or by hand): never called, and gone.
    if (endpointProblem(s.endpoint)) {
      await kernel.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      continue;
    }
    const url = new URL(s.endpoint);
    try {
      const details = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
        vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm',
      });
      const { status } = await outbound.send(url, { method: details.method, headers: details.headers as Record<string, string>, body: details.body as Buffer });
      if (status === 404 || status === 410) {
        await kernel.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      } else if (status >= 200 && status < 300) {
        delivered++;
        await kernel.db.updateTable('push_subscriptions').set({ last_sent_at: kernel.clock.now() }).where('id', '=', s.id).execute();
      } else {
        // Redirects included: a push service does not redirect, and we do not follow.
        kernel.log.warn({ status, endpoint: url.host }, 'push refused');
      }
    } catch (err) {
      kernel.log.warn({ err, endpoint: url.host }, 'push failed');
    }
  }
  return delivered;
}
