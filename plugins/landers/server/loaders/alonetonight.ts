import { GEO, pickNicheMembers } from '../../../members/server.ts';
import type { AloneTonightData, NearbyFace, RegionGroup } from '../../contract.ts';
import type { LanderContext, LanderLoader } from '../data.ts';

/** "Seen recently": members active within this many minutes lead the page. */
export const RECENT_MINUTES = 60;
const COUNT = 24;

/** The name of a country in the page's language ("Vereinigtes Königreich"), else its code. */
export function countryName(ctx: Pick<LanderContext, 'locale'>, country: string): string {
  try {
    return new Intl.DisplayNames([ctx.locale ?? 'en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** Each region code of a country with its name (members' region data). */
export function regionNames(country: string): Map<string, string> {
  return new Map((GEO.find((c) => c.code === country)?.regions ?? []).map((r) => [r.code, r.name]));
}

/**
 * Members of the niche seen in the last hour, the visitor's country first (geo-IP), topped up with
 * the most recently active so the page is never empty; grouped by region ("near you" by region,
 * never by a member's position). Only members seen in the last minutes carry the online badge.
 */
const load: LanderLoader = async (ctx) => {
  const base = { limit: COUNT, country: ctx.country };
  const recent = await pickNicheMembers(ctx.db, ctx.site, { ...base, seenWithinMinutes: RECENT_MINUTES });
  const more = recent.length < COUNT ? await pickNicheMembers(ctx.db, ctx.site, { ...base, limit: COUNT - recent.length, exclude: recent }) : [];
  const list = await ctx.members.summaries(null, [...recent, ...more], ctx.site.cdn_prefix);
  const names = regionNames(ctx.country);
  const byRegion = new Map<string, RegionGroup>();
  const elsewhere: NearbyFace[] = [];
  for (const f of list) {
    const face: NearbyFace = { id: f.id, name: f.name, age: f.age, image: f.main_image?.match ?? null, online: f.online };
    if (f.country !== ctx.country) { elsewhere.push(face); continue; }
    const group = byRegion.get(f.region) ?? { region: f.region, name: names.get(f.region) ?? f.region, faces: [] };
    group.faces.push(face);
    byRegion.set(f.region, group);
  }
  const groups = [...byRegion.values()].sort((a, b) => b.faces.length - a.faces.length || a.name.localeCompare(b.name));
  const data: AloneTonightData = {
    country: ctx.country, countryName: countryName(ctx, ctx.country), groups, elsewhere,
    online: list.filter((f) => f.online).length,
  };
  const first = groups[0]?.faces[0] ?? elsewhere[0];
  return { data, hero: first?.image ?? null };
};
export default load;
