import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { PushPayload } from '../contract.ts';

export interface Vapid { publicKey: string; privateKey: string; subject: string }

/** Time a push service keeps an undelivered notification (a chat notice is stale after a day). */
const TTL_SECONDS = 86400;
const TIMEOUT_MS = 10_000;

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

/**
 * Addresses (refused4, refused6) the server never sends to, whatever a push host's DNS says: loopback, private
 * (RFC 1918), shared (CGNAT), link-local (cloud metadata at 169.254.169.254), this-network,
 * benchmarking, documentation, multicast and reserved IPv4; for IPv6 everything outside global
 * unicast 2000::/3 (so loopback, unspecified, IPv4-mapped, unique-local fc00::/7, link-local
 * fe80::/10, multicast ff00::/8) and, inside it, documentation, Teredo and 6to4.
 */
// Two lists: one BlockList holding both families also matches IPv4 addresses against IPv6 rules.
const refused4 = new net.BlockList();
const refused6 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) refused4.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 3], ['4000::', 2], ['8000::', 1], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16]] as const) {
  refused6.addSubnet(prefix, bits, 'ipv6');
}

/** True for an address a push may not go to (see above); also for anything that is no IP address. */
export function forbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return true;
  return family === 4 ? refused4.check(address, 'ipv4') : refused6.check(address, 'ipv6');
}

export interface ResolvedAddress { address: string; family: number }
/** DNS for push hosts (injectable: tests have no network). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;
/** One POST to a push service over a connection to `address` (already checked); answers the HTTP status. */
export type Poster = (target: { url: URL; address: string; family: number }, request: { method: string; headers: Record<string, string>; body: Buffer }) => Promise<number>;
export interface PushNet { resolve: Resolver; post: Poster }

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * A poster over node:https that connects to the checked address only (its `lookup` answers that
 * address: no second DNS query that could answer differently) with the host name for TLS (SNI and
 * certificate check), and follows no redirect: a 3xx is just the answer. `port` and `ca` are for tests.
 */
export function httpsPoster(opts: { port?: number; ca?: string | Buffer } = {}): Poster {
  return ({ url, address, family }, request) => new Promise<number>((resolve, reject) => {
    const pinned: net.LookupFunction = (_host, options, callback) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const req = https.request({
      host: url.hostname, servername: url.hostname, port: opts.port ?? 443, path: `${url.pathname}${url.search}`,
      method: request.method, headers: { ...request.headers, 'content-length': String(request.body.length) },
      lookup: pinned, agent: false, timeout: TIMEOUT_MS, ...(opts.ca ? { ca: opts.ca } : {}),
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`push service did not answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

export const defaultPushNet: PushNet = { resolve: systemResolver, post: httpsPoster() };

/** The endpoint's host resolved and every address checked; throws naming the refused address. */
export async function resolveEndpoint(url: URL, resolve: Resolver): Promise<ResolvedAddress> {
  const host = url.hostname;
  const addresses = await resolve(host);
  if (!addresses.length) throw new Error(`${host} has no address`);
  // One bad address refuses them all: a push service's DNS has no reason to point inwards.
  const bad = addresses.find((a) => forbiddenAddress(a.address));
  if (bad) throw new Error(`${host} resolves to the refused address ${bad.address}`);
  return addresses[0];
}

/**
 * Sends one payload to every subscription of the member (encrypted per RFC 8291, signed with the
 * VAPID key) and forgets subscriptions the push service says are gone. Returns how many took it.
 */
export async function sendPush(kernel: Kernel, vapid: Vapid, userId: number, payload: PushPayload, pushNet: PushNet = defaultPushNet): Promise<number> {
  const subs = await kernel.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
  let delivered = 0;
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
      const target = await resolveEndpoint(url, pushNet.resolve);
      const status = await pushNet.post({ url, ...target }, { method: details.method, headers: details.headers as Record<string, string>, body: details.body as Buffer });
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
