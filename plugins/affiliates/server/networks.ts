import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DB } from '../../../kernel/server/db.ts';
import type { Clock } from '../../../kernel/server/clock.ts';
import type { Sites } from '../../../kernel/server/settings.ts';
import { isLoopbackHost } from '../../../kernel/server/config.ts';
import { OutboundRefused, outboundUrlProblem, resolveChecked, type Resolver } from '../../../kernel/server/outbound.ts';
import { AFFILIATE_EVENTS, type AffiliateEvent, type NetworkView } from '../contract.ts';
import { expandTemplate, templateProblem, type NetworkConfig } from './postbacks.ts';
import type { AffiliateNetworksTable } from './tables.ts';

export type NetworkRow = Selectable<AffiliateNetworksTable>;

/** A new signing secret: 32 random bytes, URL-safe (43 characters). */
export const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** What the console shows of a secret: its last four characters. */
export const secretHint = (secret: string) => `…${secret.slice(-4)}`;

/** A network as the console shows it (no secret). */
export function networkView(r: NetworkRow): NetworkView {
  return {
    id: r.id, name: r.name, domain: r.domain || null, postback_url: r.postback_url, method: r.method,
    events: eventsOf(r), active: r.active, secret_hint: secretHint(r.secret), origin: r.origin,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** A network as the audit log keeps it: the secret only as a fingerprint (a change shows, the secret never does). */
export function networkAudit(r: NetworkRow | undefined | null) {
  if (!r) return null;
  const { secret_hint: _hint, updated_at: _at, ...rest } = networkView(r);
  return { ...rest, secret_sha256: crypto.createHash('sha256').update(r.secret).digest('hex').slice(0, 12) };
}

const eventsOf = (r: Pick<NetworkRow, 'events'>): AffiliateEvent[] => {
  const v: unknown = typeof r.events === 'string' ? JSON.parse(r.events) : r.events;
  return Array.isArray(v) ? v.filter((e): e is AffiliateEvent => (AFFILIATE_EVENTS as readonly string[]).includes(e)) : [...AFFILIATE_EVENTS];
};

/** Host names that never lead outside (refused at saving; the sender refuses their addresses anyway). */
const internalName = (host: string) => !host.includes('.') || /\.(localhost|local|internal|intranet|lan|home\.arpa|corp)$/i.test(host);
const SAMPLE = { click_id: 'c', ref: 'r', sub1: 's', sub2: 's', sub3: 's', event: 'signup', amount: '1.00', currency: 'EUR', payout_id: 'p' } as const;

/**
 * Why a postback URL template cannot be saved (a sentence), or null. The rules of the sender
 * (kernel/server/outbound.ts): https, no macro in the host, no user name or password, a host that
 * is no private, loopback, link-local or otherwise internal address and does not resolve to one.
 * A host that does not resolve now is accepted (the sender checks every time it sends).
 */
export async function checkTemplate(template: string, opts: { testHooks: boolean; resolve: Resolver; dnsTimeoutMs?: number }): Promise<string | null> {
  const problem = templateProblem(template);
  if (problem) return `The postback URL ${problem}.`;
  const expanded = expandTemplate(template, SAMPLE);
  if (!URL.canParse(expanded)) return 'The postback URL is no URL once its macros are filled in.';
  const url = new URL(expanded);
  const refused = outboundUrlProblem(url, { testHooks: opts.testHooks });
  if (refused) return `The postback URL ${refused}.`;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowance = opts.testHooks && isLoopbackHost(url.hostname);
  if (!allowance && internalName(host) && !/^[\d.]+$|:/.test(host)) return `The postback URL's host ${host} is an internal name.`;
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), opts.dnsTimeoutMs ?? 3000); });
    await Promise.race([resolveChecked(url, opts.resolve, { testHooks: opts.testHooks }), timeout]).finally(() => clearTimeout(timer));
  } catch (err) {
    if (err instanceof OutboundRefused) return `The postback URL's host is refused: ${err.message}.`;
    // No answer from DNS now: the sender checks again when it sends.
  }
  return null;
}

export interface NetworkInput {
  name: string;
  domain: string | null;
  postback_url: string;
  method: 'GET' | 'POST';
  events: AffiliateEvent[];
  active: boolean;
  secret: string;
}

export interface NetworksDeps { db: DB; clock: Clock }

/** Affiliate networks kept in the database: the console's, and those imported from the setting at a start. */
export function createNetworks({ db, clock }: NetworksDeps) {
  const list = async () => (await db.selectFrom('affiliate_networks').selectAll().orderBy('name').orderBy('domain').execute());

  const get = (trx: DB, id: number) => trx.selectFrom('affiliate_networks').selectAll().where('id', '=', id).executeTakeFirst();

  async function create(trx: DB, input: NetworkInput, origin: 'config' | 'console' = 'console'): Promise<NetworkRow | undefined> {
    const now = clock.now();
    return trx.insertInto('affiliate_networks').values({
      name: input.name, domain: input.domain ?? '', postback_url: input.postback_url, secret: input.secret, method: input.method,
      events: JSON.stringify(input.events), active: input.active, origin, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.columns(['name', 'domain']).doNothing()).returningAll().executeTakeFirst();
  }

  async function update(trx: DB, id: number, patch: Partial<Pick<NetworkInput, 'postback_url' | 'method' | 'events' | 'active' | 'secret'>>) {
    const { events, ...rest } = patch;
    return trx.updateTable('affiliate_networks')
      .set({ ...rest, ...(events ? { events: JSON.stringify(events) } : {}), updated_at: clock.now() })
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The postback configuration for a network's event on a domain: the database row for that domain,
   * else the one for every domain; an inactive row means none (null). `undefined`: the database has
   * no such network (the caller falls back to the setting).
   */
  async function find(name: string, domain: string): Promise<NetworkConfig | null | undefined> {
    const row = await db.selectFrom('affiliate_networks').selectAll().where('name', '=', name).where('domain', 'in', ['', domain])
      .orderBy('domain', 'desc').limit(1).executeTakeFirst();
    if (!row) return undefined;
    if (!row.active) return null;
    return { postback_url: row.postback_url, secret: row.secret, method: row.method, events: eventsOf(row) };
  }

  /**
   * The networks of the sites' `affiliate_networks` setting as rows (config ones stay as seeds): the
   * default row's for every domain, a domain's own for that domain; a row already there (made or
   * edited in the console) is left alone. Returns how many were added.
   */
  async function importSettings(sites: Sites): Promise<number> {
    let added = 0;
    for (const row of await sites.rows()) {
      const networks = row.settings.affiliate_networks;
      if (!networks || typeof networks !== 'object') continue;
      for (const [name, n] of Object.entries(networks as Record<string, NetworkConfig>)) {
        const made = await create(db, {
          name, domain: row.domain === 'default' ? null : row.domain, postback_url: n.postback_url, secret: n.secret,
          method: n.method ?? 'GET', events: [...(n.events ?? AFFILIATE_EVENTS)], active: true,
        }, 'config');
        if (made) added++;
      }
    }
    return added;
  }

  return { list, get, create, update, find, importSettings };
}
export type Networks = ReturnType<typeof createNetworks>;
