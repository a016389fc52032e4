import type { FastifyRequest } from 'fastify';

/**
 * The visitor's country without a GeoIP database: a CDN's country header when we sit behind a
 * trusted proxy, else the region of the browser's preferred language ("de-AT" -> AT).
 */
export function visitorCountry(req: FastifyRequest, trustProxy: boolean): string | null {
  if (trustProxy) {
    const h = req.headers['cf-ipcountry'] ?? req.headers['x-country-code'];
    if (typeof h === 'string' && /^[A-Za-z]{2}$/.test(h)) return h.toUpperCase();
  }
  const lang = req.headers['accept-language'];
  const m = typeof lang === 'string' ? /^[a-z]{2,3}-([A-Za-z]{2})\b/.exec(lang.split(',')[0].trim()) : null;
  return m ? m[1].toUpperCase() : null;
}
