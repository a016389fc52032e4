import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import { badRequest } from '../../../kernel/server/errors.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { authRef } from '../../auth/server.ts';

/**
 * The hand-off from the embedded signup widget to the site: a widget on a partner's page cannot
 * rely on the site's cookie (third-party), so its signup answer carries a one-time link on the
 * site's own origin; opening it logs the new member in there (first-party cookie) and goes on to
 * the page the in-site signup ends on.
 */
export const HANDOFF_PURPOSE = 'signup-handoff';
export const HANDOFF_TTL_MS = 60_000;
export const HANDOFF_PATH = '/api/signup-handoff.php';
/** Where the in-site signup goes after its completion step (the suggestions, with the reminder). */
export const AFTER_HANDOFF = '/signup-matches?api_signup_complete=1';

/** A single-use link, valid 60 s, built from the site's canonical origin (never from the request's Host). */
export async function issueHandoff(kernel: Kernel, site: SiteSettings, userId: number): Promise<string> {
  const token = await kernel.tokens.issue({ purpose: HANDOFF_PURPOSE, userId, ttlMs: HANDOFF_TTL_MS, data: { domain: site.domain } });
  return siteLink(site, `${HANDOFF_PATH}?token=${token}`);
}

export function handoffRoutes(app: FastifyInstance, kernel: Kernel) {
  app.get('/signup-handoff.php', {
    config: { access: 'visitor', rateLimit: { max: 30 * kernel.config.rateLimitFactor, timeWindow: '1 minute' } },
    schema: {
      querystring: {
        type: 'object', required: ['token'], additionalProperties: false,
        properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
      },
    },
  }, async (req, reply) => {
    const { token } = req.query as { token: string };
    const found = await kernel.tokens.consume(HANDOFF_PURPOSE, token);
    if (!found) throw badRequest('handoff_invalid', 'This sign-in link is unknown, used or expired (it works once, for 60 seconds): log in instead.');
    // The link belongs to the site it was made for: the session cookie is that site's.
    if (found.data.domain !== req.site.domain) throw badRequest('handoff_invalid', 'This sign-in link belongs to another site.');
    await kernel.services.get(authRef).logIn(req, reply, found.userId);
    return reply.redirect(siteLink(req.site, AFTER_HANDOFF), 303);
  });
}
