import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { INTEREST_KEYS, PAGE_SIZE } from '../contract.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 60 });
  cookie = sessionCookie(await t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } }));
});
afterAll(async () => { await t?.close(); });

const search = (qs: string, opts: { cookie?: string; host?: string } = { cookie: undefined }) =>
  t.call({ method: 'GET', url: `/api/members.php${qs}`, cookie: opts.cookie, headers: opts.host ? { host: opts.host } : {} });

describe('member search', () => {
  it('pages through every visible member except the searcher', async () => {
    const first = (await search('', { cookie })).json();
    expect(first.total).toBe(60);
    expect(first.page).toBe(1);
    expect(first.profiles).toHaveLength(PAGE_SIZE);
    expect(first.profiles.some((p: { name: string }) => p.name === 'Alex')).toBe(false);
    const last = (await search('?page=3', { cookie })).json();
    expect(last.profiles).toHaveLength(60 - 2 * PAGE_SIZE);
    const ids = new Set([...first.profiles, ...last.profiles].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(first.profiles.length + last.profiles.length);
  });

  it('filters by gender, country, region and age', async () => {
    const all = (await search('?page=1', { cookie })).json().profiles as { country: string; region: string }[];
    const { country, region } = all[0];
    const byCountry = (await search(`?country=${country}&min_age=18&max_age=80`, { cookie })).json();
    expect(byCountry.total).toBeGreaterThan(0);
    expect(byCountry.profiles.every((p: { country: string }) => p.country === country)).toBe(true);
    const byRegion = (await search(`?country=${country}&countryregion=${encodeURIComponent(region)}`, { cookie })).json();
    expect(byRegion.profiles.every((p: { region: string }) => p.region === region)).toBe(true);
    const women = (await search('?gender=female&min_age=30&max_age=45', { cookie })).json();
    for (const p of women.profiles) {
      expect(p.gender).toBe('female');
      expect(p.age).toBeGreaterThanOrEqual(30);
      expect(p.age).toBeLessThanOrEqual(45);
    }
    const none = (await search('?min_age=80&max_age=80&gender=male&country=FI', { cookie })).json();
    expect(none.total).toBe(none.profiles.length);
  });

  it('answers bad filters with 400 and a clear error', async () => {
    for (const qs of ['?min_age=abc', '?min_age=17', '?max_age=81', '?country=germany', '?gender=robot', '?page=0', '?sort=evil', '?countryregion=x']) {
      const res = await search(qs, { cookie });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error, qs).toBe('invalid_input');
    }
    expect((await search('?sort=evil', { cookie })).json()).toMatchObject({ message: 'querystring/sort is not an accepted parameter', params: { field: 'sort' } });
    expect((await search('?min_age=abc', { cookie })).json().message).toBe('querystring/min_age must be integer');
    const range = await search('?min_age=50&max_age=30', { cookie });
    expect(range.statusCode).toBe(400);
    expect(range.json().error).toBe('invalid_age_range');
  });

  it('lets visitors search only where the site allows it', async () => {
    expect((await search('')).statusCode).toBe(200);
    const closed = await search('', { host: 'private.localhost' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toBe('authentication_required');
    const withTraffic = await t.call({ method: 'GET', url: '/api/members.php', headers: { host: 'private.localhost' }, cookies: { tracking: '1' } });
    expect(withTraffic.statusCode).toBe(403); // private.localhost also closes search for traffic sources
    expect((await search('', { host: 'private.localhost', cookie })).statusCode).toBe(200);
  });
});

describe('member profile', () => {
  it('shows attributes, interests and photos that exist on disk', async () => {
    const id = (await search('', { cookie })).json().profiles[0].id;
    const res = await t.call({ method: 'GET', url: `/api/member.php?id=${id}`, cookie });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    for (const key of ['gender', 'sexuality', 'age', 'city', 'country', 'region', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'interests', 'signup_reason']) {
      expect(profile, key).toHaveProperty(key);
    }
    expect(profile.interests.length).toBeGreaterThan(0);
    expect(profile.images).toHaveLength(1);
    const img = await t.app.inject({ method: 'GET', url: profile.images[0].filename });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('answers unknown and malformed ids with 404 and 400', async () => {
    expect((await t.call({ method: 'GET', url: '/api/member.php?id=999999', cookie })).json().error).toBe('profile_not_found');
    expect((await t.call({ method: 'GET', url: '/api/member.php?id=abc', cookie })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/member.php', cookie })).statusCode).toBe(400);
  });
});

describe('vocabularies', () => {
  it('lists the interests with icons', async () => {
    const { interests } = (await t.call({ method: 'GET', url: '/api/interests.php' })).json();
    expect(interests.map((i: { key: string }) => i.key)).toEqual(INTEREST_KEYS);
    expect(interests.length).toBeGreaterThanOrEqual(50);
    expect(interests.every((i: { icon: string }) => i.icon.length > 0)).toBe(true);
  });

  it('lists regions with each country\'s region word', async () => {
    const { countries } = (await t.call({ method: 'GET', url: '/api/regions.php' })).json();
    const word = (c: string) => countries.find((x: { country: string }) => x.country === c)?.region_word;
    expect(word('PL')).toBe('voivodeship');
    expect(word('CH')).toBe('canton');
    expect(word('DE')).toBe('state');
    expect(word('NL')).toBe('province');
    expect(countries.find((x: { country: string }) => x.country === 'DE').regions).toHaveLength(16);
  });

  it('re-seeding is idempotent', async () => {
    const { runSeeds } = await import('../../../kernel/server/seed.ts');
    const { serverPlugins } = await import('../../server.ts');
    await runSeeds(t.kernel, serverPlugins, { demo: true, profiles: 60 });
    const { n } = await t.kernel.db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(61);
  });
});
