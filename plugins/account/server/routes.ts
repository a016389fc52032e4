import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { SESSION_COOKIE } from '../../../kernel/server/sessions.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { EMAIL_MAX, isValidEmail, normaliseEmail, PASSWORD_MAX, PASSWORD_MIN } from '../../../kernel/contract/validation.ts';
import {
  ACTIVATION_LINK_DAYS, DELETE_REASONS, MAIL_CHANGE_LINK_HOURS, MAX_ACTIVATION_MAILS_PER_DAY, MAX_RESET_MAILS_PER_DAY,
  REACTIVATION_DAYS, RESET_LINK_HOURS,
  type DeleteRequest, type MailChangeDoRequest, type MailChangeRequest, type PasswordChangeRequest, type ResetDoRequest, type ResetRequest,
} from '../contract.ts';
import { sendAccountMail } from './mails.ts';
import { createOperator, type OperatorAccount } from './operator.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { accounts, authRef } from '../../auth/server.ts';
import { membersRef } from '../../members/server.ts';

const DAY = 86400_000;
const HOUR = 3600_000;
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX };
const token = { type: 'string', minLength: 1, maxLength: 200 };
/** One-time links that act on the password or the address (and the auth plugin's login links): revoked when either changes. */
const CREDENTIAL_LINKS = ['reset', 'mail-change', 'login-link'];
const linkInvalid = () => badRequest('link_invalid', 'Link expired or invalid, request a new email.');

export interface AccountService {
  /** Sends (or re-sends) the activation mail with a fresh link. */
  sendActivation(req: FastifyRequest, userId: number): Promise<void>;
  /** `npm run operator -- create <email>`: creates or promotes the operator, returns a set-password link. */
  createOperator(email: string): Promise<OperatorAccount>;
}

export function accountRoutes(kernel: Kernel) {
  const auth = () => kernel.services.get(authRef);
  const members = () => kernel.services.get(membersRef);
  const { db, tokens } = kernel;

  const userRow = (id: number) => accounts.account(db, id);

  const checkNewPassword = (pw: string) => {
    if (pw.length < PASSWORD_MIN) throw badRequest('password_too_short', `Choose a password of at least ${PASSWORD_MIN} characters.`, { min: PASSWORD_MIN });
  };

  const service: AccountService = {
    async sendActivation(req, userId) {
      const u = await userRow(userId);
      if (!u) return;
      const link = await tokens.issue({ purpose: 'activate', userId, ttlMs: ACTIVATION_LINK_DAYS * DAY });
      await sendAccountMail(kernel, {
        kind: 'activate', to: u.email, userId, locale: u.language ?? requestLocale(req), site: req.site,
        path: `/api/activate.php?token=${link}`,
      });
    },
    createOperator: (email) => createOperator(kernel, email),
  };

  async function routes(app: FastifyInstance) {
    // --- Activation -------------------------------------------------------------------------
    // The link in the mail: confirms and sends the browser on to the result page.
    app.get('/activate.php', { config: { access: 'visitor' }, schema: { querystring: { type: 'object', properties: { token } } } }, async (req, reply) => {
      const t = String((req.query as { token?: string }).token ?? '');
      const used = await tokens.consume('activate', t);
      if (!used) return reply.redirect('/activate/error', 302);
      await db.transaction().execute(async (trx) => {
        await accounts.confirm(trx, used.userId, { liveOnly: true });
        await members().setStatus(used.userId, 'active', trx);
      });
      return reply.redirect('/activate/done', 302);
    });

    app.post('/activate.php', {
      config: { access: 'member', rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', additionalProperties: false, properties: {} } },
    }, async (req) => {
      const userId = memberId(req);
      const u = await userRow(userId);
      if (u?.status === 'active') throw badRequest('already_active', 'This e-mail address is already confirmed.');
      if (await tokens.countRecent('activate', userId, DAY) >= MAX_ACTIVATION_MAILS_PER_DAY) {
        throw new HttpError(429, 'too_many_mails', 'Too many e-mails sent, please try again tomorrow.');
      }
      await service.sendActivation(req, userId);
      return { ok: true };
    });

    // --- Password reset -----------------------------------------------------------------------
    app.post('/reset-password.php', {
      config: { access: 'visitor', rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: { type: 'string', minLength: 1, maxLength: EMAIL_MAX } } } },
    }, async (req) => {
      const email = normaliseEmail((req.body as ResetRequest).email);
      if (!isValidEmail(email)) throw badRequest('invalid_email', 'Invalid email');
      const u = await auth().findByEmail(email);
      if (!u) throw new HttpError(404, 'email_not_found', 'E-mail address not found.');
      if (u.deleted_at) throw new HttpError(403, 'account_deletion_pending', 'Deleted account still pending: use the emailed link or contact customer service');
      if (await tokens.countRecent('reset', u.id, DAY) >= MAX_RESET_MAILS_PER_DAY) {
        throw new HttpError(429, 'too_many_resets', 'Too many password reset emails sent, please try again tomorrow.');
      }
      const link = await tokens.issue({ purpose: 'reset', userId: u.id, ttlMs: RESET_LINK_HOURS * HOUR });
      await sendAccountMail(kernel, {
        kind: 'reset', to: u.email, userId: u.id, locale: u.language ?? requestLocale(req), site: req.site,
        path: `/reset-password/do?token=${link}`, params: { hours: RESET_LINK_HOURS },
      });
      return { ok: true };
    });

    // Lets the page say at once that a link is dead, before the member types a new password.
    app.get('/reset-password.php', { config: { access: 'visitor' }, schema: { querystring: { type: 'object', required: ['token'], properties: { token } } } }, async (req) => {
      if (!(await tokens.peek('reset', (req.query as { token: string }).token))) throw linkInvalid();
      return { ok: true };
    });

    app.put('/reset-password.php', {
      config: { access: 'visitor', rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', required: ['token', 'password', 'password_confirmation'], additionalProperties: false, properties: { token, password, password_confirmation: password } } },
    }, async (req, reply) => {
      const body = req.body as ResetDoRequest;
      if (body.password !== body.password_confirmation) throw badRequest('passwords_differ', 'The entered passwords are not the same.');
      checkNewPassword(body.password);
      const used = await tokens.consume('reset', body.token);
      if (!used) throw linkInvalid();
      const u = await userRow(used.userId);
      if (!u || u.deleted_at) throw linkInvalid();
      await auth().setPassword(u.id, body.password);
      // The mail proved the address: an unconfirmed account is confirmed too.
      if (u.status !== 'active') {
        await accounts.confirm(db, u.id);
        await members().setStatus(u.id, 'active');
      }
      await kernel.sessions.destroyAllFor(u.id);
      // The password the other links were sent under is gone: they die with it.
      await tokens.revoke(u.id, CREDENTIAL_LINKS);
      await auth().logIn(req, reply, u.id);
      return { user: await auth().userView(u.id, req.site) };
    });

    // --- Password and email change (logged in) ---------------------------------------------------
    const checkPassword = async (userId: number, given: string, code: string, message: string) => {
      const u = await userRow(userId);
      if (!u?.password_hash || !(await auth().verifyPassword(u.password_hash, given))) throw badRequest(code, message);
      return u;
    };

    app.put('/password.php', {
      config: { access: 'member', rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '15 minutes' } },
      schema: { body: { type: 'object', required: ['old_password', 'password'], additionalProperties: false, properties: { old_password: password, password } } },
    }, async (req) => {
      const userId = memberId(req);
      const body = req.body as PasswordChangeRequest;
      const u = await checkPassword(userId, body.old_password, 'wrong_old_password', 'Please check your old password.');
      checkNewPassword(body.password);
      await auth().setPassword(userId, body.password);
      // Anyone else holding a session (a lost phone, a shared computer) is logged out.
      await kernel.sessions.destroyOthers(userId, req.cookies[SESSION_COOKIE]);
      // A reset or e-mail-change link someone else may hold stops working too.
      await tokens.revoke(userId, CREDENTIAL_LINKS);
      await sendAccountMail(kernel, { kind: 'passwordChanged', to: u.email, userId, locale: u.language, site: req.site });
      return { ok: true };
    });

    app.post('/mail-change.php', {
      config: { access: 'member', rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', required: ['email', 'password'], additionalProperties: false, properties: { email: { type: 'string', minLength: 1, maxLength: 400 }, password } } },
    }, async (req) => {
      const userId = memberId(req);
      const body = req.body as MailChangeRequest;
      const email = normaliseEmail(body.email);
      if (!isValidEmail(email)) throw badRequest('email_invalid_new', 'New email adress is invalid.');
      const u = await checkPassword(userId, body.password, 'wrong_password', 'Please check your password.');
      const other = await auth().findByEmail(email);
      if (other) throw new HttpError(409, 'email_taken', 'This email address already owns an account on this website.');
      if (await tokens.countRecent('mail-change', userId, DAY) >= MAX_RESET_MAILS_PER_DAY) {
        throw new HttpError(429, 'too_many_mails', 'Too many e-mails sent, please try again tomorrow.');
      }
      const link = await tokens.issue({ purpose: 'mail-change', userId, ttlMs: MAIL_CHANGE_LINK_HOURS * HOUR, data: { email } });
      // The link goes to the new address: only its owner can complete the change.
      await sendAccountMail(kernel, {
        kind: 'mailChange', to: email, userId, locale: u.language, site: req.site,
        path: `/mail-change/do?token=${link}`, params: { email },
      });
      return { ok: true, email };
    });

    app.post('/mail-change-do.php', {
      config: { access: 'visitor', rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', required: ['token'], additionalProperties: false, properties: { token } } },
    }, async (req) => {
      const body = req.body as MailChangeDoRequest;
      const pending = await tokens.peek('mail-change', body.token);
      if (!pending) throw linkInvalid();
      const email = String(pending.data.email);
      const other = await auth().findByEmail(email);
      if (other && other.id !== pending.userId) throw new HttpError(409, 'email_taken', 'This email address already owns an account on this website.');
      const used = await tokens.consume('mail-change', body.token);
      if (!used) throw linkInvalid();
      try {
        await accounts.confirm(db, used.userId, { email, liveOnly: true });
      } catch {
        // The unique index decided a race with a signup for the same address.
        throw new HttpError(409, 'email_taken', 'This email address already owns an account on this website.');
      }
      await members().setStatus(used.userId, 'active');
      // Links mailed to the old address (reset, activation) and other pending changes end here.
      await tokens.revoke(used.userId, [...CREDENTIAL_LINKS, 'activate']);
      return { ok: true, email };
    });

    // --- Deletion and reactivation ----------------------------------------------------------------
    app.post('/account-delete.php', {
      config: { access: 'member', rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '15 minutes' } },
      schema: {
        body: {
          type: 'object', required: ['reason', 'password'], additionalProperties: false,
          properties: { reason: { type: 'string', enum: [...DELETE_REASONS] }, comment: { type: 'string', maxLength: 1000, multiline: true }, password },
        },
      },
    }, async (req, reply) => {
      const userId = memberId(req);
      const body = req.body as DeleteRequest;
      const u = await checkPassword(userId, body.password, 'wrong_password', 'Please check your password.');
      const now = kernel.clock.now();
      const link = await db.transaction().execute(async (trx) => {
        await accounts.setDeleted(trx, userId, now);
        await members().setStatus(userId, 'disabled', trx);
        await trx.insertInto('account_deletions').values({ user_id: userId, reason: body.reason, comment: body.comment?.trim() ?? '', requested_at: now }).execute();
        return tokens.issue({ purpose: 'reactivate', userId, ttlMs: REACTIVATION_DAYS * DAY, db: trx });
      });
      await kernel.sessions.destroyAllFor(userId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      await sendAccountMail(kernel, {
        kind: 'deleted', to: u.email, userId, locale: u.language, site: req.site,
        path: `/api/reactivate.php?token=${link}`, params: { days: REACTIVATION_DAYS },
      });
      return { ok: true, days: REACTIVATION_DAYS };
    });

    app.get('/reactivate.php', { config: { access: 'visitor' }, schema: { querystring: { type: 'object', properties: { token } } } }, async (req, reply) => {
      const used = await tokens.consume('reactivate', String((req.query as { token?: string }).token ?? ''));
      const u = used && await userRow(used.userId);
      if (!u || !u.deleted_at) return reply.redirect('/login?reactivation=failed', 302);
      await db.transaction().execute(async (trx) => {
        await accounts.setDeleted(trx, u.id, null);
        await trx.updateTable('account_deletions').set({ reactivated_at: kernel.clock.now() }).where('user_id', '=', u.id).where('reactivated_at', 'is', null).execute();
        if (u.status === 'active') await members().setStatus(u.id, 'active', trx);
      });
      await auth().logIn(req, reply, u.id);
      return reply.redirect('/members?reactivated=1', 302);
    });
  }

  return { service, routes };
}

/** Erases members whose deletion is older than the reactivation window. */
export async function purgeDeletedAccounts(kernel: Kernel) {
  const cutoff = new Date(kernel.clock.now().getTime() - REACTIVATION_DAYS * DAY);
  const due = await accounts.deletedBefore(kernel.db, cutoff);
  const auth = kernel.services.get(authRef);
  for (const id of due) {
    await auth.erase(Number(id));
    kernel.log.info({ userId: Number(id) }, 'account erased after the reactivation window');
  }
  return due.length;
}

/** The account service, for `kernel.services.get(accountRef)`. */
export const accountRef = serviceRef<AccountService>('account');
