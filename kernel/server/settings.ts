import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { AnyDB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { SiteSettings } from '../contract/settings.ts';

type Stored = Partial<Omit<SiteSettings, 'domain' | 'geoip_country' | 'geoip_selected_country'>>;
export interface SitesFile { default: Stored; domains: Record<string, Stored> }

/** Per-domain site settings: a `default` row plus per-domain overrides, stored in the database. */
export interface Sites {
  resolve(host: string, visitorCountry?: string | null): Promise<SiteSettings>;
  /** Inserts domains from the config file that the database does not have yet (operators' edits win). */
  seed(file: SitesFile): Promise<void>;
  update(domain: string, patch: Stored): Promise<void>;
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
  return {
    provide(patch) {
      provided = { ...provided, ...patch };
    },
    async resolve(host, visitorCountry) {
      const domain = normaliseHost(host || 'localhost');
      const base = (await load('default')) ?? {};
      const own = (await load(domain)) ?? {};
      const merged = { ...base, ...own, ...provided } as SiteSettings;
      const plugins = merged.plugins ?? ['*'];
      const countries = merged.countries ?? [];
      const geo = visitorCountry?.toUpperCase() ?? null;
      return {
        ...merged,
        domain,
        plugins: plugins.includes('*') ? allPlugins.filter((p) => !plugins.includes(`-${p}`)) : plugins,
        geoip_country: geo,
        geoip_selected_country: geo && countries.includes(geo) ? geo : (countries[0] ?? 'GB'),
      };
    },
    async seed(file) {
      const rows = [['default', file.default] as const, ...Object.entries(file.domains ?? {})];
      for (const [domain, settings] of rows) {
        await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings: JSON.stringify(settings) })
          .onConflict((oc) => oc.column('domain').doNothing()).execute();
      }
      cache.clear();
    },
    async update(domain, patch) {
      const current = (await load(normaliseHost(domain))) ?? {};
      const settings = JSON.stringify({ ...current, ...patch });
      await db.insertInto('kernel_sites').values({ domain: normaliseHost(domain), settings })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ settings, updated_at: new Date() })).execute();
      cache.clear();
    },
  };
}
