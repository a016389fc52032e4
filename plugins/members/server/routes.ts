import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { authenticationRequired, badRequest, HttpError, notFound } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { sendPrepared } from '../../../kernel/contract/adapter.ts';
import {
  INTEREST_KEYS, blockMember, blockedMembers, interests, memberProfile, memberSearch, regions, reportMember, unblockMember,
  type MemberResponse, type MembersResponse,
} from '../contract.ts';
import { INTERESTS } from '../interests.ts';
import { jsonOf } from '../../../kernel/server/serialize.ts';
import { GEO } from './seed/geo.ts';
import { loadProfile, type ViewContext } from './queries.ts';
import type { SearchCache } from './search-cache.ts';
import type { MembersService } from './service.ts';
import { hasTrafficSource, TRAFFIC_COOKIE } from '../../affiliates/contract.ts';

/** Visitors may browse only where the site allows it (or when they arrived through a traffic source). */
function assertMayBrowse(req: FastifyRequest) {
  if (req.userId != null) return;
  if (req.site.logged_out_search !== 'none') return;
  if (req.site.logged_out_search_trafficsource !== 'none' && hasTrafficSource(req.cookies[TRAFFIC_COOKIE])) return;
  throw authenticationRequired();
}

const gone = () => notFound('profile_not_found', 'This profile does not exist (anymore).');

export async function membersRoutes(app: FastifyInstance, kernel: Kernel, members: MembersService, cache: SearchCache) {
  // Searches come from shared short-lived result lists (search-cache.ts); the viewer's premium flag too.
  const base = (req: FastifyRequest) => ({ storage: kernel.storage, cdnPrefix: req.site.cdn_prefix ?? '' });
  const ctx = async (req: FastifyRequest): Promise<ViewContext> => ({ ...base(req), viewer: await cache.viewer(req.userId) });

  // The first page of the unfiltered search rides in the HTML of /members (and of / for members,
  // who land there): the page shows the cards, and their photos start, without a round trip to the
  // API first. An address with filters or another page asks the API as before.
  kernel.bootData.add('members-search', async (req) => {
    const [pathname, qs = ''] = req.url.split('?');
    if (pathname !== '/members' && !(pathname === '/' && req.userId != null)) return null;
    if (!req.site.plugins.includes('members')) return null;
    const query = new URLSearchParams(qs);
    if (['gender', 'country', 'countryregion', 'min_age', 'max_age', 'interests'].some((k) => query.has(k)) || (query.get('page') ?? '1') !== '1') return null;
    try { assertMayBrowse(req); } catch { return null; }
    return cache.search(base(req), req.userId, req.site, { page: 1 });
  }, {
    // The first cards' photos are the page's largest paint: they download beside the scripts.
    images: (found: MembersResponse) => found.profiles.flatMap((p) => (p.main_image ? [p.main_image.thumb_filename] : [])),
  });

  // A profile's address carries that profile as profile.php answers it (the same rules: invisible
  // and blocked members are absent): the page is rendered on the server and its photo starts at once.
  kernel.bootData.add('member-profile', async (req) => {
    const m = /^\/members\/(\d{1,10})\/?$/.exec(req.url.split('?')[0]);
    if (!m || !req.site.plugins.includes('members')) return null;
    try { assertMayBrowse(req); } catch { return null; }
    const id = Number(m[1]);
    if (id < 1 || id > 2 ** 31 - 1 || !(await members.mayKnow(req.userId ?? null, id))) return null;
    // Blocked by them: the page asks the API and says so (403 'blocked').
    const profile = await loadProfile(kernel.db, await ctx(req), id).catch((err: unknown) => {
      if (err instanceof HttpError) return null;
      throw err;
    });
    // Written through the answer's schema: exactly what the API would send, nothing more.
    return profile ? JSON.parse(jsonOf(memberProfile.response, { profile })) as MemberResponse : null;
  }, {
    images: (found: MemberResponse) => (found.profile.main_image ? [found.profile.main_image.filename] : []),
  });

  // Visitors too, where the site lets them search (assertMayBrowse); members see more.
  kernel.serve(app, memberSearch, async (req, reply) => {
    assertMayBrowse(req);
    const q = req.query;
    if (q.min_age != null && q.max_age != null && q.min_age > q.max_age) {
      throw badRequest('invalid_age_range', 'min_age must not be above max_age');
    }
    if (q.countryregion && !q.country) throw badRequest('invalid_input', 'countryregion needs country');
    // Put together from each member's JSON made once (search-cache.ts): sent as made.
    return sendPrepared(reply, await cache.searchJson(base(req), req.userId, req.site, q));
  });

  kernel.serve(app, memberProfile, async (req) => {
    assertMayBrowse(req);
    const { id } = req.query;
    // Invisible members are absent for whoever is not in touch with them (the rule: service.ts, mayKnow).
    if (!(await members.mayKnow(req.userId ?? null, id))) throw gone();
    const profile = await loadProfile(kernel.db, await ctx(req), id);
    if (!profile) throw gone();
    return { profile };
  });

  // Blocking: the blocked member can neither see nor contact the blocker; unblocking restores both.
  kernel.serve(app, blockMember, async (req) => {
    const userId = memberId(req);
    const { id } = req.body;
    if (id === userId) throw badRequest('invalid_input', 'You cannot block yourself');
    const target = await kernel.db.selectFrom('profiles').select('name').where('user_id', '=', id).executeTakeFirst();
    if (!target || !(await members.mayKnow(userId, id))) throw gone();
    await kernel.db.insertInto('blocks').values({ blocker_id: userId, blocked_id: id })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing()).execute();
    cache.blocksChanged(userId, id);
    return { blocked: true } as const;
  });
  kernel.serve(app, unblockMember, async (req) => {
    const userId = memberId(req);
    const { id } = req.body;
    await kernel.db.deleteFrom('blocks').where('blocker_id', '=', userId).where('blocked_id', '=', id).execute();
    cache.blocksChanged(userId, id);
    return { blocked: false } as const;
  });
  kernel.serve(app, blockedMembers, async (req) => {
    const userId = memberId(req);
    const rows = await kernel.db.selectFrom('blocks as b').innerJoin('profiles as p', 'p.user_id', 'b.blocked_id')
      .select(['p.user_id as id', 'p.name']).where('b.blocker_id', '=', userId).orderBy('b.created_at', 'desc').execute();
    return { blocked: rows };
  });

  kernel.serve(app, reportMember, { rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const userId = memberId(req);
    const { id, reason, comment = '' } = req.body;
    if (id === userId) throw badRequest('invalid_input', 'You cannot report yourself');
    const target = await kernel.db.selectFrom('profiles').select('name').where('user_id', '=', id).executeTakeFirst();
    if (!target || !(await members.mayKnow(userId, id))) throw gone();
    // One report per member and day is enough for support; repeats are accepted and not stored twice.
    const recent = await kernel.db.selectFrom('reports').select('id').where('reporter_id', '=', userId).where('reported_id', '=', id)
      .where('created_at', '>', new Date(kernel.clock.now().getTime() - 86400_000)).executeTakeFirst();
    if (!recent) await kernel.db.insertInto('reports').values({ reporter_id: userId, reported_id: id, reason, comment: comment.trim(), created_at: kernel.clock.now() }).execute();
    return { reported: true } as const;
  });

  kernel.serve(app, regions, async (req) => ({
    countries: GEO.filter((c) => req.site.countries.includes(c.code)).map((c) => ({
      country: c.code,
      region_word: c.regionWord,
      regions: c.regions.map((r) => ({ code: r.code, name: r.name })),
    })),
  }));

  kernel.serve(app, interests, async () => ({
    interests: INTEREST_KEYS.map((key) => ({ key, icon: INTERESTS[key] })),
  }));
}
