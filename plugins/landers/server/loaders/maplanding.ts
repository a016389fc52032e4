import { nicheRegionCounts } from '../../../members/server.ts';
import { REGION_CENTROIDS } from '../../../signup/server.ts';
import type { MapData, MapRegion } from '../../contract.ts';
import type { LanderLoader } from '../data.ts';
import { countryName, regionNames } from './alonetonight.ts';

/** The map's width in SVG units; its height follows the country's shape, at most MAX_HEIGHT. */
const WIDTH = 400;
const MAX_HEIGHT = 520;
const MIN_R = 4;
const MAX_R = 18;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A map of the visitor's country drawn from the project's own region data (no tiles, nothing from
 * elsewhere): each region's centre (signup's centroids) projected from latitude and longitude
 * (equirectangular, scaled by the cosine of the middle latitude), a circle sized by how many of the
 * niche's members live in that region. Only region centres and counts: never a member's position.
 */
const load: LanderLoader = async (ctx) => {
  const counts = await nicheRegionCounts(ctx.db, ctx.site, ctx.country);
  const names = regionNames(ctx.country);
  const points = [...names].flatMap(([code, name]) => {
    const at = REGION_CENTROIDS[`${ctx.country}/${code}`];
    return at ? [{ code, name, lat: at[0], lon: at[1], count: counts[code] ?? 0 }] : [];
  });
  const data: MapData = { country: ctx.country, countryName: countryName(ctx, ctx.country), width: WIDTH, height: 0, regions: [], total: 0 };
  if (!points.length) return { data: { ...data, height: 240 } };
  const midLat = (Math.min(...points.map((p) => p.lat)) + Math.max(...points.map((p) => p.lat))) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xy = points.map((p) => ({ ...p, px: p.lon * k, py: -p.lat }));
  // The land: a disc around each region centre about as wide as the way to its nearest neighbour
  // (within bounds around the median), so neighbours merge into the country's rough shape.
  const nearest = xy.map((a) => Math.min(...xy.filter((b) => b !== a).map((b) => Math.hypot(a.px - b.px, a.py - b.py))));
  const finite = nearest.filter(Number.isFinite).sort((a, b) => a - b);
  const median = finite.length ? finite[Math.floor(finite.length / 2)] : 0.5;
  const landOf = (i: number) => Math.min(Math.max(Number.isFinite(nearest[i]) ? nearest[i] * 0.9 : median, median * 0.8), median * 2.2);
  const margin = Math.max(...xy.map((_, i) => landOf(i)));
  const [minX, maxX] = [Math.min(...xy.map((p) => p.px)) - margin, Math.max(...xy.map((p) => p.px)) + margin];
  const [minY, maxY] = [Math.min(...xy.map((p) => p.py)) - margin, Math.max(...xy.map((p) => p.py)) + margin];
  const pad = MAX_R + 2;
  const scale = Math.min((WIDTH - 2 * pad) / Math.max(maxX - minX, 1e-6), (MAX_HEIGHT - 2 * pad) / Math.max(maxY - minY, 1e-6));
  const width = Math.round((maxX - minX) * scale + 2 * pad);
  const height = Math.round((maxY - minY) * scale + 2 * pad);
  const most = Math.max(1, ...xy.map((p) => p.count));
  const regions = xy.map((p, i): MapRegion => ({
    code: p.code, name: p.name, count: p.count,
    x: round((p.px - minX) * scale + pad), y: round((p.py - minY) * scale + pad),
    r: p.count ? round(MIN_R + (MAX_R - MIN_R) * Math.sqrt(p.count / most)) : 2,
    land: round(landOf(i) * scale),
  }));
  return { data: { ...data, width, height, regions, total: regions.reduce((n, r) => n + r.count, 0) } };
};
export default load;
