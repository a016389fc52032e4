import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { authenticationRequired, badRequest, notFound } from '../../../kernel/server/errors.ts';
import { GENDERS, INTEREST_KEYS, INTERESTS, MAX_AGE, MIN_AGE, type MembersQuery } from '../contract.ts';
import { GEO } from './seed/geo.ts';
import { loadProfile, searchMembers } from './queries.ts';

/** Visitors may browse only where the site allows it (or when they arrived through a traffic source). */
function assertMayBrowse(req: FastifyRequest) {
  if (req.userId != null) return;
  if (req.site.logged_out_search !== 'none') return;
  if (req.site.logged_out_search_trafficsource !== 'none' && req.cookies.tracking) return;
  throw authenticationRequired();
}

const age = { type: 'integer', minimum: MIN_AGE, maximum: MAX_AGE };

export async function membersRoutes(app: FastifyInstance, kernel: Kernel) {
  const ctx = (req: FastifyRequest) => ({ storage: kernel.storage, cdnPrefix: req.site.cdn_prefix ?? '' });

  app.get('/members.php', {
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          gender: { type: 'string', enum: [...GENDERS] },
          country: { type: 'string', pattern: '^[A-Z]{2}$' },
          countryregion: { type: 'string', minLength: 1, maxLength: 80 },
          min_age: age,
          max_age: age,
          page: { type: 'integer', minimum: 1, maximum: 10000 },
        },
      },
    },
  }, async (req) => {
    assertMayBrowse(req);
    const q = req.query as MembersQuery;
    if (q.min_age != null && q.max_age != null && q.min_age > q.max_age) {
      throw badRequest('invalid_age_range', 'min_age must not be above max_age');
    }
    if (q.countryregion && !q.country) throw badRequest('invalid_input', 'countryregion needs country');
    return searchMembers(kernel.db, ctx(req), q, req.userId);
  });

  app.get('/member.php', {
    schema: {
      querystring: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
      },
    },
  }, async (req) => {
    assertMayBrowse(req);
    const profile = await loadProfile(kernel.db, ctx(req), (req.query as { id: number }).id, req.userId);
    if (!profile) throw notFound('profile_not_found', 'This profile does not exist (anymore).');
    return { profile };
  });

  app.get('/regions.php', async (req) => ({
    countries: GEO.filter((c) => req.site.countries.includes(c.code)).map((c) => ({
      country: c.code,
      region_word: c.regionWord,
      regions: c.regions.map((r) => ({ code: r.code, name: r.name })),
    })),
  }));

  app.get('/interests.php', async () => ({
    interests: INTEREST_KEYS.map((key) => ({ key, icon: INTERESTS[key] })),
  }));
}
