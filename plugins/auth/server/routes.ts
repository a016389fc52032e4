import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { HttpError } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { accountDisabled, pendingDeletion, type AuthService } from './service.ts';
import { SESSION_COOKIE } from '../../../kernel/server/sessions.ts';
import { clearFailures, loginDelay, recordFailure, rememberAddress, type LoginDelay } from './throttle.ts';
import { LOGIN_LINK_PURPOSE, maybeMailLoginLink } from './login-link.ts';
import { currentUser as getUserEndpoint, login, loginLink, logout, saveLanguage } from '../contract.ts';
import { lastSeenWriter } from './last-seen.ts';
import { userViewCache } from './view-cache.ts';
import { jsonOf } from '../../../kernel/server/serialize.ts';

export async function authRoutes(app: FastifyInstance, kernel: Kernel, auth: AuthService) {
  const db = kernel.db;
  // Verifying against a real hash when the email is unknown keeps response times alike.
  let dummyHash: Promise<string> | null = null;
  // Auth's fields and every extension's: what leaves the server is what they declare.
  const response = auth.responseSchema();

  const currentUser = async (req: FastifyRequest) => {
    const user = await auth.userView(memberId(req), req.site);
    if (!user) throw new HttpError(403, 'authentication_required', 'authentication_required: account no longer exists');
    return user;
  };

  // Logging in: the body's email and password only (anything else, a `role` say, is never read).
  kernel.serve(app, login, { response, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (req, reply) => {
    const { password } = req.body;
    const email = req.body.email.trim().toLowerCase();
    const row = await db.selectFrom('users').select(['id', 'email', 'language', 'password_hash', 'deleted_at', 'disabled_at'])
      .where(sql`lower(email)`, '=', email).executeTakeFirst();
    // Repeated failures delay the address that failed (and, for the account's failures, only
    // addresses that never logged in to it): nobody can lock the owner out. No password is
    // checked while an address waits, so waiting attempts teach an attacker nothing.
    const delayOf = () => loginDelay(db, { email, ip: req.ip, userId: row ? Number(row.id) : null, now: kernel.clock.now(), addressFactor: kernel.config.rateLimitFactor });
    const waiting = await delayOf();
    if (waiting.seconds > 0) throw loginDelayed(reply, waiting);
    dummyHash ??= auth.hashPassword('not-a-real-password');
    const ok = row?.password_hash
      ? await auth.verifyPassword(row.password_hash, password)
      : (await auth.verifyPassword(await dummyHash, password), false);
    if (!row || !ok) {
      await recordFailure(db, email, req.ip, kernel.clock.now());
      if (row?.password_hash && !row.deleted_at) {
        await maybeMailLoginLink(kernel, req, { id: Number(row.id), email: row.email, language: row.language });
      }
      const after = await delayOf();
      if (after.seconds > 0) throw loginDelayed(reply, after);
      throw new HttpError(401, 'login_failed', 'Login failed, please try again.');
    }
    await clearFailures(db, email, req.ip);
    // A member who asked to leave keeps the account (and the way back) for 14 days, without logging in.
    if (row.deleted_at) throw pendingDeletion();
    // Disabled by an operator (the console's members section): no way in until enabled again.
    if (row.disabled_at) throw accountDisabled();
    await rememberAddress(db, row.id, req.ip, kernel.clock.now());
    await auth.logIn(req, reply, row.id);
    const user = await auth.userView(row.id, req.site);
    if (!user) throw new HttpError(401, 'login_failed', 'Login failed, please try again.');
    return { user };
  });

  // The link of the login-link mail: logs the owner in once, then sends the browser to the members area.
  kernel.serve(app, loginLink, { rateLimit: { max: 30 * kernel.config.rateLimitFactor, timeWindow: '1 minute' } }, async (req, reply) => {
    const used = await kernel.tokens.consume(LOGIN_LINK_PURPOSE, req.query.token ?? '');
    const u = used && await db.selectFrom('users').select(['id', 'email', 'deleted_at', 'disabled_at']).where('id', '=', used.userId).executeTakeFirst();
    if (!u || u.deleted_at || u.disabled_at) return reply.redirect('/login?login_link=failed', 302);
    await clearFailures(db, String(u.email).toLowerCase(), req.ip);
    await rememberAddress(db, u.id, req.ip, kernel.clock.now());
    await auth.logIn(req, reply, u.id);
    return reply.redirect(kernel.enabled(req.site).has('members') ? '/members' : '/', 302);
  });

  const touchLastSeen = lastSeenWriter(db);
  const views = userViewCache(kernel); // exact: dropped on any committed change to the member's rows
  kernel.metrics.cache('user-views', () => views.stats);
  const getUser = async (req: FastifyRequest) => {
    const user = await views.get(memberId(req), req.site, () => currentUser(req));
    await touchLastSeen(user.id); // at most once a minute per member
    return { user };
  };
  kernel.serve(app, getUserEndpoint, { response }, getUser);
  // The page's HTML carries the same answer (null for visitors), so the browser needs no request for it.
  // Written through the answer's schema, like the API's: the browser's first poll then finds the very
  // same member (no field more, none in another order) and re-renders nothing.
  kernel.bootData.add('user', async (req) => {
    const answer = req.userId == null ? null : await getUser(req).catch(() => null);
    return answer ? (JSON.parse(jsonOf(response, answer)) as { user: unknown }).user : null;
  });

  kernel.serve(app, saveLanguage, { response }, async (req) => {
    const userId = memberId(req);
    await db.updateTable('users').set({ language: req.body.language }).where('id', '=', userId).execute();
    return { user: await currentUser(req) };
  });

  // POST with the client header (a GET from another site must not log anyone out).
  kernel.serve(app, logout, async (req, reply) => {
    await kernel.sessions.destroy(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
}

/** The spec's "Too many incorrect attempts, account blocked for {minutes} min.", for the address that must wait. */
function loginDelayed(reply: FastifyReply, delay: LoginDelay) {
  const minutes = Math.max(1, Math.ceil(delay.seconds / 60));
  reply.header('Retry-After', String(delay.seconds));
  return new HttpError(429, 'account_blocked', `Too many incorrect attempts, account blocked for ${minutes} min.`, { minutes, seconds: delay.seconds });
}
