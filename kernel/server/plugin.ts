import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { ServerConfig } from './config.ts';
import type { Storage } from './storage.ts';
import type { Sessions } from './sessions.ts';
import type { Sites } from './settings.ts';
import type { Services } from './services.ts';
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
  /** What the HTML shell carries for the first paint: `bootData.add(name, async (req) => value)`. */
  bootData: BootDataRegistry;
  /** Route access levels and members' roles: the accounts' owner provides `access.useRoles(lookup)`. */
  access: AccessControl;
  /** The ids of the plugins switched on for a site: the one switch (kernel/contract/plugin.ts). */
  enabled(site: SiteSettings): ReadonlySet<string>;
  self: PluginSelf;
  /** The handle a given plugin gets (seeds and test hooks run with their plugin's handle). */
  forPlugin(p: ServerPlugin): Kernel;
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

/** What a plugin's server half adds to its descriptor. */
export interface ServerParts {
  migrations?: Migration[];
  /** Called once per app, in dependency order, before routes: offer services to other plugins. */
  init?(kernel: Kernel): void;
  /** Awaited once per app after migrations, in dependency order: e.g. load configuration into the database. */
  start?(kernel: Kernel): Promise<void>;
  /** Registers the plugin's API routes (under /api) on an encapsulated fastify context. */
  api?(app: FastifyInstance, kernel: Kernel): Promise<void> | void;
  /** Routes for end-to-end tests only (TEST_HOOKS=1, never in production), under /api/test/. */
  testRoutes?(app: FastifyInstance, kernel: Kernel): void;
  /** Idempotent demo/initial data; may return how many rows it added (0: nothing changed). */
  seed?(kernel: Kernel, opts: SeedOptions): Promise<void | number>;
}

/** A server plugin: its descriptor (plugins/<id>/plugin.ts) plus its server half. */
export type ServerPlugin = PluginDescriptor & ServerParts;

export const defineServerPlugin = <const D extends PluginDescriptor>(descriptor: D, parts: ServerParts): ServerPlugin =>
  ({ ...descriptor, ...parts });

export { orderPlugins } from '../contract/plugin.ts';
