import { GEO } from './seed/geo.ts';

/** The region codes of `country` when this site serves it, else null (signup and profile checks). */
export function siteRegionCodes(siteCountries: string[], country: string): string[] | null {
  if (!siteCountries.includes(country)) return null;
  return GEO.find((c) => c.code === country)?.regions.map((r) => r.code) ?? null;
}
