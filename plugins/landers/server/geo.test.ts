import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { INTEREST_KEYS } from '../../members/contract.ts';
import { INTERESTS } from '../../members/server.ts';
import { GEO, nicheInterestCounts, nicheRegionCounts, pickNicheMembers } from '../../members/server.ts';
import { REGION_CENTROIDS } from '../../signup/server.ts';
import type { AloneTonightData, IconsData, MapData } from '../contract.ts';
import { RECENT_MINUTES } from './loaders/alonetonight.ts';

// The geo landers: alonetonight (members seen recently near the visitor's country, by region),
// iconslanding (members' interests with counts, and the endpoint that counts the visitor's picks),
// maplanding (the visitor's country drawn from region centres, counts per region, no positions).
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 160 }); });
afterAll(() => t?.close());

type Boot<D> = { frame: { lander: string; niche: number; locale: string }; data: D };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bootOf = <D>(html: string) => JSON.parse(/<script type="application\/json" id="lander-boot">(.*?)<\/script>/s.exec(html)![1]) as Boot<D>;
type Tree = { [k: string]: string | Tree };
const texts = (ns: string, lng: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', ns, 'locales', `${lng}.json`), 'utf8')) as Tree;
const site = () => t.kernel.sites.resolve('localhost');

describe('alonetonight: members online now near the visitor, by region', () => {
  it('shows the niche\'s members of the visitor\'s country, those seen recently first, topped up with the most recently active, each labelled by region', async () => {
    const res = await get('/landers/alonetonight');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1>Alone tonight\? Members near you are online now<\/h1>/);
    expect(res.body).toMatch(/<a class="lr-cta [^"]*" href="\/signup" data-signup>/);
    expect(gzipSync(res.body).length).toBeLessThan(30 * 1024);
    const { frame, data } = bootOf<AloneTonightData>(res.body);
    expect(frame.lander).toBe('alonetonight');
    // No geo header, no language region: the site's first country.
    expect(data.country).toBe('GB');
    expect(data.countryName).toBe('United Kingdom');
    const shown = [...data.near, ...data.elsewhere];
    // Never empty: with few members online, the most recently active fill the page.
    expect(shown.length).toBe(24);
    const s = await site();
    const recent = await pickNicheMembers(t.kernel.db, s, { limit: 24, country: 'GB', seenWithinMinutes: RECENT_MINUTES });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(24);
    const ids = shown.map((f) => f.id);
    const { rows } = await sql<{ id: number; country: string; region: string; online: boolean; recent: boolean }>`SELECT user_id AS id, country, region,
      (NOT invisible AND last_seen > now() - interval '10 minutes') AS online, last_seen > now() - make_interval(mins => ${RECENT_MINUTES}) AS recent
      FROM profiles WHERE user_id = ANY(${[...ids, ...recent]}::int[])`.execute(t.kernel.db);
    const row = new Map(rows.map((r) => [Number(r.id), r]));
    // The visitor's country first: its members seen in the last hour, then its most recently active.
    const recentHere = recent.filter((id) => row.get(id)!.country === 'GB');
    expect(data.near.slice(0, recentHere.length).map((f) => f.id)).toEqual(recentHere);
    for (const f of data.near.slice(recentHere.length)) expect(row.get(f.id)!.recent).toBe(false);
    // 24 members of GB in this seed: nobody from elsewhere is needed.
    expect(data.elsewhere).toEqual([]);
    // Labelled by region ("near you" by region), named from members' region data.
    const gb = new Map(GEO.find((c) => c.code === 'GB')!.regions.map((r) => [r.code, r.name]));
    for (const f of data.near) {
      expect(row.get(f.id)!.country).toBe('GB');
      expect(f.place).toBe(gb.get(row.get(f.id)!.region));
    }
    // Never a member's position: a face is its id, name, age, picture, online flag and region; no town.
    for (const f of shown) expect(Object.keys(f).sort()).toEqual(['age', 'id', 'image', 'name', 'online', 'place']);
    // The online badge only on members really seen in the last minutes.
    for (const f of shown) expect(f.online, `member ${f.id}`).toBe(Boolean(row.get(f.id)!.online));
    expect(data.online).toBe(shown.filter((f) => f.online).length);
    expect((res.body.match(/class="lr-alonetonight-badge"/g) ?? []).length).toBe(data.online);
    for (const f of data.near) {
      const label = f.online ? `Chat with ${f.name}, ${f.age}, ${f.place}, online now` : `Chat with ${f.name}, ${f.age}, ${f.place}`;
      expect(res.body).toContain(`aria-label="${label.replace(/&/g, '&amp;')}"`);
    }
  });

  it('tops up with members elsewhere (seen recently first) when the visitor\'s country has too few', async () => {
    // Ireland: only a few of the seed live there.
    const res = await get('/landers/alonetonight', { 'accept-language': 'en-IE' });
    const { data } = bootOf<AloneTonightData>(res.body);
    expect(data.country).toBe('IE');
    expect(data.near.length + data.elsewhere.length).toBe(24);
    expect(data.elsewhere.length).toBeGreaterThan(0);
    expect(res.body).toContain('Further away');
    const names = new Set(GEO.map((c) => new Intl.DisplayNames(['en'], { type: 'region' }).of(c.code)));
    for (const f of data.elsewhere) expect(names.has(f.place)).toBe(true);
  });

  it('takes the visitor\'s country from geo-IP (here the browser\'s language region) and names it in the visitor\'s language', async () => {
    const de = await get('/landers/alonetonight', { 'accept-language': 'de-DE,de;q=0.9', cookie: 'i18n_redirected=de' });
    const { data, frame } = bootOf<AloneTonightData>(de.body);
    expect(frame.locale).toBe('de');
    expect(data.country).toBe('DE');
    expect(data.countryName).toBe('Deutschland');
    const names = new Set(GEO.find((c) => c.code === 'DE')!.regions.map((r) => r.name));
    for (const f of data.near) expect(names.has(f.place)).toBe(true);
    expect(de.body).toContain('Allein heute Abend?');
  });

  it('shows the slug\'s niche only (the gay niche: men seeking men)', async () => {
    const { data, frame } = bootOf<AloneTonightData>((await get('/landers/alonetonight/gay')).body);
    expect(frame.niche).toBe(7);
    const ids = [...data.near, ...data.elsewhere].map((f) => f.id);
    const { rows } = await sql<{ gender: string; sexuality: string }>`SELECT gender, sexuality FROM profiles WHERE user_id = ANY(${ids}::int[])`.execute(t.kernel.db);
    expect(rows.every((r) => r.gender === 'male' && ['gay', 'bi'].includes(r.sexuality))).toBe(true);
  });
});

describe('iconslanding: pick interests, see how many share them', () => {
  it('renders every member interest with its icon, its name in the visitor\'s language and how many of the niche share it', async () => {
    const res = await get('/landers/iconslanding', { cookie: 'i18n_redirected=nl' });
    expect(res.statusCode).toBe(200);
    expect(gzipSync(res.body).length).toBeLessThan(30 * 1024);
    const { data } = bootOf<IconsData>(res.body);
    expect(data.max).toBe(10);
    expect(data.interests.map((i) => i.key).sort()).toEqual([...INTEREST_KEYS].sort());
    const counts = await nicheInterestCounts(t.kernel.db, await site(), INTEREST_KEYS);
    const nl = texts('members', 'nl').interests as Record<string, string>;
    for (const i of data.interests) {
      expect(i.icon).toBe(INTERESTS[i.key as keyof typeof INTERESTS]);
      expect(i.label).toBe(nl[i.key]);
      expect(i.count).toBe(counts.each[i.key] ?? 0);
    }
    expect(data.total).toBe(counts.any);
    // The most shared first.
    expect(data.interests.map((i) => i.count)).toEqual([...data.interests.map((i) => i.count)].sort((a, b) => b - a));
    // Buttons that say whether they are picked; the call to action is a link to the signup without interests yet.
    expect((res.body.match(/aria-pressed="false"/g) ?? []).length).toBe(INTEREST_KEYS.length);
    expect(res.body).not.toMatch(/data-interests=/);
    expect(res.body).toMatch(/<a class="lr-cta lr-iconslanding-cta" href="\/signup" data-signup>/);
  });

  it('counts the picked interests through the landers\' endpoint (visitor access, typed, rate limited)', async () => {
    const s = await site();
    const res = await t.call({ method: 'GET', url: '/api/lander-interests.php?interests=hiking,coffee' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(res.json()).toEqual(await nicheInterestCounts(t.kernel.db, s, ['hiking', 'coffee']));
    expect(res.json().any).toBeGreaterThan(0);
    // Unknown keys are left out; none left: nobody.
    const odd = await t.call({ method: 'GET', url: '/api/lander-interests.php?interests=hiking,not_a_thing' });
    expect(odd.json()).toEqual(await nicheInterestCounts(t.kernel.db, s, ['hiking']));
    expect((await t.call({ method: 'GET', url: '/api/lander-interests.php?interests=' })).json()).toEqual({ any: 0, each: {} });
    // Another niche counts its own members.
    const gay = await t.call({ method: 'GET', url: '/api/lander-interests.php?interests=hiking&niche=7' });
    expect(gay.json()).toEqual(await nicheInterestCounts(t.kernel.db, { niche: 7, niche_audience: null }, ['hiking']));
    expect(gay.json().any).toBeLessThanOrEqual(res.json().each.hiking);
    // Malformed input is a 400 naming the field, never a 500.
    for (const q of ['interests=Hiking', 'interests=a;b', 'niche=2', 'interests=hiking&niche=9', `interests=${'a,'.repeat(400)}a`]) {
      const bad = await t.call({ method: 'GET', url: `/api/lander-interests.php?${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().error, q).toBe('invalid_input');
    }
  });
});

describe('maplanding: the visitor\'s country from region centres, counts per region', () => {
  it('draws an SVG of region centres with circles sized by members per region, labelled, and the same counts as a list', async () => {
    const res = await get('/landers/maplanding');
    expect(res.statusCode).toBe(200);
    expect(gzipSync(res.body).length).toBeLessThan(30 * 1024);
    const { data } = bootOf<MapData>(res.body);
    expect(data.country).toBe('GB');
    const counts = await nicheRegionCounts(t.kernel.db, await site(), 'GB');
    const gb = GEO.find((c) => c.code === 'GB')!.regions;
    expect(data.regions.map((r) => r.code).sort()).toEqual(gb.filter((r) => REGION_CENTROIDS[`GB/${r.code}`]).map((r) => r.code).sort());
    for (const r of data.regions) {
      expect(r.count).toBe(counts[r.code] ?? 0);
      expect(r.name).toBe(gb.find((g) => g.code === r.code)!.name);
    }
    expect(data.total).toBe(Object.entries(counts).filter(([code]) => REGION_CENTROIDS[`GB/${code}`]).reduce((n, [, c]) => n + c, 0));
    expect(data.total).toBeGreaterThan(0);
    // Each peopled region: a link to the signup named "<region>: <n> members" (and the list says the same).
    const peopled = data.regions.filter((r) => r.count > 0);
    for (const r of peopled) {
      const name = `${r.name}: ${r.count} ${r.count === 1 ? 'member' : 'members'}`.replace(/&/g, '&amp;');
      expect(res.body).toContain(`<a href="/signup" data-signup aria-label="${name}">`);
    }
    expect(res.body).toMatch(/<svg viewBox="0 0 \d+ \d+"[^>]*><title id="lr-maplanding-title">Map of United Kingdom with the number of members per region<\/title>/);
    expect(res.body).toContain('we never show where a member lives');
    // Bigger regions, bigger circles.
    const [most] = [...peopled].sort((a, b) => b.count - a.count);
    for (const r of peopled) expect(r.r).toBeLessThanOrEqual(most.r);
  });

  it('never holds a member\'s position: every circle sits on a region centre, projected from its latitude and longitude', async () => {
    const res = await get('/landers/maplanding');
    const { data } = bootOf<MapData>(res.body);
    const svg = /<svg[\s\S]*<\/svg>/.exec(res.body)![0];
    const centres = new Set(data.regions.map((r) => `${r.x},${r.y}`));
    const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)];
    // Two discs drawing the land and one circle per region: all at region centres.
    expect(circles.length).toBe(data.regions.length * 3);
    for (const [, cx, cy] of circles) expect(centres.has(`${cx},${cy}`)).toBe(true);
    // The projection keeps the centroids' order: further north is higher up, further east is further right.
    const at = (code: string) => REGION_CENTROIDS[`GB/${code}`];
    for (const a of data.regions) for (const b of data.regions) {
      if (at(a.code)[0] > at(b.code)[0] + 0.01) expect(a.y).toBeLessThan(b.y);
      if (at(a.code)[1] > at(b.code)[1] + 0.01) expect(a.x).toBeGreaterThan(b.x);
    }
    // Nothing about members but counts: no ids, names or towns in the page's data.
    for (const r of data.regions) expect(Object.keys(r).sort()).toEqual(['code', 'count', 'land', 'name', 'r', 'x', 'y']);
    const { rows } = await sql<{ name: string; city: string }>`SELECT name, city FROM profiles WHERE country = 'GB'`.execute(t.kernel.db);
    const regionNames = new Set(data.regions.map((r) => r.name));
    for (const r of rows) {
      if (!regionNames.has(r.city) && ![...regionNames].some((n) => n.includes(r.city))) expect(res.body).not.toContain(`>${r.city}<`);
      expect(res.body).not.toContain(`"${r.name}"`);
    }
  });

  it('maps the visitor\'s own country (geo-IP)', async () => {
    const res = await get('/landers/maplanding', { 'accept-language': 'nl-NL' });
    const { data } = bootOf<MapData>(res.body);
    expect(data.country).toBe('NL');
    expect(data.regions.map((r) => r.code).sort()).toEqual(GEO.find((c) => c.code === 'NL')!.regions.map((r) => r.code).sort());
  });
});
