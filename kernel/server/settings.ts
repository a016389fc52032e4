import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { AnyDB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { SiteSettings } from '../contract/settings.ts';

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

const CACHE_MS = 30_000;

export function dbSites(db: AnyDB, allPlugins: string[]): Sites {
  const cache = new Map<string, { at: number; value: Stored | null }>();
  const load = async (domain: string): Promise<Stored | null> => {
    const hit = cache.get(domain);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const row = await db.selectFrom('kernel_sites').select('settings').where('domain', '=', domain)
      .executeTakeFirst();
    const value = row ? (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) : null;
    cache.set(domain, { at: Date.now(), value });
    return value;
  };
  let provided: Partial<SiteSettings> = {};
  // Every API request resolves its site: the merged result per host and visitor country is kept
  // as long as the rows it comes from (and dropped with them on seed, update and provide).
  const resolved = new Map<string, { at: number; value: Promise<SiteSettings> }>();
  return {
    provide(patch) {
      provided = { ...provided, ...patch };
      resolved.clear();
    },
    async known(host) {
      const domain = normaliseHost(host || '');
      return domain !== '' && domain !== 'default' && (await load(domain)) != null;
    },
    resolve(host, visitorCountry) {
      const key = `${host}\n${visitorCountry ?? ''}`;
      const hit = resolved.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
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
        const merged = { ...base, ...own, ...provided } as SiteSettings;
        const plugins = merged.plugins ?? ['*'];
        const countries = merged.countries ?? [];
        const geo = visitorCountry?.toUpperCase() ?? null;
        return {
          ...merged,
          canonical_url: canonicalOrigin(merged.canonical_url) ?? '',
          domain,
          plugins: plugins.includes('*') ? allPlugins.filter((p) => !plugins.includes(`-${p}`)) : plugins,
          geoip_country: geo,
          geoip_selected_country: geo && countries.includes(geo) ? geo : (countries[0] ?? 'GB'),
        };
      })();
      resolved.set(key, { at: Date.now(), value });
      value.catch(() => resolved.delete(key));
      return value;
    },
    async seed(file) {
      const rows = [['default', file.default] as const, ...Object.entries(file.domains ?? {})];
      for (const [domain, settings] of rows) {
        // jsonb `file || stored`: keys the stored row lacks come from the file, the stored values win.
        await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings: JSON.stringify(settings) })
          .onConflict((oc) => oc.column('domain').doUpdateSet({ settings: sql`excluded.settings || kernel_sites.settings` })).execute();
      }
      cache.clear();
      resolved.clear();
    },
    async update(domain, patch) {
      if ('canonical_url' in patch) {
        const problem = canonicalProblem(normaliseHost(domain), patch.canonical_url, false);
        if (problem) throw new Error(problem);
      }
      const current = (await load(normaliseHost(domain))) ?? {};
      const settings = JSON.stringify({ ...current, ...patch });
      await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ settings, updated_at: new Date() })).execute();
      cache.clear();
      resolved.clear();
    },
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
