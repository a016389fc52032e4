import { GEO, pickNicheMembers } from '../../../members/server.ts';
import type { AloneTonightData, NearbyFace } from '../../contract.ts';
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
 * Members of the niche near the visitor (country by geo-IP): those of the visitor's country seen in
 * the last hour first, then that country's most recently active, so the page is never empty; only
 * when the country has too few, members elsewhere (seen recently first). Grouped by region ("near
 * you" by region, never by a member's position). Only members seen in the last minutes carry the
 * online badge.
 */
const load: LanderLoader = async (ctx) => {
  const base = { limit: COUNT, country: ctx.country };
  const recent = await pickNicheMembers(ctx.db, ctx.site, { ...base, seenWithinMinutes: RECENT_MINUTES });
  const active = await pickNicheMembers(ctx.db, ctx.site, { ...base, exclude: recent });
  const found = await ctx.members.summaries(null, [...recent, ...active], ctx.site.cdn_prefix);
  const here = (f: (typeof found)[number]) => f.country === ctx.country;
  const isRecent = new Set(recent);
  // The picks come the visitor's country first, each in order of last activity.
  const list = [
    ...found.filter((f) => here(f) && isRecent.has(f.id)), ...found.filter((f) => here(f) && !isRecent.has(f.id)),
    ...found.filter((f) => !here(f) && isRecent.has(f.id)), ...found.filter((f) => !here(f) && !isRecent.has(f.id)),
  ].slice(0, COUNT);
  const names = regionNames(ctx.country);
  const face = (f: (typeof found)[number]): NearbyFace => ({
    id: f.id, name: f.name, age: f.age, image: f.main_image?.match ?? null, online: f.online,
    place: here(f) ? names.get(f.region) ?? f.region : countryName(ctx, f.country),
  });
  const near = list.filter(here).map(face);
  const elsewhere = list.filter((f) => !here(f)).map(face);
  const data: AloneTonightData = {
    country: ctx.country, countryName: countryName(ctx, ctx.country), near, elsewhere,
    online: list.filter((f) => f.online).length,
  };
  return { data, hero: (near[0] ?? elsewhere[0])?.image ?? null };
};
export default load;
