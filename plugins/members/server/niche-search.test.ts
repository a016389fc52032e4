import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { NICHE_AUDIENCES, PAGE_SIZE, type Audience, type MembersQuery, type MembersResponse } from '../contract.ts';
import { loadViewer, searchMembers } from './queries.ts';

// Niche domains (config/sites.json: she, bdsm, bbw, gilf, milf, gay.localhost) show their audience:
// a search without a filter of the member's own shows the audience only, one with a filter shows
// everyone it matches with the audience first; the default domain shows everyone. The swipe game
// deals the audience's cards first. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
const DOMAINS: Record<string, number> = {
  'localhost': 1, 'she.localhost': 2, 'bdsm.localhost': 3, 'bbw.localhost': 4, 'gilf.localhost': 5, 'milf.localhost': 6, 'gay.localhost': 7,
};

let t: TestApp;
interface Row { id: number; gender: string; sexuality: string; birthdate: Date; body_type: string; interests: string[]; country: string; last_seen: Date | null }
beforeAll(async () => { t = await createTestApp({ profiles: 400 }); }, 180_000);
afterAll(() => t?.close());

/** The members a search may show (active, visible, account there), read from the table. */
const listedNow = async (): Promise<Row[]> => (await t.kernel.db.selectFrom('profiles')
  .select(['user_id as id', 'gender', 'sexuality', 'birthdate', 'body_type', 'interests', 'country', 'last_seen'])
  .where('status', '=', 'active').where('invisible', '=', false).where('account_deleted', '=', false).execute())
  .map((r) => ({ ...r, id: Number(r.id), birthdate: new Date(r.birthdate), last_seen: r.last_seen ? new Date(r.last_seen) : null }));

const ageOf = (birth: Date) => {
  const now = new Date();
  return now.getFullYear() - birth.getFullYear() - (now < new Date(now.getFullYear(), birth.getMonth(), birth.getDate()) ? 1 : 0);
};
const seeks = (gender: string, sexuality: string, g: string) =>
  (gender === g && ['gay', 'lesbian', 'bi'].includes(sexuality)) || (gender !== g && ['hetero', 'bi'].includes(sexuality));
/** The audience written out in JS (the SQL is audience.ts's). */
const fits = (a: Audience, p: Row) => (!a.genders?.length || a.genders.includes(p.gender as never))
  && (!a.seeking?.length || a.seeking.some((g) => seeks(p.gender, p.sexuality, g)))
  && (a.min_age == null || ageOf(p.birthdate) >= a.min_age)
  && (a.max_age == null || ageOf(p.birthdate) <= a.max_age)
  && (!a.body_types?.length || a.body_types.includes(p.body_type as never))
  && (!a.interests_any?.length || a.interests_any.some((i) => p.interests.includes(i)));

/** Ids in search order: `first` before the rest, each most recently active first. */
const ordered = (rows: Row[], first: (p: Row) => boolean = () => false) => [...rows]
  .sort((a, b) => Number(first(b)) - Number(first(a)) || (b.last_seen?.getTime() ?? -Infinity) - (a.last_seen?.getTime() ?? -Infinity) || b.id - a.id)
  .map((p) => p.id);

const search = async (host: string, qs: string, cookie?: string) => {
  const res = await t.call({ method: 'GET', url: `/api/members.php?${qs}`, headers: { host }, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MembersResponse;
};

/** Every page of a search, its ids in order. */
async function allIds(host: string, qs: string, cookie?: string) {
  const first = await search(host, qs, cookie);
  const ids = first.profiles.map((p) => p.id);
  for (let page = 2; page <= Math.ceil(first.total / PAGE_SIZE); page++) {
    ids.push(...(await search(host, `${qs}${qs ? '&' : ''}page=${page}`, cookie)).profiles.map((p) => p.id));
  }
  return { ids, total: first.total, capped: first.total_capped };
}

describe('niche domains in the member search', () => {
  for (const [host, niche] of Object.entries(DOMAINS)) {
    it(`${host} (niche ${niche}) shows ${niche === 1 ? 'everyone' : 'its audience only'} to a visitor without a filter`, async () => {
      const audience = NICHE_AUDIENCES[niche];
      const listed = await listedNow();
      const want = ordered(listed.filter((p) => fits(audience, p)));
      expect(want.length).toBeGreaterThan(niche === 1 ? 400 : 40);
      const got = await allIds(host, '');
      expect(got.total).toBe(want.length);
      expect(got.ids).toEqual(want);
    }, 60_000);
  }

  it('the default domain shows both genders and every age on its first page; a niche domain only its own', async () => {
    const listed = await listedNow();
    const byId = new Map(listed.map((p) => [p.id, p]));
    const everyone = (await search('localhost', '')).profiles.map((p) => byId.get(p.id)!);
    expect(new Set(everyone.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
    const gilf = (await search('gilf.localhost', '')).profiles;
    expect(gilf.length).toBe(PAGE_SIZE);
    expect(gilf.every((p) => p.gender === 'female' && p.age >= 60)).toBe(true);
    const gay = (await search('gay.localhost', '')).profiles.map((p) => byId.get(p.id)!);
    expect(gay.every((p) => p.gender === 'male' && ['gay', 'bi'].includes(p.sexuality))).toBe(true);
  });

  it('with a filter of the member\'s own: everyone it matches, the audience first (signup suggestions: country and gender)', async () => {
    const me = await addMember(t, { gender: 'male' });
    const rest = (await listedNow()).filter((p) => p.id !== me.id);
    // gilf: women in GB, those of 60+ first.
    const gilf = NICHE_AUDIENCES[5];
    const women = rest.filter((p) => p.gender === 'female' && p.country === 'GB');
    expect((await allIds('gilf.localhost', 'country=GB&gender=female', me.cookie)).ids).toEqual(ordered(women, (p) => fits(gilf, p)));
    // bbw: everyone in DE, body type "fat" first.
    const de = rest.filter((p) => p.country === 'DE');
    const got = await allIds('bbw.localhost', 'country=DE', me.cookie);
    expect(got.ids).toEqual(ordered(de, (p) => fits(NICHE_AUDIENCES[4], p)));
    expect(got.total).toBe(de.length);
    // gay: men in GB, men looking for men first (the gender asked for is the audience's).
    const men = rest.filter((p) => p.gender === 'male' && p.country === 'GB');
    expect((await allIds('gay.localhost', 'country=GB&gender=male', me.cookie)).ids).toEqual(ordered(men, (p) => fits(NICHE_AUDIENCES[7], p)));
  }, 60_000);

  it('an explicit filter outside the audience wins: women on the gay domain, men of 30–40 on the gilf domain', async () => {
    const listed = await listedNow();
    const women = ordered(listed.filter((p) => p.gender === 'female'));
    expect((await allIds('gay.localhost', 'gender=female')).ids).toEqual(women);
    const men = ordered(listed.filter((p) => p.gender === 'male' && ageOf(p.birthdate) >= 30 && ageOf(p.birthdate) <= 40));
    expect((await allIds('gilf.localhost', 'gender=male&min_age=30&max_age=40')).ids).toEqual(men);
  }, 60_000);

  it('serves the same answers from the search cache as from SQL, for viewers and visitors, filters, interests and pages', async () => {
    const me = await addMember(t, { gender: 'female' });
    const ctx = async (viewerId: number | null) => ({ storage: t.kernel.storage, cdnPrefix: '', viewer: await loadViewer(t.database.db, viewerId) });
    const plain = (r: MembersResponse) => ({ ...r, profiles: r.profiles.map((p) => ({ ...p, main_image: p.main_image?.id ?? null })) });
    const sets = ['', 'country=GB', 'gender=female', 'interests=music,travelling,bondage', 'gender=male&min_age=25&max_age=50', 'country=NL&min_age=30&max_age=35&similar=true'];
    for (const [host, niche] of Object.entries(DOMAINS)) {
      const site = await t.kernel.sites.resolve(host);
      for (const set of sets) {
        for (const page of [1, 2, 5]) {
          const qs = `${set}${set ? '&' : ''}page=${page}`;
          const p = Object.fromEntries(new URLSearchParams(qs));
          const q = { ...p, min_age: p.min_age ? Number(p.min_age) : undefined, max_age: p.max_age ? Number(p.max_age) : undefined,
            page, similar: p.similar === 'true' } as MembersQuery;
          for (const viewer of [null, me]) {
            const want = plain(JSON.parse(JSON.stringify(await searchMembers(t.database.db, await ctx(viewer?.id ?? null), q, NICHE_AUDIENCES[niche]))));
            expect(site.niche).toBe(niche);
            for (let i = 0; i < 2; i++) expect(plain(await search(host, qs, viewer?.cookie)), `${host} ${qs} ${viewer ? 'member' : 'visitor'}`).toEqual(want);
          }
        }
      }
    }
  }, 120_000);

  it('follows an operator\'s audience at once (it is part of the cached lists\' keys)', async () => {
    const listed = await listedNow();
    const before = await search('she.localhost', '');
    expect(before.profiles.every((p) => p.gender === 'male')).toBe(true);
    await t.kernel.sites.update('she.localhost', { niche_audience: { genders: ['female'], min_age: 35, max_age: 55 } });
    try {
      const after = await search('she.localhost', '');
      expect(after.total).toBe(listed.filter((p) => fits(NICHE_AUDIENCES[6], p)).length);
      expect(after.profiles.every((p) => p.gender === 'female' && p.age >= 35 && p.age <= 55)).toBe(true);
    } finally {
      await t.kernel.sites.update('she.localhost', { niche_audience: null });
    }
    expect((await search('she.localhost', '')).total).toBe(before.total);
  });
});

describe('niche domains in the swipe game', () => {
  it('deals the audience\'s cards first (gilf: women of 60+ before other women); the default domain by country and activity', async () => {
    const me = await addMember(t, { gender: 'male' }); // hetero, GB: looks for women
    const cards = async (host: string) => {
      const res = await t.call({ method: 'GET', url: '/api/swipe.php', headers: { host }, cookie: me.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { cards: { id: number; gender: string; age: number }[] }).cards;
    };
    const gilf = await cards('gilf.localhost');
    expect(gilf.length).toBe(10);
    expect(gilf.every((c) => c.gender === 'female' && c.age >= 60)).toBe(true);
    const milf = await cards('milf.localhost');
    expect(milf.every((c) => c.gender === 'female' && c.age >= 35 && c.age <= 55)).toBe(true);
    const plain = await cards('localhost');
    expect(plain.every((c) => c.gender === 'female')).toBe(true);
    expect(plain.some((c) => c.age < 60)).toBe(true);
  });
});
