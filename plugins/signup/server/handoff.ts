import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { notFound } from '../../../kernel/server/errors.ts';
import type { AuthService } from '../../auth/server.ts';
import type { MembersService } from '../../members/server.ts';
import { AFTER_SWITCH, afterPath, signupHandoff, signupSwitch, signupSwitchInfo } from '../contract.ts';

/**
 * The hand-off from the embedded signup widget to the site: a widget on a partner's page cannot
 * rely on the site's cookie (third-party), so its signup answer carries a one-time link on the
 * site's own origin; opening it logs the new member in there (first-party cookie) and goes on to
 * the page the in-site signup ends on.
 *
 * A browser already logged in as someone else is never switched silently (someone who signed up
 * through a widget could otherwise get a logged-in member to open their link and use the site as
 * them, login CSRF): the link becomes a switch link bound to that session, and the member is asked.
 */
export const HANDOFF_PURPOSE = 'signup-handoff';
export const HANDOFF_TTL_MS = 60_000;
export const HANDOFF_PATH = signupHandoff.path;
/** The question "switch accounts?" may wait this long for the member's answer. */
export const SWITCH_PURPOSE = 'signup-switch';
export const SWITCH_TTL_MS = 10 * 60_000;
/** Where the in-site signup goes after its completion step (the suggestions, with the reminder). */
export const AFTER_HANDOFF = AFTER_SWITCH;
/** Where a link that no longer works leads: the login page with its "link no longer valid" notice. */
export const HANDOFF_FAILED = '/login?login_link=failed';

/**
 * A single-use link, valid 60 s, built from the site's canonical origin (never from the request's
 * Host). `after`: a same-site path (signup's `afterPath`) the link leads to instead of the suggestions,
 * kept with the token (never in the link).
 */
export async function issueHandoff(kernel: Kernel, site: SiteSettings, userId: number, after?: string | null): Promise<string> {
  const token = await kernel.tokens.issue({ purpose: HANDOFF_PURPOSE, userId, ttlMs: HANDOFF_TTL_MS, data: { domain: site.domain, ...(after ? { after } : {}) } });
  return siteLink(site, `${HANDOFF_PATH}?token=${token}`);
}

/** Where a used hand-off (or switch) token leads: its `after` when it is still a same-site path, else the suggestions. */
const destination = (data: Record<string, unknown>) => afterPath(data.after) ?? AFTER_HANDOFF;

export function handoffRoutes(app: FastifyInstance, kernel: Kernel, { auth, members }: { auth: AuthService; members: MembersService }) {
  const rateLimit = { max: 30 * kernel.config.rateLimitFactor, timeWindow: '1 minute' };
  const name = async (userId: number) => (await members.basics([userId])).get(userId)?.name ?? '';

  kernel.serve(app, signupHandoff, { rateLimit }, async (req, reply) => {
    const { token } = req.query;
    const found = await kernel.tokens.consume(HANDOFF_PURPOSE, token);
    // A person followed this link: an unknown, used or expired one (it works once, for 60 s) or one
    // of another site (the session cookie is that site's) goes to the login page, which says the
    // link no longer works, in the visitor's language.
    if (!found || found.data.domain !== req.site.domain) return reply.redirect(siteLink(req.site, HANDOFF_FAILED), 303);
    if (req.userId != null && req.userId !== found.userId) {
      // Logged in as someone else: ask first (the signup-switch page), with a link only this session can use.
      const ask = await kernel.tokens.issue({
        purpose: SWITCH_PURPOSE, userId: found.userId, ttlMs: SWITCH_TTL_MS,
        data: { domain: req.site.domain, from: req.userId, ...(afterPath(found.data.after) ? { after: found.data.after } : {}) },
      });
      return reply.redirect(siteLink(req.site, `/signup-switch?token=${ask}`), 303);
    }
    if (req.userId == null) await auth.logIn(req, reply, found.userId);
    return reply.redirect(siteLink(req.site, destination(found.data)), 303);
  });

  /** Whom the switch link is for, and who is logged in now: what the page asks about. */
  kernel.serve(app, signupSwitchInfo, { rateLimit }, async (req) => {
    const { token } = req.query;
    const found = await kernel.tokens.peek(SWITCH_PURPOSE, token);
    if (!found || found.data.domain !== req.site.domain || found.data.from !== req.userId) throw notFound('link_invalid', 'Link expired or invalid, request a new email.');
    return { name: await name(found.userId), current: await name(req.userId!) };
  });

  /** The member said yes: the session that was asked becomes the new account's. */
  kernel.serve(app, signupSwitch, { rateLimit }, async (req, reply) => {
    const { token } = req.body;
    const found = await kernel.tokens.peek(SWITCH_PURPOSE, token);
    // Only the session it was made for (or, logged out meanwhile, nobody's) may use it.
    const mine = found && found.data.domain === req.site.domain && (req.userId == null || found.data.from === req.userId);
    const used = mine ? await kernel.tokens.consume(SWITCH_PURPOSE, token) : null;
    if (!used) throw notFound('link_invalid', 'Link expired or invalid, request a new email.');
    await auth.logIn(req, reply, used.userId);
    return { redirect: destination(used.data) };
  });
}
