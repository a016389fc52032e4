import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { ServerConfig } from './config.ts';
import type { Storage } from './storage.ts';
import type { Sessions } from './sessions.ts';
import type { Sites } from './settings.ts';
import { ownerOf, type OptionalRef, type ServiceRef, type Services } from './services.ts';
import type { Clock } from './clock.ts';
import type { Tokens } from './tokens.ts';
import type { Secrets } from './secrets.ts';
import type { Jobs } from './jobs.ts';
import type { Mail } from './mail.ts';
import type { Realtime } from './realtime.ts';
import type { Changes } from './changes.ts';
import type { BootDataRegistry } from './shell.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { PluginDescriptor } from '../contract/plugin.ts';
import type { AccessControl } from './access.ts';
import type { Serve } from './endpoints.ts';
import type { Events } from './events.ts';
import type { Audit } from './console/audit.ts';
import type { ConsoleStaff } from './console/staff.ts';
import type { Metrics } from './metrics.ts';
import type { Lifecycle } from './readiness.ts';

/** The plugin a kernel handle was given to, and whether it is switched on for a site. */
export interface PluginSelf {
  readonly id: string;
  /** Whether this plugin is on for the site (its feature flag and everything it requires). */
  on(site: SiteSettings): boolean;
}

/**
 * What the kernel hands to every server plugin. Each plugin gets its own handle: `self` is that
 * plugin, its socket handlers run only for sites where it is on, and its queued jobs carrying a
 * `domain` are skipped for domains where it is off.
 */
export interface Kernel {
  db: DB;
  engine: 'pglite' | 'postgres';
  config: ServerConfig;
  log: Logger;
  storage: Storage;
  sessions: Sessions;
  sites: Sites;
  services: Services;
  clock: Clock;
  tokens: Tokens;
  secrets: Secrets;
  jobs: Jobs;
  mail: Mail;
  realtime: Realtime;
  /** Committed changes to members' user objects, from any writer and instance (see changes.ts). */
  changes: Changes;
  /** What happened in one plugin that others act on, in the same transaction (events.ts). */
  events: Events;
  /** What the HTML shell carries for the first paint: `bootData.add(name, async (req) => value)`. */
  bootData: BootDataRegistry;
  /** Route access levels and members' roles: the accounts' owner provides `access.useRoles(lookup)` and `access.useAccounts(...)`. */
  access: AccessControl;
  /**
   * The console's audit log: every change made from the console, `audit.record(trx, req, { action,
   * target, before, after })` in the transaction of the change (kernel/server/console/audit.ts).
   */
  audit: Audit;
  /** Console accounts: the password and TOTP login, console sessions (kernel/server/console/staff.ts). */
  console: ConsoleStaff;
  /**
   * Prometheus metrics on GET /metrics (kernel/server/metrics.ts): a plugin's own counters, gauges
   * and histograms, named `<plugin id>_…`, and its caches' hits and misses (`metrics.cache`).
   */
  metrics: Metrics;
  /** Started (migrations done) and draining (stopping after SIGTERM: no new long work), kernel/server/readiness.ts. */
  lifecycle: Lifecycle;
  /** The ids of the plugins switched on for a site: the one switch (kernel/contract/plugin.ts). */
  enabled(site: SiteSettings): ReadonlySet<string>;
  self: PluginSelf;
  /**
   * The path of a browser route on a site (`routePath(site, 'pages-terms')`), params filled in, or
   * null when no plugin on for that site has the route: server-written links (a server-rendered
   * page's footer) follow the one switch as the browser's do.
   */
  routePath(site: SiteSettings, name: string, params?: Record<string, string | number>): string | null;
  /** The handle a given plugin gets (seeds and test hooks run with their plugin's handle). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  forPlugin(p: ServerPlugin): PluginKernel<any, any>;
  /**
   * Registers the route of an endpoint contract on a scope: `kernel.serve(app, endpoint, [opts,]
   * async (req) => answer)`, the input typed and checked from the contract, the answer serialised
   * from it (kernel/server/endpoints.ts).
   */
  serve: Serve;
}

export interface SeedOptions {
  profiles: number;
  demo: boolean;
  /**
   * Set for the seeding before the server listens: make only what the first pages need (the demo
   * member and about this many profiles); the rest comes in a later call without it.
   */
  upTo?: number;
  /** Set for background seeding: stop between two small batches when aborted (the next start resumes). */
  signal?: AbortSignal;
}

/** The services a plugin uses, by name: refs of services its `requires` (or, wrapped in `optional`, its `optional`) plugins provide. */
export type DepRefs = Record<string, ServiceRef<unknown> | OptionalRef<unknown>>;
/** The services themselves, as the plugin receives them (an optional one may be absent). */
export type DepsOf<R> = { [K in keyof R]: R[K] extends OptionalRef<infer T> ? T | undefined : R[K] extends ServiceRef<infer T> ? T : never };

/**
 * A plugin's kernel handle with what it was given: `deps` (its services, resolved once before its
 * `init`) and `state` (what its `init` returned: its own objects, handed to its routes and jobs).
 */
export type PluginKernel<D = object, S = unknown> = Kernel & { readonly deps: D; readonly state: S };

/** What a plugin's server half adds to its descriptor. */
export interface ServerParts<R extends DepRefs = DepRefs, S = unknown> {
  /**
   * The services it uses (Backstage's `registerInit({ deps, init })`): `{ credits: creditsRef,
   * members: optional(membersRef) }`. Each ref's plugin must be in `requires` (or `optional` for an
   * optional ref): anything else fails at boot (and in the architecture test).
   */
  deps?: R;
  migrations?: Migration[];
  /**
   * Called once per app, in dependency order, before routes: offer services to other plugins and
   * make the plugin's own objects; what it returns is `kernel.state` in the hooks below.
   */
  init?(kernel: PluginKernel<DepsOf<R>, undefined>): S;
  /** Awaited once per app after migrations, in dependency order: e.g. load configuration into the database. */
  start?(kernel: PluginKernel<DepsOf<R>, S>): Promise<void>;
  /** Registers the plugin's API routes (its endpoints, under /api) on an encapsulated fastify context. */
  api?(app: FastifyInstance, kernel: PluginKernel<DepsOf<R>, S>): Promise<void> | void;
  /**
   * Registers pages the server renders itself (HTML, e.g. landers), at the paths of the plugin's
   * routes, on a context where `req.site` and `req.userId` are set; where the plugin is off for the
   * domain they fall through to the app's page (its 404).
   */
  pages?(app: FastifyInstance, kernel: PluginKernel<DepsOf<R>, S>): Promise<void> | void;
  /** Routes for end-to-end tests only (TEST_HOOKS=1, never in production), under /api/test/. */
  testRoutes?(app: FastifyInstance, kernel: PluginKernel<DepsOf<R>, S>): void;
  /** Idempotent demo/initial data; may return how many rows it added (0: nothing changed). */
  seed?(kernel: PluginKernel<DepsOf<R>, S>, opts: SeedOptions): Promise<void | number>;
  /**
   * Figures that two copies of the database must agree on, by name (`npm run db:move` reads them
   * on the embedded database and on the PostgreSQL copy, and keeps the copy only when they match):
   * the sums that matter to the plugin, such as credits' ledger per member. Read-only, on `db` only.
   */
  tallies?(db: DB): Promise<Record<string, number | string>>;
}

/** A server plugin: its descriptor (plugins/<id>/plugin.ts) plus its server half. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ServerPlugin = PluginDescriptor & ServerParts<DepRefs, any>;

export const defineServerPlugin = <const D extends PluginDescriptor, const R extends DepRefs = Record<never, never>, S = undefined>(
  descriptor: D, parts: ServerParts<R, S>,
): ServerPlugin => ({ ...descriptor, ...parts }) as ServerPlugin;

/**
 * Why a plugin's deps do not fit its descriptor (null when they do): every required service's plugin
 * is in `requires`, every optional one's in `requires` or `optional`.
 */
export function depsProblem(p: Pick<ServerPlugin, 'id' | 'requires' | 'optional' | 'deps'>): string | null {
  for (const [name, ref] of Object.entries(p.deps ?? {})) {
    const owner = ownerOf(ref);
    if (owner === p.id) return `plugin ${p.id}: deps.${name} is its own service ${ref.id}`;
    const optional = 'optional' in ref;
    if ((p.requires ?? []).includes(owner) || (optional && (p.optional ?? []).includes(owner))) continue;
    return `plugin ${p.id}: deps.${name} uses ${ref.id} of plugin ${owner}, which is not in its ${optional ? 'requires or optional' : 'requires'}`;
  }
  return null;
}

export { orderPlugins } from '../contract/plugin.ts';
