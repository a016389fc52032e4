import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, forbidden, HttpError } from '../../../kernel/server/errors.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { toLocale } from '../../../kernel/contract/locales.ts';
import { siteRegionCodes, type MembersService } from '../../members/server.ts';
import {
  afterPath, geocode, NAME_MAX, sexualityOf, signup, signupCheck, signupIssues, TRACKING_COOKIE, trackingFrom,
  type SignupIssue, type SignupRequest, type Tracking,
} from '../contract.ts';
import { readTrafficCookie, TRAFFIC_COOKIE } from '../../affiliates/contract.ts';
import { reverseGeocode } from './geocode.ts';
import { handoffRoutes, issueHandoff } from './handoff.ts';
import type { AccountService } from '../../account/server.ts';
import type { AuthService } from '../../auth/server.ts';

declare module '../../../kernel/server/events.ts' {
  interface ServerEvents {
    /**
     * A new account was made by signup (in-site or from a widget), with the visitor's tracking data
     * and, when the attribution cookie named one, the recorded traffic source (affiliates).
     */
    'signup:completed': { userId: number; domain: string; country: string; tracking: Tracking; source?: string };
  }
}
import type { CreditsService } from '../../credits/server.ts';

/** The services signup uses (injected: its `deps`). */
export interface SignupDeps { auth: AuthService; credits: CreditsService; members: MembersService; account: AccountService }

const issueError = (i: SignupIssue) => badRequest(i.code, `${i.field}: ${i.code}`, { field: i.field, ...i.params });

/**
 * The tracking data a visitor carries: from the request body (the widget on a partner's page),
 * else from the attribution cookie (affiliates' TRAFFIC_COOKIE, set by its visit endpoint), plus the
 * traffic source that cookie names.
 */
function trackingOf(req: FastifyRequest, body?: Tracking): { tracking: Tracking; source?: string } {
  const cookie = readTrafficCookie(req.cookies[TRAFFIC_COOKIE]);
  const fromBody = trackingFrom(body ?? {});
  return Object.keys(fromBody).length ? { tracking: fromBody, source: cookie.source } : cookie;
}

/** The `signups` setting: open, only for visitors from a traffic source, or by invitation. */
function assertSignupsOpen(req: FastifyRequest, { tracking, source }: { tracking: Tracking; source?: string }) {
  const mode = req.site.signups;
  if (mode === 'all') return;
  if (mode === 'with_trafficsource' && (Object.keys(tracking).length || source)) return;
  throw forbidden('signups_closed', 'Signing up is by invitation only.');
}

export function signupRoutes(app: FastifyInstance, kernel: Kernel, { auth, credits, members, account }: SignupDeps) {
  const regionsOf = (req: FastifyRequest) => (country: string) => siteRegionCodes(req.site.countries, country);

  const check = async (req: FastifyRequest, body: Partial<SignupRequest>, full: boolean) => {
    const carried = trackingOf(req, body.tracking);
    assertSignupsOpen(req, carried);
    const issues = signupIssues(body, regionsOf(req), kernel.clock.now());
    // A partial check (one step of the form) reports only the fields it was given.
    const relevant = full ? issues : issues.filter((i) => body[i.field] !== undefined);
    if (relevant.length) throw issueError(relevant[0]);
    if (body.email !== undefined) {
      const existing = await auth.findByEmail(body.email);
      if (existing?.deleted_at) throw new HttpError(409, 'account_deletion_pending', 'Deleted account still pending: use the emailed link or contact customer service', { field: 'email' });
      if (existing) throw new HttpError(409, 'email_exists', 'An account with this email already exists (log in)', { field: 'email' });
    }
    return carried;
  };

  // Checks one step while the member types (no account is made).
  kernel.serve(app, signupCheck, { rateLimit: { max: 60 * kernel.config.rateLimitFactor, timeWindow: '1 minute' } }, async (req) => {
    await check(req, req.body, false);
    return { ok: true as const };
  });

  // The user object as auth serialises it (its fields and every extension's), and the widget's hand-off link.
  const response = Type.Intersect([auth.responseSchema(), Type.Object({ handoff_url: Type.Optional(Type.String()) })]);
  kernel.serve(app, signup, { response, rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req, reply) => {
    if (req.userId != null) throw badRequest('already_logged_in', 'Log out before making another account.');
    const body = req.body;
    const { tracking, source } = await check(req, body, true);
    const language = toLocale(body.language) ?? requestLocale(req);
    let userId: number;
    try {
      userId = await kernel.db.transaction().execute(async (trx) => {
        // The app's clock (not the database's): the 4-hour welcome bonus counts from it.
        const id = await auth.createAccount({ email: body.email, password: body.password, status: 'not_confirmed', language, signup_date: kernel.clock.now() }, trx);
        const welcome = Math.max(0, Math.floor(Number(req.site.signup_credits) || 0));
        if (welcome) await credits.grant(id, welcome, 'signup', `signup:${id}`, trx);
        await members.createProfile(id, {
          name: body.name.trim().slice(0, NAME_MAX), gender: body.gender, sexuality: sexualityOf(body.gender, body.looking_for),
          birthdate: body.date_of_birth, country: body.country, region: body.region, city: (body.city ?? '').trim(),
          about: (body.signup_message ?? '').trim(), status: 'disabled', ...(body.interests?.length ? { interests: body.interests } : {}),
        }, trx);
        if (Object.keys(tracking).length) {
          await trx.insertInto('signup_tracking').values({ user_id: id, ...tracking, domain: req.site.domain }).execute();
        }
        // Others hear of it in the same transaction (an affiliate's attribution and postback, say).
        await kernel.events.emit('signup:completed', { userId: id, domain: req.site.domain, country: body.country, tracking, ...(source ? { source } : {}) }, trx, req.site);
        return id;
      });
    } catch (err) {
      // Two signups racing for one address: the unique index lets one through.
      if (/unique|duplicate/i.test(String((err as Error).message))) throw new HttpError(409, 'email_exists', 'An account with this email already exists (log in)', { field: 'email' });
      throw err;
    }
    // From the widget on a partner's page the cookie would be a third-party one: the member is
    // logged in on the site through the one-time hand-off link instead.
    if (!body.handoff) await auth.logIn(req, reply, userId);
    reply.clearCookie(TRACKING_COOKIE, { path: '/' });
    await account.sendActivation(req, userId);
    const user = await auth.userView(userId, req.site);
    if (!user) throw new HttpError(500, 'signup_failed', 'The new account could not be read.');
    // `after` (checked again here): where the hand-off link leads instead of the suggestions.
    return body.handoff ? { user, handoff_url: await issueHandoff(kernel, req.site, userId, afterPath(body.after)) } : { user };
  });

  kernel.serve(app, geocode, { rateLimit: { max: 30 * kernel.config.rateLimitFactor, timeWindow: '1 minute' } }, async (req) => {
    const { lat, lon } = req.query;
    const result = reverseGeocode(lat, lon, req.site.countries);
    if (!result) throw new HttpError(404, 'location_unknown', 'This location is outside the countries this site serves.');
    return { result };
  });

  handoffRoutes(app, kernel, { auth, members });
}
