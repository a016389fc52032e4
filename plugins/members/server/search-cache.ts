import { sql } from 'kysely';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { audienceOf, memberSearch, PAGE_SIZE, ProfileSummary, type Audience, type MembersQuery, type MembersResponse } from '../contract.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { jsonOf } from '../../../kernel/server/serialize.ts';
import { photoAccess } from './images.ts';
import { putBounded } from '../../../kernel/server/bounded.ts';
import {
  RANK_WINDOW, TOTAL_CAP, searchMembers, searchQueries, summaryColumns, summaryJoins, toSummary,
  type SummaryRow, type ViewContext, type Viewer,
} from './queries.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { paidUser } from '../../credits/server.ts';

/** How long a shared result list, a member's summary, a viewer's blocks and premium flag are kept. */
export const SEARCH_CACHE_MS = 10_000;
/** Ids kept per filter set: enough for "1000+" even after a viewer's own exclusions (self, blocks). */
export const SEARCH_LIST_SIZE = TOTAL_CAP + 200;
const MAX_LISTS = 500;
const MAX_MEMBERS = 20_000;
const MAX_VIEWERS = 10_000;
/** More changed members than this at once (a bulk write): every list goes instead of reading them. */
const MAX_FLUSH = 500;

/** `front`: how many of `ids` (the first ones) are of the site's audience put first (searchQueries). */
interface List { ids: Int32Array; shared: Uint8Array | null; front: number; complete: boolean; until: number }
/** What of a site the search depends on: its domain and its audience (members/contract.ts `audienceOf`). */
export type SearchSite = Pick<SiteSettings, 'domain' | 'niche' | 'niche_audience'>;
/** A member's summary row, and per photo access and CDN prefix the summary as sent (object and JSON). */
interface Member { row: SummaryRow; until: number; views: Map<string, { obj: ProfileSummary; json: string }> }
interface Expiring<T> { value: T; until: number }

/**
 * Searches answered with no SQL at all (`hits`) and the others (`misses`); of these, how many loaded
 * a list, member summaries, a viewer (blocks or premium flag), or ran the whole search in SQL.
 */
export interface SearchCacheStats { hits: number; misses: number; lists: number; summaries: number; viewers: number; sql: number }

/**
 * Member search served from memory for most requests (the few filter sets most members run):
 *
 * - per site, audience and normalised filter set, the first SEARCH_LIST_SIZE matching ids in
 *   result order (and their shared interests, and how many of them are of the site's audience put
 *   first), found with no viewer, kept SEARCH_CACHE_MS. Each request takes
 *   out the viewer and whoever they blocked or who blocked them, then cuts the page: the same ids
 *   in the same order as the SQL (searchQueries) would give this viewer, and the same total
 *   (exact below TOTAL_CAP, "1000+" above). Pages past the kept ids go to SQL.
 * - a list goes at once when a member in it changes (kernel/server/changes.ts: invisible mode,
 *   deleted account, profile, photos); members who newly match, and changes in last activity
 *   (the order), show within SEARCH_CACHE_MS.
 * - member summaries (name, age, city, photo key, premium, online) per member, dropped at the
 *   member's change notification, else kept SEARCH_CACHE_MS (online and age may lag that long).
 *   Blurred or full photos and signed links are made per request for the viewer.
 * - a viewer's blocks (both ways) and premium flag, SEARCH_CACHE_MS; blocks written through
 *   block.php drop both members' entries at once.
 * Nothing is served from memory while change notifications could be missed (`changes.live`).
 */
export function createSearchCache(kernel: Pick<Kernel, 'db' | 'changes' | 'clock'>, ttlMs = SEARCH_CACHE_MS) {
  const db = kernel.db;
  const lists = new Map<string, List>();
  const members = new Map<number, Member>();
  const blocks = new Map<number, Expiring<Set<number>>>();
  const premium = new Map<number, Expiring<boolean>>();
  const stats: SearchCacheStats = { hits: 0, misses: 0, lists: 0, summaries: 0, viewers: 0, sql: 0 };
  let epoch = 0;
  const now = () => kernel.clock.now().getTime();

  // The member may now match filter sets they were not in (visible again, new country, ...): lists
  // of their gender and country go too, once their rows are read (in batches; searches wait).
  let dirty = new Set<number>();
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    while (dirty.size) {
      const ids = [...dirty];
      dirty = new Set();
      if (ids.length > MAX_FLUSH) { lists.clear(); continue; }
      try {
        const rows = await db.selectFrom('profiles').select(['gender', 'country']).where('user_id', 'in', ids).execute();
        for (const key of [...lists.keys()]) {
          const [, gender, country] = JSON.parse(key) as [string, string | null, string | null];
          if (rows.some((p) => (gender == null || gender === p.gender) && (country == null || country === p.country))) lists.delete(key);
        }
      } catch {
        lists.clear();
      }
    }
  };
  const startFlush = () => {
    flushing = flush().finally(() => {
      flushing = null;
      if (dirty.size) startFlush();
    });
  };

  kernel.changes.onMember((id) => {
    epoch++;
    if (id == null) {
      lists.clear(); members.clear(); blocks.clear(); premium.clear();
      return;
    }
    members.delete(id);
    premium.delete(id);
    for (const [key, list] of lists) if (list.ids.includes(id)) lists.delete(key);
    dirty.add(id);
    if (!flushing) startFlush();
  });

  const usable = () => kernel.changes.live;

  interface Trace { sql: boolean }
  const untraced: Trace = { sql: false };

  async function viewer(userId: number | null, tr = untraced): Promise<Viewer> {
    if (userId == null) return { id: null, premium: false };
    const t = now();
    const hit = premium.get(userId);
    if (hit && hit.until > t && usable()) return { id: userId, premium: hit.value };
    tr.sql = true;
    stats.viewers++;
    const before = epoch;
    const value = await paidUser(db, userId);
    if (epoch === before && usable()) putBounded(premium, userId, { value, until: t + ttlMs }, MAX_VIEWERS);
    return { id: userId, premium: value };
  }

  async function blockSet(userId: number, tr: Trace): Promise<Set<number>> {
    const t = now();
    const hit = blocks.get(userId);
    if (hit && hit.until > t) return hit.value;
    tr.sql = true;
    stats.viewers++;
    const before = epoch;
    const { rows } = await sql<{ id: number }>`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${userId}
      UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${userId}`.execute(db);
    const value = new Set(rows.map((r) => Number(r.id)));
    if (epoch === before) putBounded(blocks, userId, { value, until: t + ttlMs }, MAX_VIEWERS);
    return value;
  }

  // Gender and country stay second and third (flush reads them); the audience's part comes last.
  const listKey = (site: string, q: MembersQuery, audienceKey: string) => JSON.stringify([site, q.gender ?? null, q.country ?? null, q.countryregion ?? null,
    q.min_age ?? null, q.max_age ?? null, [...new Set((q.interests ?? '').split(',').filter(Boolean))].sort().join(','), Boolean(q.similar), audienceKey]);

  async function list(site: string, audience: Audience, q: MembersQuery, tr: Trace, niche?: number): Promise<List | null> {
    const queries = searchQueries(null, { ...q, page: 1 }, audience, niche);
    if (!queries) return null;
    const key = listKey(site, q, queries.audienceKey);
    const t = now();
    const hit = lists.get(key);
    if (hit && hit.until > t) return hit;
    tr.sql = true;
    stats.lists++;
    const before = epoch;
    const { rows } = await queries.candidates(SEARCH_LIST_SIZE).execute(db);
    const value: List = {
      ids: Int32Array.from(rows, (r) => Number(r.id)),
      shared: queries.interests ? Uint8Array.from(rows, (r) => Number(r.shared)) : null,
      front: rows.filter((r) => Number(r.front) === 1).length,
      complete: rows.length < SEARCH_LIST_SIZE,
      until: t + ttlMs,
    };
    if (epoch === before && usable()) putBounded(lists, key, value, MAX_LISTS);
    return value;
  }

  /** The summaries of these members in this order, or null when one is gone or hidden meanwhile. */
  async function summaries(ids: number[], tr: Trace): Promise<Member[] | null> {
    const t = now();
    const missing = ids.filter((id) => !((members.get(id)?.until ?? 0) > t));
    if (missing.length) {
      tr.sql = true;
      stats.summaries++;
      const before = epoch;
      const { rows } = await sql<SummaryRow & { shown: boolean }>`SELECT ${summaryColumns},
        (p.status = 'active' AND NOT p.invisible AND NOT p.account_deleted) AS shown
        FROM profiles p ${summaryJoins} WHERE p.user_id = ANY(${missing}::int[])`.execute(db);
      if (rows.length !== missing.length || rows.some((r) => !r.shown)) return null;
      const loaded = new Map(rows.map(({ shown: _, ...row }) => [Number(row.id), { row, until: t + ttlMs, views: new Map() } as Member]));
      if (epoch === before && usable()) {
        for (const [id, m] of loaded) putBounded(members, id, m, MAX_MEMBERS);
      } else {
        // Changed meanwhile: use these rows for this answer only (a kept one dropped meanwhile: SQL).
        const rows = ids.map((id) => loaded.get(id) ?? members.get(id));
        return rows.every((m) => m !== undefined) ? rows : null;
      }
    }
    const out: Member[] = [];
    for (const id of ids) {
      const m = members.get(id);
      if (!m) return null;
      out.push(m);
    }
    return out;
  }

  /**
   * The summary as this viewer sees it: photo access ('full' for premium viewers, else 'main') and
   * signed links (stable within the hour, valid at least an hour) are the same for every viewer of
   * a kind, so they are made once per member entry.
   */
  function view(ctx: ViewContext, m: Member) {
    const key = `${photoAccess(ctx.viewer, Number(m.row.id), true)}\n${ctx.cdnPrefix}`;
    let v = m.views.get(key);
    if (!v) {
      const obj = toSummary(ctx, m.row);
      // Written from the contract's schema: a field it does not declare never leaves the server.
      m.views.set(key, v = { obj, json: jsonOf(ProfileSummary, obj) });
    }
    return v;
  }

  async function run(base: Omit<ViewContext, 'viewer'>, userId: number | null, site: SearchSite, q: MembersQuery) {
    const tr: Trace = { sql: false };
    // The niche is part of the list's key: which fictional profiles show depends on it.
    const res = await cachedSearch({ ...base, viewer: await viewer(userId, tr) }, `${site.domain}#${site.niche ?? ''}`, audienceOf(site), q, tr, site.niche);
    if (tr.sql) stats.misses++; else stats.hits++;
    return res;
  }

  /** The answer, and when it came from memory the profiles' JSON (see `searchJson`). */
  async function cachedSearch(ctx: ViewContext, site: string, audience: Audience, q: MembersQuery, tr: Trace, niche?: number): Promise<{ res: MembersResponse; parts?: string[] }> {
    const fallback = async () => { tr.sql = true; stats.sql++; return { res: await searchMembers(db, ctx, q, audience, niche) }; };
    if (!enabled) return fallback();
    if (!usable()) return fallback();
    const page = q.page ?? 1;
    const offset = (page - 1) * PAGE_SIZE;
    while (flushing) await flushing;
    const found = await list(site, audience, q, tr, niche);
    if (!found) return fallback();
    const viewerId = ctx.viewer.id;
    const out = viewerId == null ? null : await blockSet(viewerId, tr);
    let ids: number[] = [];
    let shared: number[] | null = found.shared ? [] : null;
    // How many of the viewer's ids are of the audience put first (they lead the list).
    let front = 0;
    for (let i = 0; i < found.ids.length; i++) {
      const id = found.ids[i];
      if (id === viewerId || out?.has(id)) continue;
      ids.push(id);
      shared?.push(found.shared![i]);
      if (i < found.front) front++;
    }
    // The viewer's matches: exactly `ids` when the list holds all; at least as many otherwise.
    const n = found.complete ? ids.length : ids.length > TOTAL_CAP ? TOTAL_CAP + 1 : -1;
    if (n < 0) return fallback();
    if (shared && offset < RANK_WINDOW) {
      // Within the window, the audience put first, then most shared interests; ties keep the order
      // of last activity (stable sort).
      if (!found.complete && ids.length < RANK_WINDOW) return fallback();
      const order = ids.slice(0, RANK_WINDOW).map((id, i) => ({ id, s: shared![i], i, f: i < front ? 1 : 0 }));
      order.sort((a, b) => b.f - a.f || b.s - a.s || a.i - b.i);
      ids = order.map((o) => o.id);
    }
    if (!found.complete && offset + PAGE_SIZE > ids.length) return fallback();
    const pageIds = ids.slice(offset, offset + PAGE_SIZE);
    const rows = await summaries(pageIds, tr);
    if (!rows) return fallback();
    const views = rows.map((m) => view(ctx, m));
    return {
      res: { profiles: views.map((v) => v.obj), total: Math.min(n, TOTAL_CAP), total_capped: n > TOTAL_CAP, page, per_page: PAGE_SIZE },
      parts: views.map((v) => v.json),
    };
  }

  let enabled = true;
  return {
    /** The search of queries.ts (searchMembers), from the shared lists where they reach. */
    async search(base: Omit<ViewContext, 'viewer'>, userId: number | null, site: SearchSite, q: MembersQuery): Promise<MembersResponse> {
      return (await run(base, userId, site, q)).res;
    },
    /** The same as JSON text, put together from each member's JSON made once. */
    async searchJson(base: Omit<ViewContext, 'viewer'>, userId: number | null, site: SearchSite, q: MembersQuery): Promise<string> {
      const { res, parts } = await run(base, userId, site, q);
      if (!parts) return jsonOf(memberSearch.response, res);
      return `{"profiles":[${parts.join(',')}],"total":${res.total},"total_capped":${res.total_capped},"page":${res.page},"per_page":${res.per_page}}`;
    },
    /** Off: every search runs its SQL (the benchmark's timing of the queries). */
    set enabled(on: boolean) { enabled = on; },
    viewer,
    /** A block between these members was written or removed: their block sets go at once. */
    blocksChanged(a: number, b: number) { epoch++; blocks.delete(a); blocks.delete(b); },
    stats,
    get sizes() { return { lists: lists.size, members: members.size, blocks: blocks.size }; },
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;

/** The members:search-cache service (a plugin's `deps`; tests and the benchmark read its stats). */
export const searchCacheRef = serviceRef<SearchCache>('members:search-cache');
