import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sites } from './settings.ts';
import { HttpError } from './errors.ts';

/**
 * Cross-origin access for the embeddable widgets (widgets/): the API and the widget files (fonts are
 * fetched with CORS) answer a page on another origin only when the domain lists that origin in its
 * `widget_origins` setting, with credentials. Every other origin gets no CORS headers at all (the
 * browser then refuses to hand the answer to that page); its preflights get a 403.
 */
const CORS_PATHS = /^\/(?:api|widgets)\//;
const ALLOWED_METHODS = 'GET, POST';
// X-Request-Type: client is the CSRF header every state-changing call carries (app.ts).
const ALLOWED_HEADERS = 'Content-Type, X-Request-Type, Accept';
const PREFLIGHT_MAX_AGE_S = 600;

/** "https://Partner.example:443" -> "https://partner.example"; null for anything that is no http(s) origin. */
export function normaliseOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300 || value === 'null') return null;
  try {
    const u = new URL(value);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** Whether the site lets a widget on `origin` call it. */
export function originAllowed(widgetOrigins: unknown, origin: string): boolean {
  return Array.isArray(widgetOrigins) && widgetOrigins.some((o) => normaliseOrigin(o) === origin);
}

function addVary(reply: FastifyReply, value: string) {
  const current = String(reply.getHeader('Vary') ?? '');
  if (!current.split(/\s*,\s*/).some((v) => v.toLowerCase() === value.toLowerCase() || v === '*')) {
    reply.header('Vary', current ? `${current}, ${value}` : value);
  }
}

/** Registers the CORS answers; call before the API's CSRF check so its refusals carry them too. */
export function registerCors(app: FastifyInstance, sites: Pick<Sites, 'resolve'>) {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!CORS_PATHS.test(req.url)) return;
    const raw = req.headers.origin;
    if (raw === undefined) return;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    const origin = normaliseOrigin(raw);
    const site = origin ? await sites.resolve(req.hostname) : null;
    if (!origin || !site || !originAllowed(site.widget_origins, origin)) {
      if (preflight) throw new HttpError(403, 'origin_not_allowed', 'This origin may not call this site.');
      return;
    }
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (!preflight) return;
    reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
    reply.header('Cache-Control', 'no-store');
    return reply.status(204).send();
  });
  // The answer depends on the Origin header: caches must keep one copy per origin (after the static
  // files' own Vary: Accept-Encoding, which would otherwise replace it).
  app.addHook('onSend', async (req, reply, payload) => {
    if (CORS_PATHS.test(req.url)) addVary(reply, 'Origin');
    return payload;
  });
}
