import { GEO } from '../../members/server.ts';
import type { GeocodeResult } from '../contract.ts';
import { REGION_CENTROIDS } from './centroids.ts';

const toRad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(a: [number, number], b: [number, number]) {
  const dLat = toRad(b[0] - a[0]);
  const dLon = toRad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[0])) * Math.cos(toRad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Farther than this from every region we know, a location is not one of ours. */
const MAX_KM = 250;

/**
 * Reverse geocoding without calling anyone: the nearest region centre among the site's countries
 * (the location never leaves our server), with that region's main city.
 */
export function reverseGeocode(lat: number, lon: number, countries: string[]): GeocodeResult | null {
  let best: { km: number; country: string; region: string; city: string } | null = null;
  for (const c of GEO) {
    if (countries.length && !countries.includes(c.code)) continue;
    for (const r of c.regions) {
      const at = REGION_CENTROIDS[`${c.code}/${r.code}`];
      if (!at) continue;
      const km = distanceKm([lat, lon], at);
      if (!best || km < best.km) best = { km, country: c.code, region: r.code, city: r.cities[0] ?? '' };
    }
  }
  return best && best.km <= MAX_KM ? { country: best.country, region: best.region, city: best.city } : null;
}
