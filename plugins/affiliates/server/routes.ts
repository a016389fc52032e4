import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest } from '../../../kernel/server/errors.ts';
import { visitorCountry } from '../../../kernel/server/geo.ts';
import { trackingFrom } from '../../signup/contract.ts';
import { BOUNCE_WINDOW_MS, logBounce, recordVisit, TRAFFIC_COOKIE, TRAFFIC_DAYS, trafficCookieValue } from '../contract.ts';
import type { Attribution, Source } from './attribution.ts';

/** A click id as networks send them (letters, digits and a few marks), or null. */
const cleanClickId = (v: string | undefined) => {
  const id = (v ?? '').trim().replace(/[^A-Za-z0-9._~:@+-]/g, '').slice(0, 100);
  return id || null;
};

/** Without a visitor id from the page (no local storage), the address and browser stand in for one. */
const fallbackVisitor = (req: FastifyRequest) =>
  `h:${crypto.createHash('sha256').update(`${req.ip}|${req.headers['user-agent'] ?? ''}`).digest('base64url').slice(0, 32)}`;

/** The attribution cookie for a source (see TRAFFIC_COOKIE). */
export function setTrafficCookie(req: FastifyRequest, reply: FastifyReply, source: Source) {
  const tracking = trackingFrom({ network: source.network ?? undefined, ref: source.ref ?? undefined, sub1: source.sub1 ?? undefined, sub2: source.sub2 ?? undefined, sub3: source.sub3 ?? undefined });
  reply.setCookie(TRAFFIC_COOKIE, trafficCookieValue(tracking, source.id), {
    path: '/', maxAge: TRAFFIC_DAYS * 86_400, sameSite: 'lax', httpOnly: false,
    secure: req.protocol === 'https' || Boolean(req.site?.canonical_url?.startsWith('https:')),
  });
}

export function affiliateRoutes(app: FastifyInstance, kernel: Kernel, attribution: Attribution) {
  const limit = (max: number) => ({ rateLimit: { max: max * kernel.config.rateLimitFactor, timeWindow: '1 minute' } });

  kernel.serve(app, recordVisit, limit(30), async (req, reply) => {
    const b = req.body;
    const tracking = trackingFrom({ network: b.network, ref: b.ref, sub1: b.sub1, sub2: b.sub2, sub3: b.sub3 });
    const clickId = cleanClickId(b.click_id);
    if (!Object.keys(tracking).length && !clickId) throw badRequest('no_tracking', 'A visit needs tracking parameters (network, ref, sub1–3 or a click id).');
    const { source, recorded } = await attribution.recordVisit({
      domain: req.site.domain, visitor: b.visitor ?? fallbackVisitor(req), tracking, clickId,
      lander: b.lander ?? null, niche: b.niche ?? req.site.niche ?? null,
      country: visitorCountry(req, kernel.config.trustProxy), bounceLogging: b.lb === true,
    });
    setTrafficCookie(req, reply, source);
    return { source: source.id, recorded, bounce: source.bounce_logging };
  });

  kernel.serve(app, logBounce, limit(30), async (req) => {
    const b = req.body;
    const logged = await attribution.logBounce({
      domain: req.site.domain, source: b.source, visitor: b.visitor, timeOnPageMs: b.time_on_page_ms, interacted: b.interacted, windowMs: BOUNCE_WINDOW_MS,
    });
    return { logged };
  });
}
