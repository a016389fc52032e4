import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AnyDB } from './db.ts';
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

/** What the kernel hands to every server plugin. */
export interface Kernel {
  db: AnyDB;
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

export interface ServerPlugin {
  id: string;
  /** Per-domain flag; absent = always on. When off for a domain, its routes answer 404 there. */
  feature?: string;
  requires?: string[];
  migrations?: Migration[];
  /** Called once per app, in dependency order, before routes: offer services to other plugins. */
  init?(kernel: Kernel): void;
  /** Awaited once per app after migrations, in dependency order: e.g. load configuration into the database. */
  start?(kernel: Kernel): Promise<void>;
  /** Registers the plugin's routes (under /api) on an encapsulated fastify context. */
  routes?(app: FastifyInstance, kernel: Kernel): Promise<void> | void;
  /** Routes for end-to-end tests only (TEST_HOOKS=1, never in production), under /api/test/. */
  testRoutes?(app: FastifyInstance, kernel: Kernel): void;
  /** Idempotent demo/initial data; may return how many rows it added (0: nothing changed). */
  seed?(kernel: Kernel, opts: SeedOptions): Promise<void | number>;
}

export const defineServerPlugin = (p: ServerPlugin): ServerPlugin => p;

/** Orders plugins so each comes after those it requires; fails loudly on a missing requirement. */
export function orderPlugins(plugins: ServerPlugin[]): ServerPlugin[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const out: ServerPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: ServerPlugin, trail: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting') throw new Error(`plugin cycle: ${[...trail, p.id].join(' -> ')}`);
    state.set(p.id, 'visiting');
    for (const r of p.requires ?? []) {
      const dep = byId.get(r);
      if (!dep) throw new Error(`plugin ${p.id} requires missing plugin ${r}`);
      visit(dep, [...trail, p.id]);
    }
    state.set(p.id, 'done');
    out.push(p);
  };
  for (const p of plugins) visit(p, []);
  return out;
}
