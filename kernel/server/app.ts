import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db.ts';
import { HttpError } from './errors.ts';
import { runMigrations, type MigrationSet } from './migrations.ts';
import { depsProblem, orderPlugins, type Kernel, type PluginKernel, type ServerPlugin } from './plugin.ts';
import { enabledPlugins } from '../contract/plugin.ts';
import { browserSettings, pluginSettings } from './plugin-settings.ts';
import { Services } from './services.ts';
import { dbSessions, redisSessionInvalidations, sessionMigrations, SessionCache, SESSION_COOKIE } from './sessions.ts';
import { dbSites, redisSitesFeed, siteMigrations, readSitesFile, SITES_CACHE_MS, SITES_SHARED_CACHE_MS } from './settings.ts';
import { MEDIA_PREFIX, storageFromConfig, type Storage } from './storage.ts';
import { visitorCountry } from './geo.ts';
import { createClock } from './clock.ts';
import { dbTokens, tokenMigrations } from './tokens.ts';
import { dbSecrets, secretMigrations } from './secrets.ts';
import { dbJobs, jobMigrations } from './jobs.ts';
import { createMail } from './mail.ts';
import { createRealtime, presenceMigrations } from './realtime.ts';
import { changeMigrations, createChanges } from './changes.ts';
import { loadTexts } from './texts.ts';
import { createBootData, registerCompression, registerShell } from './shell.ts';
import { sanitiseAjvPlugin, sanitiseRequest } from './sanitise.ts';
import { registerTestHooks } from './test-hooks.ts';
import { registerCors } from './cors.ts';
import { consoleNotFound, createAccessControl, enforceAccess, isConsoleAccess } from './access.ts';
import { CONSOLE_API_PREFIX } from '../contract/endpoint.ts';
import { CONSOLE_COOKIE, createConsoleStaff, staffMigrations } from './console/staff.ts';
import { auditMigrations, createAudit } from './console/audit.ts';
import { registerConsole, registerConsolePage } from './console/routes.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { ApiErrorBody } from '../contract/errors.ts';
import * as api from '../contract/api.ts';
import { serveWith } from './endpoints.ts';
import type { JobHandler, JobKind } from './jobs.ts';
import { createEvents, type ServerEventHandler, type ServerEventName } from './events.ts';
import type { SocketMessageHandler } from './realtime.ts';
import type { SocketMessageDef } from '../contract/realtime.ts';
import type { EndpointDef } from '../contract/endpoint.ts';
import { decorateRequestLater, sendPrepared } from '../contract/adapter.ts';
import { registerRequestIds, requestIdLogging, requestIdOf, requestLogger } from './request-id.ts';
import { createMetrics, type AppMetrics } from './metrics.ts';
import { METRICS_PATH, registerMetrics } from './metrics-http.ts';
import { createLifecycle, readiness } from './readiness.ts';
import { closeRedis } from './redis-close.ts';

declare module 'fastify' {
  interface FastifyRequest {
    site: SiteSettings;
    userId: number | null;
  }
  interface FastifyContextConfig {
    /** Requests from mail clients and providers (one-click unsubscribe, bounce reports) carry no client header. */
    csrfExempt?: boolean;
    /** Uploads send the file itself as body (still with the client header). */
    binaryBody?: boolean;
  }
}

/** One registered route: method, path and its schema. */
export interface RouteSummary {
  method: string; url: string; schema?: Record<string, unknown>; constraints?: Record<string, unknown>; websocket: boolean;
  /** The plugin that registered it (absent: the kernel). */ plugin?: string;
  /** The contract it was registered from (kernel.serve), if any. */ endpoint?: EndpointDef;
}

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  plugins: ServerPlugin[];
  /** Where log lines go (tests read them); stdout otherwise. */
  logStream?: DestinationStream;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Lets two plugins answer one path told apart by a flag in the query, as the spec's calls do
 * (`POST /api/user.php` logs in, `POST /api/user.php?push=1` saves a push subscription): a route
 * with `constraints: { flag: 'push' }` takes requests carrying `push=1`; the others fall through
 * to the route without the constraint.
 */
const queryFlagConstraint = {
  name: 'flag',
  mustMatchWhenDerived: false,
  storage() {
    const map = new Map<string, unknown>();
    return { get: (v: string) => (map.get(v) ?? null) as never, set: (v: string, store: unknown) => void map.set(v, store) };
  },
  deriveConstraint(req: { url?: string }) {
    const q = req.url?.split('?')[1];
    if (!q) return undefined;
    for (const [k, v] of new URLSearchParams(q)) if (v === '1') return k;
    return undefined;
  },
};

interface AjvIssue { instancePath: string; message?: string; params?: Record<string, unknown> }

/** "body/email must match format …", naming the field (also in params.field for the UI). */
function validationBody(issues: AjvIssue[], context = 'request'): ApiErrorBody {
  const v = issues[0];
  const field = String(v.params?.missingProperty ?? v.params?.additionalProperty ?? v.instancePath.replace(/^\//, ''));
  const where = field ? `${context}/${field}` : context;
  const what = v.params?.additionalProperty ? 'is not an accepted parameter' : (v.message ?? 'is invalid');
  return { error: 'invalid_input', message: `${where} ${what}`, ...(field ? { params: { field } } : {}) };
}

/** Every migration, the kernel's first, then each plugin's in dependency order (`npm run db:move` runs the same). */
export function migrationSets(ordered: ServerPlugin[]): MigrationSet[] {
  return [
    { owner: 'kernel', migrations: [...sessionMigrations, ...siteMigrations, ...tokenMigrations, ...secretMigrations, ...jobMigrations, ...presenceMigrations, ...changeMigrations, ...staffMigrations, ...auditMigrations] },
    ...ordered.map((p) => ({ owner: p.id, migrations: p.migrations ?? [] })),
  ];
}

/** Builds the fastify app: kernel services, migrations, every plugin's routes, static files. */
export async function buildApp({ config, database, plugins, logStream }: AppOptions): Promise<{ app: FastifyInstance; kernel: Kernel; routes: RouteSummary[]; metrics: AppMetrics }> {
  const ordered = orderPlugins(plugins);
  // One pino logger for fastify and the kernel (plugins get it as kernel.log).
  // Every line carries the id of the request (or job, socket message) it was written for (request-id.ts).
  const log = logStream ? pino({ level: config.logLevel, ...requestIdLogging }, logStream) : pino({ level: config.logLevel, ...requestIdLogging });
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: log,
    genReqId: requestIdOf,
    childLoggerFactory: requestLogger,
    // Two log lines per request cost more than a cached API answer: request logs only at debug/trace.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false }, plugins: [sanitiseAjvPlugin] },
  });
  // First of all hooks: the request's id is current for everything that runs for it.
  registerRequestIds(app);
  const metrics = createMetrics(log);
  const lifecycle = createLifecycle();
  // Every route as registered (the route fuzzer walks them all, so new routes are covered by themselves).
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      routes.push({ method, url: r.url, schema: r.schema as RouteSummary['schema'], constraints: r.constraints, websocket: Boolean((r as { websocket?: boolean }).websocket), endpoint: r.config?.endpoint });
    }
  });
  const clock = createClock();
  const jobs = dbJobs(database.db, clock, log, { metrics });
  // With Redis, a logout on one instance ends the session in every instance's cache at once.
  const sessionFeed = config.redisUrl ? redisSessionInvalidations(config.redisUrl, `${config.redisPrefix}sessions`, log) : null;
  if (sessionFeed) app.addHook('onClose', () => sessionFeed.close());
  // An operator's change of a domain's settings: every instance drops its cached sites at once with
  // Redis; on PostgreSQL without Redis (other instances possible) the cache lasts 2 s instead of 30 s.
  const sitesFeed = config.redisUrl ? redisSitesFeed(config.redisUrl, `${config.redisPrefix}sites`, log) : null;
  if (sitesFeed) app.addHook('onClose', () => sitesFeed.close());
  const sitesCacheMs = sitesFeed || database.engine === 'pglite' ? SITES_CACHE_MS : SITES_SHARED_CACHE_MS;
  const changes = await createChanges(database, log);
  // The kernel's caches, counted for /metrics (cache_lookups_total).
  const sessionCache = new SessionCache();
  const siteLookups = { hits: 0, misses: 0 };
  metrics.cache('sessions', () => sessionCache);
  metrics.cache('sites', () => siteLookups);
  const kernel: Kernel = {
    db: database.db,
    engine: database.engine,
    config,
    log,
    storage: storageFromConfig(config, clock),
    sessions: dbSessions(database.db, { invalidations: sessionFeed ?? undefined, cache: sessionCache }),
    sites: dbSites(database.db, ordered.flatMap((p) => (p.feature ? [p.feature] : [])), {
      feed: sitesFeed ?? undefined, cacheMs: sitesCacheMs, settings: pluginSettings(ordered), lookups: siteLookups,
      loopbackPort: config.production ? undefined : config.port,
    }),
    services: new Services(),
    clock,
    tokens: dbTokens(database.db, clock),
    secrets: dbSecrets(database.db),
    jobs,
    mail: createMail({ jobs, texts: loadTexts(), smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    bootData: createBootData(log),
    realtime: createRealtime({ db: database.db, clock, log, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, draining: () => lifecycle.draining }),
    changes,
    events: createEvents(),
    metrics,
    lifecycle,
    access: createAccessControl(changes),
    audit: createAudit(database.db, clock),
    // Set below, once access control exists.
    console: undefined as never,
    // Set below, once the plugins are known.
    enabled: () => new Set(),
    self: { id: 'kernel', on: () => true },
    forPlugin: () => Object.assign(Object.create(kernel) as Kernel, { deps: {}, state: undefined }),
    routePath(site, name, params = {}) {
      for (const p of ordered) {
        const path = p.routes?.[name];
        if (path === undefined) continue;
        if (!kernel.enabled(site).has(p.id)) return null;
        return path.replace(/\/:(\w+)(\?)?/g, (_all, k: string) => (params[k] != null ? `/${encodeURIComponent(String(params[k]))}` : '')) || '/';
      }
      return null;
    },
    serve: serveWith({ checkResponses: config.checkResponses }),
  };
  kernel.console = createConsoleStaff({ db: database.db, clock, tokens: kernel.tokens, secrets: kernel.secrets, access: kernel.access });
  // Every route from here on declares who may call it, and the kernel checks it (access.ts).
  enforceAccess(app, kernel.access);
  app.addHook('onClose', async () => { await kernel.realtime.close(); await kernel.changes.close(); });
  // The one switch: which plugins are on for a site, kept per resolved site object.
  const enabledBySite = new WeakMap<SiteSettings, ReadonlySet<string>>();
  kernel.enabled = (site) => {
    let on = enabledBySite.get(site);
    if (!on) enabledBySite.set(site, on = new Set(enabledPlugins(ordered, site.plugins).map((p) => p.id)));
    return on;
  };
  const forPlugin = pluginKernels(kernel, metrics);

  // Expired one-time links are kept a while (per-day mail limits count them), then forgotten.
  jobs.every('kernel:tokens-cleanup', 86400_000, () => kernel.tokens.cleanup(7 * 86400_000));

  const applied = await runMigrations(database.db, migrationSets(ordered));
  // PGlite has no autovacuum, so nothing gathers planner statistics unless asked: after migrations
  // (new indexes, new columns) and every 10 minutes. PostgreSQL's autovacuum does this by itself.
  if (database.engine === 'pglite') {
    if (applied.length) await sql`ANALYZE`.execute(database.db);
    jobs.every('kernel:analyze', 10 * 60_000, async () => { await sql`ANALYZE`.execute(database.db); });
  }
  kernel.storage.useKey(await kernel.secrets.get('media-url-key', () => crypto.randomBytes(32).toString('hex')));
  // A bucket that is missing or refuses the credentials stops the start, naming what is wrong.
  await kernel.storage.check();
  app.addHook('onClose', async () => kernel.storage.close());
  if (fs.existsSync(config.sitesFile)) await kernel.sites.seed(await readSitesFile(config.sitesFile));
  // Every site needs a valid canonical_url (https in production): mail links are built from it alone.
  await kernel.sites.check({ production: config.production });
  for (const p of ordered) {
    const problem = depsProblem(p);
    if (problem) throw new Error(problem);
  }
  // Each plugin gets its services once, before its init; what init returns is its state.
  for (const p of ordered) {
    const handle = forPlugin(p);
    const deps = Object.fromEntries(Object.entries(p.deps ?? {}).map(([name, ref]) => {
      const service = kernel.services.find(ref);
      if (service === undefined && !('optional' in ref)) throw new Error(`plugin ${p.id}: service ${ref.id} (deps.${name}) was not provided`);
      return [name, service];
    }));
    Object.assign(handle, { deps, state: undefined });
    Object.assign(handle, { state: p.init?.(handle) });
  }
  for (const p of ordered) await p.start?.(forPlugin(p));
  lifecycle.markStarted();

  app.addConstraintStrategy(queryFlagConstraint);
  await app.register(cookie);
  await registerCompression(app);
  // With Redis, rate-limit counters are shared by every instance behind the load balancer.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  // An outage is logged (and reported by /api/ready), never an unhandled error event.
  redis?.on('error', (err) => log.warn({ err }, 'redis error (rate limits, readiness)'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new HttpError(429, 'rate_limited', `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`, { seconds: Math.ceil(ctx.ttl / 1000) }),
  });

  // Set on every request before any handler runs (identify).
  decorateRequestLater(app, 'site');
  app.decorateRequest('userId', null);
  app.decorateRequest('staff', null);
  // After each route's schema: control characters, non-finite numbers, oversized input (sanitise.ts).
  app.addHook('preHandler', sanitiseRequest);

  // Widgets on the origins a domain allows (widget_origins); before the CSRF check so its refusals carry CORS too.
  registerCors(app, kernel.sites);

  // The domain's site and the session's member: for API requests here, for page requests in the shell.
  const identify = async (req: FastifyRequest) => {
    req.site = await kernel.sites.resolve(req.hostname, visitorCountry(req, config.trustProxy));
    req.userId = await kernel.sessions.resolve(req.cookies[SESSION_COOKIE]);
  };
  // The probes of balancers, orchestrators and Prometheus need neither site nor session and answer
  // whatever the Host (they call an instance by its address): they keep working while the database
  // is down, which is what /api/ready is there to report.
  const probes = new Set<string>([api.health.path, api.ready.path, METRICS_PATH]);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (probes.has(req.routeOptions.url ?? '')) {
      reply.header('Cache-Control', 'no-store');
      return;
    }
    // Unknown Host: the default site, or 421 when the operator asks for strict hosts.
    if (config.strictHosts && !(await kernel.sites.known(req.hostname))) {
      throw new HttpError(421, 'misdirected_request', 'This server does not serve that domain.');
    }
    if (!req.url.startsWith('/api/')) return;
    reply.header('Cache-Control', 'no-store');
    // The console's API: nothing is there for anyone without a console session (not even a 403).
    if (req.url.startsWith(CONSOLE_API_PREFIX)) {
      req.staff = await kernel.console.resolve(req.cookies[CONSOLE_COOKIE]);
      if (!req.staff) throw consoleNotFound();
    }
    // CSRF defence: a cross-site form cannot set this header nor send JSON without a preflight.
    if (STATE_CHANGING.has(req.method) && !req.routeOptions.config?.csrfExempt) {
      if (req.headers['x-request-type'] !== 'client') {
        throw new HttpError(403, 'client_header_required', 'State-changing requests need the header X-Request-Type: client');
      }
      const type = req.headers['content-type'] ?? '';
      if (!type.startsWith('application/json') && !req.routeOptions.config?.binaryBody) {
        throw new HttpError(415, 'json_required', 'Send a JSON body (Content-Type: application/json)');
      }
    }
    await identify(req);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, req, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
    if (err instanceof HttpError) {
      return send(err.statusCode, { error: err.code, message: err.message, params: err.params });
    }
    if (err.validation) return send(400, validationBody(err.validation as AjvIssue[], err.validationContext));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, { error: (err.code ?? 'bad_request').toLowerCase(), message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, { error: 'internal', message: 'An error has occurred.' });
  });

  // Alive: answers without asking the database (a liveness probe must not restart every instance
  // when the database is down); whether to send traffic is /api/ready's question.
  kernel.serve(app, api.health, async () => ({ status: 'ok' as const, database: database.engine, uptime: Math.round(process.uptime()) }));
  kernel.serve(app, api.ready, async (_req, reply) => {
    const answer = await readiness(lifecycle, {
      database: () => sql`SELECT 1`.execute(database.db),
      ...(redis ? { redis: async () => { if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`); await redis.ping(); } } : {}),
    });
    // The same answer, as 503: the balancer takes the instance out.
    // (The contract's type speaks of 200 answers only; this one differs only in its status.)
    if (!answer.ready) return sendPrepared(reply.status(503 as 200), JSON.stringify(answer));
    return answer;
  });
  registerMetrics(app, { metrics, allow: config.metricsAllow, realtime: kernel.realtime, jobs });

  const settingsJson = new WeakMap<SiteSettings, string>();
  kernel.serve(app, api.siteSettings, async (req, reply) => {
    const { forced_domain } = req.query;
    const site = forced_domain ? await kernel.sites.resolve(forced_domain, req.site.geoip_country) : req.site;
    // The resolved site object is shared until its settings change: so is its JSON.
    let body = settingsJson.get(site);
    // Only what the browser may see: the kernel's settings and those of the plugins on for the site.
    if (!body) settingsJson.set(site, body = JSON.stringify({ settings: browserSettings(site, ordered, kernel.enabled(site)) }));
    return sendPrepared(reply, body);
  });

  await kernel.realtime.register(app, (req) => req.userId);
  // Sent as the page is hidden (fetch keepalive): the member counts as away for notifications.
  kernel.serve(app, api.pageHidden, async (req) => {
    if (req.userId != null) await kernel.realtime.markHidden(req.userId);
    return { away: req.userId != null };
  });

  // Only with TEST_HOOKS=1 outside production on a loopback host, and only for loopback peers.
  await registerTestHooks(app, kernel, ordered);

  for (const p of ordered) {
    if (!p.api) continue;
    await app.register(async (scope) => {
      // Switched off for this domain (its flag, or a plugin it requires): every route answers 404.
      scope.addHook('onRequest', async (req: FastifyRequest) => {
        // The console works across domains: its endpoints answer whatever the console's own host has on.
        if (isConsoleAccess(req.routeOptions.config?.access)) return;
        if (!kernel.enabled(req.site).has(p.id)) throw new HttpError(404, 'feature_disabled', `${p.id} is not available on this site`);
      });
      // The summaries the app-wide hook just made for this scope's routes name their plugin.
      scope.addHook('onRoute', (r) => {
        for (const x of routes) if (x.url === r.url && x.plugin === undefined && [r.method].flat().includes(x.method)) x.plugin = p.id;
      });
      await p.api!(scope, forPlugin(p));
    }, { prefix: '/api' });
  }

  for (const p of ordered) {
    if (!p.pages) continue;
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (req, reply) => {
        await identify(req);
        // Off for this domain: the app's own page answers (the browser router's 404).
        if (!kernel.enabled(req.site).has(p.id)) {
          reply.callNotFound();
          return reply;
        }
      });
      await p.pages!(scope, forPlugin(p));
    });
  }

  await registerConsole(app, { kernel, staff: kernel.console, plugins: ordered, settings: pluginSettings(ordered) });
  registerConsolePage(app, config.distDir);
  registerMedia(app, kernel.storage);
  registerShell(app, {
    config, bootData: kernel.bootData, identify, enabled: kernel.enabled,
    browserSettings: (site) => browserSettings(site, ordered, kernel.enabled(site)),
    serve: kernel.serve, log,
  });
  return { app, kernel, routes, metrics };
}

/** Stored files, only through the signed URLs `storage.url()` hands out; anything else is a 403. */
function registerMedia(app: FastifyInstance, storage: Storage) {
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string } }>(`${MEDIA_PREFIX}*`, {
    config: { access: 'visitor' },
    schema: { querystring: { type: 'object', properties: { e: { type: 'string', maxLength: 20 }, s: { type: 'string', maxLength: 200 } } } },
  }, async (req, reply) => {
    // Fastify has decoded the path already: decoding again misreads `%25` and throws on a lone `%`.
    const key = req.params['*'];
    const { e, s } = req.query;
    if (!(e && s && storage.verify(key, e, s))) return reply.status(403).send({ error: 'forbidden', message: 'This link is not valid (anymore).' });
    // read(): a missing file some plugin knows how to make (e.g. a demo portrait) is made now.
    let data: Buffer | null;
    try {
      data = await storage.read(key);
    } catch (err) {
      // The disk or the bucket failed (not "no such file"): worth a retry, and nothing to cache.
      req.log.error({ err, key }, 'media file unreadable');
      return reply.status(503).header('Retry-After', '5').send({ error: 'storage_unavailable', message: 'The file cannot be read right now, try again.' });
    }
    if (!data) return reply.status(404).send({ error: 'not_found', message: 'No such file' });
    // Private: shared caches must not keep a member's photo; the browser may until the link expires.
    reply.header('Cache-Control', `private, max-age=${Math.max(0, Number(e) - Math.floor(Date.now() / 1000))}`);
    return reply.type(key.endsWith('.png') ? 'image/png' : 'image/jpeg').send(data);
  });
}

/**
 * Each plugin's own kernel handle: `self` names it; its socket handlers run only where it is on;
 * its queued jobs whose payload names a `domain` are skipped (done, nothing run) where it is off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPluginKernel = PluginKernel<any, any>;
function pluginKernels(kernel: Kernel, metrics: AppMetrics): (p: ServerPlugin) => AnyPluginKernel {
  const made = new Map<string, AnyPluginKernel>();
  const make = (p: ServerPlugin, base: Kernel): AnyPluginKernel => {
    const self = { id: p.id, on: (site: SiteSettings) => base.enabled(site).has(p.id) };
    // Reads fall through to the kernel it is made from (a test's kernel with its own logger, say).
    return Object.assign(Object.create(base) as Kernel, {
      self,
      // Its metrics are named after it (`<id>_…`).
      metrics: metrics.forPlugin(p.id),
      // Set for the app's own handles before init (see buildApp); a copy's come from the app's.
      deps: made.get(p.id)?.deps ?? {},
      state: made.get(p.id)?.state,
      realtime: Object.assign(Object.create(base.realtime) as Kernel['realtime'], {
        onMessage: <D extends SocketMessageDef>(def: D, handler: SocketMessageHandler<D>) => base.realtime.onMessage(def, (userId, msg, site) => {
          if (self.on(site)) return handler(userId, msg, site);
        }),
      }),
      // A plugin's handlers hear of events of the domains where it is on.
      events: Object.assign(Object.create(base.events) as Kernel['events'], {
        on: <K extends ServerEventName>(name: K, handler: ServerEventHandler<K>) => base.events.on(name, async (payload, trx, site) => {
          if (self.on(site)) await handler(payload, trx, site);
        }),
      }),
      jobs: Object.assign(Object.create(base.jobs) as Kernel['jobs'], {
        handle: <K extends JobKind>(kind: K, handler: JobHandler<K>, opts?: { maxAttempts?: number }) => base.jobs.handle(kind, async (payload) => {
          const domain: unknown = typeof payload === 'object' && payload !== null && 'domain' in payload ? payload.domain : undefined;
          if (typeof domain === 'string' && !self.on(await base.sites.resolve(domain))) return;
          await handler(payload);
        }, opts),
      }),
    });
  };
  const forPlugin = (p: ServerPlugin): AnyPluginKernel => {
    let k = made.get(p.id);
    if (!k) made.set(p.id, k = make(p, kernel));
    return k;
  };
  // Called on a copy of the kernel (`{ ...kernel, log }`), the handle is made from that copy.
  kernel.forPlugin = function (this: Kernel | undefined, p: ServerPlugin) {
    return !this || this === kernel ? forPlugin(p) : make(p, this);
  };
  return forPlugin;
}
