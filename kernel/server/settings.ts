import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { SiteSettings } from '../contract/settings.ts';
import { settingProblem, type PluginSettings } from './plugin-settings.ts';
import { closeRedis } from './redis-close.ts';

type Stored = Partial<Omit<SiteSettings, 'domain' | 'geoip_country' | 'geoip_selected_country'>>;
export interface SitesFile { default: Stored; domains: Record<string, Stored> }

/** Per-domain site settings: a `default` row plus per-domain overrides, stored in the database. */
export interface Sites {
  /**
   * The settings of the site at this host. A host that is no configured domain gets the default
   * site: the `default` settings under the domain of the default canonical_url.
   */
  resolve(host: string, visitorCountry?: string | null): Promise<SiteSettings>;
  /** Whether the host is a configured domain (STRICT_HOSTS answers 421 to the others). */
  known(host: string): Promise<boolean>;
  /**
   * Inserts domains from the config file that the database does not have yet, and settings a
   * stored domain lacks (a setting added to the file later); values in the database (an operator's
   * edits) win.
   */
  seed(file: SitesFile): Promise<void>;
  update(domain: string, patch: Stored): Promise<void>;
  /** Every stored row (the `default` row and each domain's own values), as stored. */
  rows(): Promise<{ domain: string; settings: Stored; updated_at: Date }[]>;
  /**
   * Sets a row's own values in the caller's transaction (null removes one; a new domain gets a row),
   * unchecked (the caller checks): call `changed(domain)` once it committed.
   */
  write(db: DB, domain: string, patch: Record<string, unknown>, opts?: { create?: boolean }): Promise<{ before: Stored | null; after: Stored }>;
  /** Drops cached sites here and on every other instance (after a committed `write`). */
  changed(domain: string): void;
  /**
   * Fails when a site's canonical_url is missing or no http(s) origin, and in production when it
   * is not https: the server refuses to start rather than mail links to the wrong place.
   */
  check(opts: { production: boolean }): Promise<void>;
  /** Values the server itself decides for every domain (e.g. the push public key made at first start). */
  provide(patch: Partial<SiteSettings>): void;
}

export const siteMigrations: Migration[] = [{
  name: '001_sites',
  async up(db) {
    await sql`CREATE TABLE kernel_sites (
      domain text PRIMARY KEY,
      settings jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  },
}];

export async function readSitesFile(file: string): Promise<SitesFile> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as SitesFile;
}

/** "www.Example.com:3000" -> "example.com" */
export const normaliseHost = (host: string) =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '').replace(/\.$/, '');

/** "https://Example.com:443/x" -> "https://example.com"; null when not an http(s) URL with a host. */
export function canonicalOrigin(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname || u.username || u.password) return null;
    return u.origin;
  } catch {
    return null;
  }
}

/**
 * "https://example.com": where every absolute link the server writes for this site (mails, push,
 * unsubscribe links) points. Comes only from the site's configured canonical_url, never from a
 * request's Host or X-Forwarded-* headers.
 */
export function siteOrigin(site: Pick<SiteSettings, 'canonical_url' | 'domain'>): string {
  const origin = canonicalOrigin(site.canonical_url);
  if (!origin) throw new Error(`site ${site.domain} has no valid canonical_url (${String(site.canonical_url)})`);
  return origin;
}

/** An absolute link to a path of the site: siteOrigin + "/path" (the path must start with one "/"). */
export function siteLink(site: Pick<SiteSettings, 'canonical_url' | 'domain'>, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) throw new Error(`not a site path: ${path}`);
  return siteOrigin(site) + path;
}

const canonicalProblem = (domain: string, url: unknown, production: boolean): string | null => {
  const origin = canonicalOrigin(url);
  if (!origin) return `${domain}: canonical_url ${JSON.stringify(url ?? null)} is no http(s) URL`;
  if (production && !origin.startsWith('https:')) return `${domain}: canonical_url ${origin} must be https in production`;
  return null;
};

/** How long a site's rows and merged settings are kept when other instances tell of changes (or none can exist). */
export const SITES_CACHE_MS = 30_000;
/**
 * How long they are kept on PostgreSQL without Redis: several instances may share the database and
 * none hears of another's edits, so an edit reaches them within this time (one small SELECT per
 * domain and instance this often).
 */
export const SITES_SHARED_CACHE_MS = 2_000;

/** How instances tell each other that site settings changed (Redis pub/sub when REDIS_URL is set). */
export interface SitesFeed {
  /** Tells the other instances (not this one) that the settings of `domain` changed. */
  publish(domain: string): void;
  /** `fn` on each change another instance made. */
  subscribe(fn: (domain: string) => void): void;
}

/**
 * Site changes over Redis pub/sub (REDIS_URL): every instance drops its cached sites when another
 * one updates or seeds them. Malformed messages and Redis errors are logged, never thrown; while
 * the subscription is down an instance may miss a change: its cache still expires within SITES_CACHE_MS.
 */
export function redisSitesFeed(url: string, channel: string, log: Logger): SitesFeed & { close(): Promise<void> } {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  const origin = crypto.randomBytes(8).toString('hex'); // this instance dropped its own cache already
  const fns: ((domain: string) => void)[] = [];
  for (const r of [pub, sub]) r.on('error', (err) => log.warn({ err }, 'site change feed: redis error'));
  sub.subscribe(channel).catch((err) => log.warn({ err }, 'site change feed: subscribe failed'));
  sub.on('message', (ch, text) => {
    if (ch !== channel) return;
    const m = ((): { origin?: unknown; domain?: unknown } | null => {
      try { return JSON.parse(text) as { origin?: unknown; domain?: unknown } | null; } catch { return null; }
    })();
    if (!m || typeof m !== 'object' || typeof m.origin !== 'string' || typeof m.domain !== 'string') {
      log.warn({ channel, message: text.slice(0, 200) }, 'site change feed: malformed message ignored');
      return;
    }
    if (m.origin === origin) return;
    for (const fn of fns) {
      try { fn(m.domain); } catch (err) { log.warn({ err }, 'site change feed: listener failed'); }
    }
  });
  return {
    publish(domain) {
      try {
        pub.publish(channel, JSON.stringify({ origin, domain })).catch((err) => log.warn({ err }, 'site change not published'));
      } catch (err) {
        log.warn({ err }, 'site change not published');
      }
    },
    subscribe: (fn) => void fns.push(fn),
    close: () => closeRedis(pub, sub),
  };
}

/**
 * Outside production, a canonical_url on a loopback host (the demo's http://localhost:3000,
 * http://de.localhost:3000) follows the port the server listens on, so `PORT=4000 npm start`
 * mails links that work. Other hosts, and every host in production, stay as configured.
 */
export function followPort(origin: string, port: number | undefined): string {
  if (port == null || !origin) return origin;
  const u = new URL(origin);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host))) return origin;
  u.port = String(port);
  return u.origin;
}

export function dbSites(db: DB, allPlugins: string[], opts: { feed?: SitesFeed; cacheMs?: number; settings?: PluginSettings; loopbackPort?: number; lookups?: { hits: number; misses: number } } = {}): Sites {
  // The plugins' own defaults: a domain has every setting of every plugin, configured or not.
  const defaults = opts.settings?.defaults ?? {};
  const CACHE_MS = opts.cacheMs ?? SITES_CACHE_MS;
  // Bumped on every drop: a read that started before a drop does not put its (maybe old) result back.
  let generation = 0;
  const cache = new Map<string, { at: number; value: Stored | null }>();
  const load = async (domain: string): Promise<Stored | null> => {
    const hit = cache.get(domain);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const gen = generation;
    const row = await db.selectFrom('kernel_sites').select('settings').where('domain', '=', domain)
      .executeTakeFirst();
    const value = row ? (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) : null;
    if (gen === generation) cache.set(domain, { at: Date.now(), value });
    return value;
  };
  let provided: Partial<SiteSettings> = {};
  // Every API request resolves its site: the merged result per host and visitor country is kept
  // as long as the rows it comes from (and dropped with them on seed, update and provide, here and,
  // through the feed, on every other instance). Whatever is derived per site object (the JSON of
  // settings.php) follows by itself: a drop makes fresh objects.
  const resolved = new Map<string, { at: number; value: Promise<SiteSettings> }>();
  const drop = () => {
    generation++;
    cache.clear();
    resolved.clear();
  };
  opts.feed?.subscribe(drop);
  const changed = (domain: string) => {
    drop();
    opts.feed?.publish(domain);
  };
  return {
    provide(patch) {
      provided = { ...provided, ...patch };
      drop();
    },
    async known(host) {
      const domain = normaliseHost(host || '');
      return domain !== '' && domain !== 'default' && (await load(domain)) != null;
    },
    resolve(host, visitorCountry) {
      const key = `${host}\n${visitorCountry ?? ''}`;
      const hit = resolved.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) {
        if (opts.lookups) opts.lookups.hits++;
        return hit.value;
      }
      if (opts.lookups) opts.lookups.misses++;
      if (resolved.size >= 1000) resolved.clear(); // arbitrary Host headers cannot grow it without bound
      const value = (async (): Promise<SiteSettings> => {
        let domain = normaliseHost(host || '');
        const base = (await load('default')) ?? {};
        let own = domain && domain !== 'default' ? await load(domain) : null;
        if (!own) {
          // No configured domain: the default site, under the domain of its canonical_url.
          const origin = canonicalOrigin(base.canonical_url);
          domain = origin ? normaliseHost(new URL(origin).host) : 'localhost';
          own = (await load(domain)) ?? {};
        }
        const merged = { ...defaults, ...base, ...own, ...provided } as SiteSettings;
        const plugins = merged.plugins ?? ['*'];
        const countries = merged.countries ?? [];
        const geo = visitorCountry?.toUpperCase() ?? null;
        return {
          ...merged,
          canonical_url: followPort(canonicalOrigin(merged.canonical_url) ?? '', opts.loopbackPort),
          domain,
          plugins: plugins.includes('*') ? allPlugins.filter((p) => !plugins.includes(`-${p}`)) : plugins,
          geoip_country: geo,
          geoip_selected_country: geo && countries.includes(geo) ? geo : (countries[0] ?? 'GB'),
        };
      })();
      const entry = { at: Date.now(), value };
      const gen = generation;
      resolved.set(key, entry);
      // Merged from rows read before a drop: answered to its callers, not kept.
      value.then(() => { if (gen !== generation && resolved.get(key) === entry) resolved.delete(key); }, () => resolved.delete(key));
      return value;
    },
    async seed(file) {
      const rows = [['default', file.default] as const, ...Object.entries(file.domains ?? {})];
      for (const [domain, settings] of rows) {
        // jsonb `file || stored`: keys the stored row lacks come from the file, the stored values win.
        await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings: JSON.stringify(settings) })
          .onConflict((oc) => oc.column('domain').doUpdateSet({ settings: sql`excluded.settings || kernel_sites.settings` })).execute();
      }
      changed('*');
    },
    async update(domain, patch) {
      // A plugin's setting must fit its schema (an operator's typo must not break a site).
      for (const [name, value] of Object.entries(patch)) {
        const owner = opts.settings?.owners.get(name);
        const problem = owner ? settingProblem(owner.def.schema, value, name) : null;
        if (problem) throw new Error(`${owner!.plugin}: ${problem}`);
      }
      if ('canonical_url' in patch) {
        const problem = canonicalProblem(normaliseHost(domain), patch.canonical_url, false);
        if (problem) throw new Error(problem);
      }
      const current = (await load(normaliseHost(domain))) ?? {};
      const settings = JSON.stringify({ ...current, ...patch });
      await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ settings, updated_at: new Date() })).execute();
      changed(normaliseHost(domain));
    },
    async rows() {
      const rows = await db.selectFrom('kernel_sites').select(['domain', 'settings', 'updated_at']).orderBy('domain').execute();
      return rows.map((r) => ({ domain: r.domain, settings: (typeof r.settings === 'string' ? JSON.parse(r.settings) : r.settings) as Stored, updated_at: new Date(r.updated_at) }));
    },
    async write(on, rawDomain, patch, wopts = {}) {
      const domain = normaliseHost(rawDomain);
      const row = await on.selectFrom('kernel_sites').select('settings').where('domain', '=', domain).forUpdate().executeTakeFirst();
      if (!row && !wopts.create) throw new Error(`no domain ${domain}`);
      if (row && wopts.create) throw new Error(`domain ${domain} exists`);
      const before = row ? (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Stored : null;
      const after: Record<string, unknown> = { ...(before ?? {}) };
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) delete after[k];
        else after[k] = v;
      }
      const settings = JSON.stringify(after);
      if (row) await on.updateTable('kernel_sites').set({ settings, updated_at: new Date() }).where('domain', '=', domain).execute();
      else await on.insertInto('kernel_sites').values({ domain, settings }).execute();
      return { before, after: after as Stored };
    },
    changed,
    async check({ production }) {
      const rows = await db.selectFrom('kernel_sites').select(['domain', 'settings']).execute();
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Stored;
      const base = parse(rows.find((r) => r.domain === 'default')?.settings ?? '{}');
      const problems = rows.map((r) => canonicalProblem(r.domain, { ...base, ...parse(r.settings) }.canonical_url, production))
        .filter((p): p is string => p != null);
      if (problems.length) {
        throw new Error(`Site settings: every domain needs a canonical_url${production ? ' with https (NODE_ENV=production)' : ''} `
          + `(config/sites.json or kernel_sites): ${problems.join('; ')}`);
      }
    },
  };
}
