import webpush from 'web-push';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { PushPayload } from '../contract.ts';

export interface Vapid { publicKey: string; privateKey: string; subject: string }

/** Time a push service keeps an undelivered notification (a chat notice is stale after a day). */
const TTL_SECONDS = 86400;
const TIMEOUT_MS = 10_000;

/**
 * Push service addresses come from browsers, so the server must not be made to call just anything:
 * HTTPS to a named host in production (every browser's push service is one); tests may use a
 * local HTTP endpoint.
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname;
  const literal = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  return url.protocol === 'https:' && !literal && host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.');
}

/**
 * Sends one payload to every subscription of the member (encrypted per RFC 8291, signed with the
 * VAPID key) and forgets subscriptions the push service says are gone. Returns how many took it.
 */
export async function sendPush(kernel: Kernel, vapid: Vapid, userId: number, payload: PushPayload): Promise<number> {
  const subs = await kernel.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
  let delivered = 0;
  for (const s of subs) {
    if (!endpointAllowed(s.endpoint, kernel.config.production)) continue;
    const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm',
    });
    try {
      const res = await fetch(req.endpoint, { method: req.method, headers: req.headers as Record<string, string>, body: new Uint8Array(req.body as Buffer), signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.status === 404 || res.status === 410) {
        await kernel.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      } else if (res.ok) {
        delivered++;
        await kernel.db.updateTable('push_subscriptions').set({ last_sent_at: kernel.clock.now() }).where('id', '=', s.id).execute();
      } else {
        kernel.log.warn({ status: res.status, endpoint: new URL(s.endpoint).host }, 'push refused');
      }
    } catch (err) {
      kernel.log.warn({ err, endpoint: new URL(s.endpoint).host }, 'push failed');
    }
  }
  return delivered;
}
