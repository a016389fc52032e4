import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isLoopbackHost } from './config.ts';

/**
 * Requests the server makes to addresses it was given by others (a browser's push subscription, an
 * affiliate network's postback URL): server-side request forgery is the danger, so every request
 *
 * - goes over HTTPS (plain http only under the test allowance below),
 * - to a host whose every DNS answer is a public address (never loopback, private, link-local,
 *   cloud metadata, unique-local, multicast, …: `forbiddenAddress`),
 * - over a connection to the address that was checked (DNS is asked once; the socket's lookup
 *   answers that address, so a second, different answer cannot be slipped in),
 * - follows no redirect (a 3xx is the answer, its Location is never called),
 * - and gives up after a timeout.
 *
 * The test allowance: with `testHooks` (config.testHooks: TEST_HOOKS=1, which readConfig refuses
 * under NODE_ENV=production and off a loopback HOST) a target whose host is a loopback name or
 * address (`localhost`, 127.x, ::1) may be called, over http too, and only then may its answers be
 * loopback addresses; the local receiver's self-signed certificate is trusted through `testCa`.
 * Private and other refused addresses stay refused even then.
 */

/**
 * Addresses (refused4, refused6) the server never sends to: loopback, private (RFC 1918), shared
 * (CGNAT), link-local (cloud metadata at 169.254.169.254), this-network, benchmarking,
 * documentation, multicast and reserved IPv4; for IPv6 everything outside global unicast 2000::/3
 * (so loopback, unspecified, IPv4-mapped, unique-local fc00::/7, link-local fe80::/10, multicast
 * ff00::/8) and, inside it, documentation, Teredo and 6to4.
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

/** True for an address the server may not call (see above); also for anything that is no IP address. */
export function forbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return true;
  return family === 4 ? refused4.check(address, 'ipv4') : refused6.check(address, 'ipv6');
}

/** 127.0.0.0/8 and ::1 (also IPv4-mapped): the only addresses the test allowance opens. */
const loopbackAddress = (address: string) => {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
};

export interface ResolvedAddress { address: string; family: number }
/** DNS (injectable: tests have no network). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;
/** The checked target: the URL (host name for TLS and the Host header) and the one address to connect to. */
export interface PinnedTarget { url: URL; address: string; family: number }
export interface OutboundRequest { method: string; headers: Record<string, string>; body: Buffer }
/** One request over a connection to `target.address` (already checked); answers the HTTP status. `tls.ca` trusts a test receiver. */
export type Poster = (target: PinnedTarget, request: OutboundRequest, tls?: { ca?: string }) => Promise<number>;

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export const OUTBOUND_TIMEOUT_MS = 10_000;

/** The target did not answer in time (worth another try later). */
export class OutboundTimeout extends Error {}
/** Refused by the rules above before anything was sent (not worth another try). */
export class OutboundRefused extends Error {}

/**
 * A poster over node:https (node:http for an http URL, only ever reached under the test allowance)
 * that connects to the checked address only (its `lookup` answers that address: no second DNS
 * query that could answer differently) with the host name for TLS (SNI and certificate check), and
 * follows no redirect: a 3xx is just the answer. `port` and `ca` are for tests.
 */
export function httpsPoster(opts: { port?: number; ca?: string | Buffer; timeoutMs?: number } = {}): Poster {
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return ({ url, address, family }, request, tls) => new Promise<number>((resolve, reject) => {
    const pinned: net.LookupFunction = (_host, options, callback) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const plain = url.protocol === 'http:';
    const ca = tls?.ca ?? opts.ca;
    const options: https.RequestOptions = {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: opts.port ?? (url.port ? Number(url.port) : plain ? 80 : 443),
      path: `${url.pathname}${url.search}`, method: request.method,
      headers: { ...request.headers, ...(request.body.length || request.method !== 'GET' ? { 'content-length': String(request.body.length) } : {}) },
      lookup: pinned, agent: false, timeout: timeoutMs,
      ...(plain ? {} : { servername: net.isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) ? undefined : url.hostname, ...(ca ? { ca } : {}) }),
    };
    const req = (plain ? http : https).request(options, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new OutboundTimeout(`${url.host} did not answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Whether the test allowance covers this URL (see the top of the file). */
export const testAllowanceCovers = (url: URL, testHooks: boolean) => testHooks && isLoopbackHost(url.hostname);

/** Why the URL itself is refused (a sentence naming the rule), or null. Addresses are checked at sending. */
export function outboundUrlProblem(raw: string | URL, opts: { testHooks?: boolean } = {}): string | null {
  if (typeof raw === 'string' && !URL.canParse(raw)) return 'is not a URL';
  const url = new URL(raw);
  const allowed = testAllowanceCovers(url, opts.testHooks ?? false);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) return 'must be an https:// address';
  if (url.username || url.password) return 'must not contain a user name or password';
  return null;
}

/**
 * The host resolved (once) and every address checked; throws `OutboundRefused` naming the refused
 * address. An address literal is its own answer. One bad answer refuses them all: a public
 * service's DNS has no reason to point inwards.
 */
export async function resolveChecked(url: URL, resolve: Resolver, opts: { testHooks?: boolean } = {}): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host);
  if (!addresses.length) throw new Error(`${host} has no address`);
  const allowed = testAllowanceCovers(url, opts.testHooks ?? false);
  const bad = addresses.find((a) => forbiddenAddress(a.address) && !(allowed && loopbackAddress(a.address)));
  if (bad) throw new OutboundRefused(`${host} resolves to the refused address ${bad.address}`);
  return addresses[0];
}

export interface OutboundOptions {
  /** DNS (default: the system's). */
  resolve?: Resolver;
  /** The request itself (default: `httpsPoster()`). */
  post?: Poster;
  /** config.testHooks: opens the test allowance for loopback targets (never true in production). */
  testHooks?: boolean;
  /** Under the test allowance only: the certificate (PEM) of the local test receiver, trusted for loopback targets. */
  testCa?: () => string | undefined;
}

export interface OutboundResult { status: number; address: string }

/** Sends requests to outside addresses under the rules above. */
export interface Outbound {
  /** Checks the URL and its addresses, then sends once; throws `OutboundRefused` (nothing sent), `OutboundTimeout` or a network error. */
  send(url: string | URL, request: OutboundRequest): Promise<OutboundResult>;
}

export function createOutbound(opts: OutboundOptions = {}): Outbound {
  const resolve = opts.resolve ?? systemResolver;
  const post = opts.post ?? httpsPoster();
  const testHooks = opts.testHooks ?? false;
  return {
    async send(raw, request) {
      const problem = outboundUrlProblem(raw, { testHooks });
      if (problem) throw new OutboundRefused(`${String(raw).slice(0, 200)} ${problem}`);
      const url = new URL(raw);
      const target = await resolveChecked(url, resolve, { testHooks });
      const ca = testAllowanceCovers(url, testHooks) ? opts.testCa?.() : undefined;
      const status = await post({ url, ...target }, request, ca ? { ca } : undefined);
      return { status, address: target.address };
    },
  };
}
