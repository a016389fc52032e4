import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, metricValue, type TestApp } from './testing.ts';
import { addressMatcher, forwardedAddresses, metricsAllowed } from './metrics-http.ts';
import { createMetrics } from './metrics.ts';
import { readConfig } from './config.ts';

declare module './jobs.ts' {
  interface JobPayloads { 'kernel:metrics-test': Record<string, never> }
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false }); });
afterAll(async () => { await t?.close(); });

const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string | undefined> } = {}) => t.app.inject({ method: 'GET', url: '/metrics', ...opts });

describe('/metrics: who may read it', () => {
  it('answers loopback (the default METRICS_ALLOW) in Prometheus text format', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape({ remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives everyone else the 404 of an unknown path, whatever forwarding headers say', async () => {
    const refused = [
      { remoteAddress: '10.1.2.3' },
      { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
      // Relayed by a proxy on this machine for someone elsewhere.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9;proto=https' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=unknown' } },
    ];
    for (const opts of refused) {
      const res = await scrape(opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'GET /metrics not found' });
    }
    // A proxy on this machine relaying for this machine is still this machine.
    expect((await scrape({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1', forwarded: 'for="[::1]:4711"' } })).statusCode).toBe(200);
  });

  it('answers Prometheus whatever the Host, also with STRICT_HOSTS', async () => {
    const before = { ...t.kernel.config };
    Object.assign(t.kernel.config, { strictHosts: true });
    try {
      expect((await scrape({ headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/ready', headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(421);
    } finally {
      Object.assign(t.kernel.config, before);
    }
  });

  it('METRICS_ALLOW takes addresses and CIDR ranges (v4, v6, v4-mapped); a bad entry stops the start', () => {
    expect(readConfig({}).metricsAllow).toEqual(['127.0.0.0/8', '::1']);
    expect(readConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8' }).metricsAllow).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    const ok = addressMatcher(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    for (const a of ['10.0.0.1', '10.255.255.255', '::ffff:10.1.2.3', '192.168.1.7', 'fd12::1', '[fd00::2]']) expect(ok(a), a).toBe(true);
    for (const a of ['11.0.0.1', '192.168.1.8', '127.0.0.1', '::1', 'fe80::1', 'unknown', '', 'example.com']) expect(ok(a), a).toBe(false);
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0/8', '::1/129', '1.2.3.4/8/1', '10.0.0.0/x']) {
      expect(() => addressMatcher([bad]), bad).toThrow(/METRICS_ALLOW/);
    }
  });

  it('with TRUST_PROXY the forwarded client counts too: an allowed balancer does not open it to the internet', () => {
    const allowed = addressMatcher(['10.0.0.0/8']);
    // What fastify makes of a request through the balancer 10.0.0.2 with TRUST_PROXY=1 (req.ip: the first hop).
    const via = (forwardedFor: string | undefined, ip: string) => ({
      socket: { remoteAddress: '10.0.0.2' }, ip, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    expect(metricsAllowed(via(undefined, '10.0.0.2'), allowed)).toBe(true);
    expect(metricsAllowed(via('10.0.0.9', '10.0.0.9'), allowed)).toBe(true);
    expect(metricsAllowed(via('198.51.100.4', '198.51.100.4'), allowed)).toBe(false);
    // A forged first hop: the balancer's own entry (the real client) still counts.
    expect(metricsAllowed(via('10.0.0.9, 198.51.100.4', '10.0.0.9'), allowed)).toBe(false);
    expect(forwardedAddresses({ forwarded: 'for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711"', 'x-forwarded-for': '10.0.0.1' }))
      .toEqual(['10.0.0.1', '192.0.2.60', '2001:db8:cafe::17']);
  });
});

describe('/metrics: what it shows', () => {
  it('has the kernel\'s and the plugins\' metrics', async () => {
    const body = (await scrape()).body;
    for (const name of [
      'http_request_duration_seconds', 'realtime_sockets', 'jobs_queue_depth', 'jobs_oldest_due_age_seconds', 'jobs_runs_total',
      'cache_lookups_total', 'chat_messages_total', 'payments_status_total', 'affiliates_postbacks_total',
    ]) expect(body, name).toContain(`# TYPE ${name} `);
    for (const cache of ['sessions', 'sites', 'members:search', 'auth:user-views']) expect(body, cache).toContain(`cache="${cache}"`);
  });

  it('counts each request in its route pattern\'s histogram (not the raw URL)', async () => {
    const labels = { method: 'GET', route: '/api/settings.php', status_code: '200' };
    const before = await metricValue(t, 'http_request_duration_seconds_count', labels);
    await t.call({ method: 'GET', url: '/api/settings.php?forced_domain=localhost&x=1' });
    await t.call({ method: 'GET', url: '/api/settings.php' });
    expect(await metricValue(t, 'http_request_duration_seconds_count', labels)).toBe(before + 2);
    // Unknown paths share one label value: random URLs cannot grow the series.
    const unmatched = await metricValue(t, 'http_request_duration_seconds_count', { route: 'unmatched' });
    await t.call({ method: 'GET', url: '/api/no-such-thing-4711.php' });
    expect(await metricValue(t, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBe(unmatched + 1);
    expect((await scrape()).body).not.toContain('no-such-thing-4711');
  });

  it('shows the job queue from the database: depth and the oldest due job\'s age, then the run', async () => {
    const kind = 'kernel:metrics-test';
    await t.kernel.jobs.enqueue(kind, {}, { runAt: new Date(t.kernel.clock.now().getTime() - 90_000) });
    await t.kernel.jobs.enqueue(kind, {}, { runAt: new Date(t.kernel.clock.now().getTime() - 10_000) });
    expect(await metricValue(t, 'jobs_queue_depth', { kind })).toBe(2);
    expect(await metricValue(t, 'jobs_oldest_due_age_seconds', { kind })).toBeGreaterThanOrEqual(90);
    t.kernel.jobs.handle(kind, async () => {});
    await t.kernel.jobs.runDue({ periodic: 'none' });
    expect(await metricValue(t, 'jobs_queue_depth', { kind })).toBe(0);
    expect(await metricValue(t, 'jobs_runs_total', { kind, result: 'done' })).toBe(2);
  });

  it('counts open sockets, cache hits and chat messages', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t);
    const ws = await t.app.injectWS('/api/socket', { headers: { cookie: b.cookie } });
    expect(await metricValue(t, 'realtime_sockets')).toBe(1);
    ws.terminate();

    // The session's first request reads it from the database, the next one from memory.
    const lookups = async () => [await metricValue(t, 'cache_lookups_total', { cache: 'sessions', result: 'hit' }), await metricValue(t, 'cache_lookups_total', { cache: 'sessions', result: 'miss' })];
    const [hits, misses] = await lookups();
    await t.call({ method: 'GET', url: '/api/user.php', cookie: a.cookie });
    await t.call({ method: 'GET', url: '/api/user.php', cookie: a.cookie });
    expect(await lookups()).toEqual([hits + 1, misses + 1]);

    const sent = await metricValue(t, 'chat_messages_total', { kind: 'text' });
    const res = await t.call({ method: 'POST', url: '/api/messages.php', cookie: a.cookie, payload: { to: b.id, kind: 'text', text: 'Counted?', key: 'metrics-test-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await metricValue(t, 'chat_messages_total', { kind: 'text' })).toBe(sent + 1);
  });

  it('holds each plugin to names of its own', () => {
    const metrics = createMetrics({ warn() {} });
    const chat = metrics.forPlugin('match-finder');
    expect(() => chat.counter({ name: 'chat_messages_total', help: 'x' })).toThrow(/must start with match_finder_/);
    expect(() => chat.counter({ name: 'match_finder_runs_total', help: 'x' })).not.toThrow();
    chat.cache('pairs', () => ({ hits: 1, misses: 2 }));
    expect(() => metrics.cache('match-finder:pairs', () => ({ hits: 0, misses: 0 }))).toThrow(/counted already/);
  });

  it('a gauge whose source fails keeps the scrape working', async () => {
    const metrics = createMetrics({ warn() {} });
    metrics.gauge({ name: 'broken_gauge', help: 'x', collect() { throw new Error('database down'); } });
    metrics.counter({ name: 'fine_total', help: 'x' }).inc();
    expect(await metrics.registry.metrics()).toContain('fine_total 1');
  });
});
