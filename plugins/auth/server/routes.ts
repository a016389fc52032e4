import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { HttpError } from '../../../kernel/server/errors.ts';
import { pendingDeletion } from './service.ts';
import { SESSION_COOKIE } from '../../../kernel/server/sessions.ts';
import { LOCALES } from '../../../kernel/contract/locales.ts';
import type { AuthService } from './service.ts';
import { blockedMinutes, clearFailures, recordFailure } from './throttle.ts';
import type { LanguageRequest, LoginRequest } from '../contract.ts';

// Verifying against a real hash when the email is unknown keeps response times alike.
let dummyHash: Promise<string> | null = null;

export async function authRoutes(app: FastifyInstance, kernel: Kernel) {
  const auth = kernel.services.get<AuthService>('auth');
  const db = kernel.db;

  const currentUser = async (req: FastifyRequest) => {
    const user = await auth.userView(auth.requireUser(req), req.site);
    if (!user) throw new HttpError(403, 'authentication_required', 'authentication_required: account no longer exists');
    return user;
  };

  app.post('/user.php', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      body: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', minLength: 3, maxLength: 254 },
          password: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
    },
  }, async (req, reply) => {
    const { password } = req.body as LoginRequest;
    const email = (req.body as LoginRequest).email.trim().toLowerCase();
    const minutes = await blockedMinutes(db, email, req.ip);
    if (minutes > 0) throw new HttpError(429, 'account_blocked', `Too many incorrect attempts, account blocked for ${minutes} min.`, { minutes });

    const row = await db.selectFrom('users').select(['id', 'password_hash', 'deleted_at'])
      .where(sql`lower(email)`, '=', email).executeTakeFirst();
    dummyHash ??= auth.hashPassword('not-a-real-password');
    const ok = row?.password_hash
      ? await auth.verifyPassword(row.password_hash, password)
      : (await auth.verifyPassword(await dummyHash, password), false);
    if (!row || !ok) {
      await recordFailure(db, email, req.ip);
      const now = await blockedMinutes(db, email, req.ip);
      if (now > 0) throw new HttpError(429, 'account_blocked', `Too many incorrect attempts, account blocked for ${now} min.`, { minutes: now });
      throw new HttpError(401, 'login_failed', 'Login failed, please try again.');
    }
    await clearFailures(db, email);
    // A member who asked to leave keeps the account (and the way back) for 14 days, without logging in.
    if (row.deleted_at) throw pendingDeletion();
    await auth.logIn(req, reply, row.id);
    return { user: await auth.userView(row.id, req.site) };
  });

  app.get('/user.php', async (req) => {
    const user = await currentUser(req);
    await db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', user.id).execute();
    return { user };
  });

  app.put('/user.php', {
    schema: {
      body: {
        type: 'object',
        required: ['language'],
        additionalProperties: false,
        properties: { language: { type: 'string', enum: [...LOCALES] } },
      },
    },
  }, async (req) => {
    const userId = auth.requireUser(req);
    await db.updateTable('users').set({ language: (req.body as LanguageRequest).language }).where('id', '=', userId).execute();
    return { user: await currentUser(req) };
  });

  app.get('/logout.php', async (req, reply) => {
    await kernel.sessions.destroy(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
}
