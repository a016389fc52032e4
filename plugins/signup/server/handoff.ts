import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
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
/** Where a link that no longer works leads: the login page with its "link no longer valid" notice. */
export const HANDOFF_FAILED = '/login?login_link=failed';

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
    // A person followed this link: an unknown, used or expired one (it works once, for 60 s) or one
    // of another site (the session cookie is that site's) goes to the login page, which says the
    // link no longer works, in the visitor's language.
    if (!found || found.data.domain !== req.site.domain) return reply.redirect(siteLink(req.site, HANDOFF_FAILED), 303);
    await kernel.services.get(authRef).logIn(req, reply, found.userId);
    return reply.redirect(siteLink(req.site, AFTER_HANDOFF), 303);
  });
}
