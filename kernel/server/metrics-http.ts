import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from './metrics.ts';
import type { Realtime } from './realtime.ts';
import type { Jobs } from './jobs.ts';

export const METRICS_PATH = '/metrics';

/**
 * The addresses METRICS_ALLOW lists (single addresses and CIDR ranges, IPv4 and IPv6) as a test;
 * an entry that is neither fails the start, so a typo never opens or silently closes /metrics.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const [ip, bits, extra] = entry.split('/');
    const family = net.isIP(ip);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) throw new Error(`METRICS_ALLOW: "${entry}" is no IP address or CIDR range`);
    list.addSubnet(ip, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const a = address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
    if (net.isIPv4(mapped?.[1] ?? a)) return list.check(mapped?.[1] ?? a, 'ipv4');
    return net.isIPv6(a) && list.check(a, 'ipv6');
  };
}

/** Every address a forwarding header names (X-Forwarded-For hops, Forwarded's for=); anything unreadable as such stays in as is (and matches nothing). */
export function forwardedAddresses(headers: FastifyRequest['headers']): string[] {
  const out: string[] = [];
  for (const h of [headers['x-forwarded-for']].flat()) if (h !== undefined) out.push(...h.split(',').map((s) => s.trim()));
  for (const h of [headers.forwarded].flat()) {
    if (h === undefined) continue;
    for (const part of h.split(/[,;]/)) {
      const m = /^\s*for\s*=\s*"?([^"]*)"?\s*$/i.exec(part);
      // for=192.0.2.1:4711 / for="[2001:db8::1]:4711": the port is no part of the address.
      if (m) out.push(m[1].replace(/^\[([^\]]*)\](?::\d+)?$/, '$1').replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1'));
    }
  }
  return out;
}

/**
 * Who may read /metrics: the socket's peer must be allowed, and so must every address a
 * forwarding header names. With TRUST_PROXY=1 the app takes the first X-Forwarded-For hop as the
 * client (req.ip), so that one is checked too; without it the headers are believed for nothing else,
 * but a request relayed by a proxy still must not open /metrics to whoever is behind that proxy
 * (an allowed balancer's address would otherwise let the whole internet in), and a client that
 * connects directly cannot help itself by sending such headers: its own address is checked first.
 */
export function metricsAllowed(req: { socket?: { remoteAddress?: string }; ip: string; headers: FastifyRequest['headers'] }, allowed: (address: string) => boolean): boolean {
  const peer = req.socket?.remoteAddress;
  if (!peer || !allowed(peer)) return false;
  return forwardedAddresses(req.headers).every(allowed) && allowed(req.ip);
}

/** Request latency per route pattern (never the raw URL: the label's values stay few). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The kernel's own metrics and the endpoint that serves all of them: request latency, open
 * sockets, the job queue (read from the database at each scrape), and GET /metrics for the
 * addresses METRICS_ALLOW lists; everyone else gets the 404 of an unknown API path.
 */
export function registerMetrics(app: FastifyInstance, opts: { metrics: AppMetrics; allow: readonly string[]; realtime: Realtime; jobs: Jobs }) {
  const { metrics } = opts;
  const allowed = addressMatcher(opts.allow);
  const latency = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
  });
  // The series of each method, route and status, found once: prom-client would otherwise hash the
  // label object on every answer (a tenth of a cached API answer's time).
  const series = new Map<string, ReturnType<typeof latency.labels>>();
  app.addHook('onResponse', (req, reply, done) => {
    // No route matched (unknown paths, the page shell's fallback): one label value for all of them.
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let s = series.get(key);
    if (!s) series.set(key, s = latency.labels({ method: req.method, route, status_code: String(reply.statusCode) }));
    s.observe(reply.elapsedTime / 1000);
    done();
  });
  metrics.gauge({
    name: 'realtime_sockets',
    help: 'Open WebSockets on this instance',
    collect(g) { g.set(opts.realtime.localSockets); },
  });
  // One query per scrape for both job gauges (the registry collects them side by side).
  let pending: ReturnType<Jobs['queueStats']> | null = null;
  const queueStats = () => pending ??= opts.jobs.queueStats().finally(() => { pending = null; });
  metrics.gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs due and not claimed, by kind (the queue is shared: every instance shows the same)',
    labelNames: ['kind'] as const,
    async collect(g) {
      const rows = await queueStats();
      g.reset();
      for (const r of rows) g.set({ kind: r.kind }, r.due);
    },
  });
  metrics.gauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'How long the longest-waiting unclaimed job has been due, by kind',
    labelNames: ['kind'] as const,
    async collect(g) {
      const rows = await queueStats();
      g.reset();
      for (const r of rows) g.set({ kind: r.kind }, r.oldestAgeSeconds);
    },
  });

  app.get(METRICS_PATH, { config: { access: 'visitor' } }, async (req, reply) => {
    if (!metricsAllowed(req, allowed)) return reply.status(404).send({ error: 'not_found', message: `${req.method} ${METRICS_PATH} not found` });
    reply.header('Cache-Control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
