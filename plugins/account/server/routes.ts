import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { badRequest, HttpError } from '../../../kernel/server/errors.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { SESSION_COOKIE } from '../../../kernel/server/sessions.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { isValidEmail, normaliseEmail, PASSWORD_MIN } from '../../../kernel/contract/validation.ts';
import {
  ACTIVATION_LINK_DAYS, MAIL_CHANGE_LINK_HOURS, MAX_ACTIVATION_MAILS_PER_DAY, MAX_RESET_MAILS_PER_DAY,
  REACTIVATION_DAYS, RESET_LINK_HOURS,
  activateLink, changePassword, checkReset, confirmMailChange, deleteAccount, reactivateLink, requestMailChange, requestReset,
  resendActivation, resetPassword,
} from '../contract.ts';
import { sendAccountMail } from './mails.ts';
import { createOperator, type OperatorAccount } from './operator.ts';
import { serviceRef } from '../../../kernel/server/services.ts';
import { accountDisabled, accounts, type AuthService } from '../../auth/server.ts';

declare module '../../../kernel/server/events.ts' {
  interface ServerEvents {
    /** A member confirmed their e-mail address with the activation link. */
    'account:activated': { userId: number; domain: string };
  }
}
import type { MembersService } from '../../members/server.ts';

const DAY = 86400_000;
const HOUR = 3600_000;
/** One-time links that act on the password or the address (and the auth plugin's login links): revoked when either changes. */
const CREDENTIAL_LINKS = ['reset', 'mail-change', 'login-link'];
const linkInvalid = () => badRequest('link_invalid', 'Link expired or invalid, request a new email.');

export interface AccountService {
  /** Sends (or re-sends) the activation mail with a fresh link. */
  sendActivation(req: FastifyRequest, userId: number): Promise<void>;
  /** `npm run operator -- create <email>`: creates or promotes the operator, returns a set-password link. */
  /** A console account (`npm run operator -- create <email> --role admin|operator`). */
  createOperator(email: string, role?: 'operator' | 'admin'): Promise<OperatorAccount>;
}

/** The services the account plugin uses (injected: its `deps`). */
export interface AccountDeps { auth: AuthService; members: MembersService }

/** The account service other plugins use (signup's activation mail, the operator command). */
export function createAccountService(kernel: Kernel, auth: AuthService): AccountService {
  const { db, tokens } = kernel;
  return {
    async sendActivation(req, userId) {
      const u = await accounts.account(db, userId);
      if (!u) return;
      const link = await tokens.issue({ purpose: 'activate', userId, ttlMs: ACTIVATION_LINK_DAYS * DAY });
      await sendAccountMail(kernel, {
        kind: 'activate', to: u.email, userId, locale: u.language ?? requestLocale(req), site: req.site,
        path: `${activateLink.path}?token=${link}`,
      });
    },
    createOperator: (email, role) => createOperator(kernel, auth, email, role),
  };
}

/** The account plugin's endpoints. */
export function accountRoutes(app: FastifyInstance, kernel: Kernel, { auth, members }: AccountDeps, service: AccountService) {
  const { db, tokens } = kernel;
  const userRow = (id: number) => accounts.account(db, id);
  const userResponse = auth.responseSchema();

  const checkNewPassword = (pw: string) => {
    if (pw.length < PASSWORD_MIN) throw badRequest('password_too_short', `Choose a password of at least ${PASSWORD_MIN} characters.`, { min: PASSWORD_MIN });
  };

  // --- Activation -------------------------------------------------------------------------
  // The link in the mail: confirms and sends the browser on to the result page.
  kernel.serve(app, activateLink, async (req, reply) => {
    const used = await tokens.consume('activate', req.query.token ?? '');
    if (!used) return reply.redirect('/activate/error', 302);
    await db.transaction().execute(async (trx) => {
      const confirmed = await accounts.confirm(trx, used.userId, { liveOnly: true });
      // A disabled account stays out of the lists (enabling it lists it again).
      if (!(await accounts.account(trx, used.userId))?.disabled_at) await members.setStatus(used.userId, 'active', trx);
      if (confirmed) await kernel.events.emit('account:activated', { userId: used.userId, domain: req.site.domain }, trx, req.site);
    });
    return reply.redirect('/activate/done', 302);
  });

  kernel.serve(app, resendActivation, { rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const userId = memberId(req);
    const u = await userRow(userId);
    if (u?.status === 'active') throw badRequest('already_active', 'This e-mail address is already confirmed.');
    if (await tokens.countRecent('activate', userId, DAY) >= MAX_ACTIVATION_MAILS_PER_DAY) {
      throw new HttpError(429, 'too_many_mails', 'Too many e-mails sent, please try again tomorrow.');
    }
    await service.sendActivation(req, userId);
    return { ok: true as const };
  });

  // --- Password reset -----------------------------------------------------------------------
  kernel.serve(app, requestReset, { rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const email = normaliseEmail(req.body.email);
    if (!isValidEmail(email)) throw badRequest('invalid_email', 'Invalid email');
    const u = await auth.findByEmail(email);
    if (!u) throw new HttpError(404, 'email_not_found', 'E-mail address not found.');
    if (u.deleted_at) throw new HttpError(403, 'account_deletion_pending', 'Deleted account still pending: use the emailed link or contact customer service');
    // Disabled by an operator: a new password would not let the member in.
    if ((await userRow(u.id))?.disabled_at) throw accountDisabled();
    if (await tokens.countRecent('reset', u.id, DAY) >= MAX_RESET_MAILS_PER_DAY) {
      throw new HttpError(429, 'too_many_resets', 'Too many password reset emails sent, please try again tomorrow.');
    }
    const link = await tokens.issue({ purpose: 'reset', userId: u.id, ttlMs: RESET_LINK_HOURS * HOUR });
    await sendAccountMail(kernel, {
      kind: 'reset', to: u.email, userId: u.id, locale: u.language ?? requestLocale(req), site: req.site,
      path: `/reset-password/do?token=${link}`, params: { hours: RESET_LINK_HOURS },
    });
    return { ok: true as const };
  });

  // Lets the page say at once that a link is dead, before the member types a new password.
  kernel.serve(app, checkReset, async (req) => {
    if (!(await tokens.peek('reset', req.query.token))) throw linkInvalid();
    return { ok: true as const };
  });

  kernel.serve(app, resetPassword, { response: userResponse, rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req, reply) => {
    const body = req.body;
    if (body.password !== body.password_confirmation) throw badRequest('passwords_differ', 'The entered passwords are not the same.');
    checkNewPassword(body.password);
    const used = await tokens.consume('reset', body.token);
    if (!used) throw linkInvalid();
    const u = await userRow(used.userId);
    if (!u || u.deleted_at) throw linkInvalid();
    if (u.disabled_at) throw accountDisabled();
    await auth.setPassword(u.id, body.password);
    // The mail proved the address: an unconfirmed account is confirmed too.
    if (u.status !== 'active') {
      await accounts.confirm(db, u.id);
      await members.setStatus(u.id, 'active');
    }
    await kernel.sessions.destroyAllFor(u.id);
    // The password the other links were sent under is gone: they die with it.
    await tokens.revoke(u.id, CREDENTIAL_LINKS);
    await auth.logIn(req, reply, u.id);
    const user = await auth.userView(u.id, req.site);
    if (!user) throw linkInvalid();
    return { user };
  });

  // --- Password and email change (logged in) ---------------------------------------------------
  const checkPassword = async (userId: number, given: string, code: string, message: string) => {
    const u = await userRow(userId);
    if (!u?.password_hash || !(await auth.verifyPassword(u.password_hash, given))) throw badRequest(code, message);
    return u;
  };

  kernel.serve(app, changePassword, { rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '15 minutes' } }, async (req) => {
    const userId = memberId(req);
    const body = req.body;
    const u = await checkPassword(userId, body.old_password, 'wrong_old_password', 'Please check your old password.');
    checkNewPassword(body.password);
    await auth.setPassword(userId, body.password);
    // Anyone else holding a session (a lost phone, a shared computer) is logged out.
    await kernel.sessions.destroyOthers(userId, req.cookies[SESSION_COOKIE]);
    // A reset or e-mail-change link someone else may hold stops working too.
    await tokens.revoke(userId, CREDENTIAL_LINKS);
    await sendAccountMail(kernel, { kind: 'passwordChanged', to: u.email, userId, locale: u.language, site: req.site });
    return { ok: true as const };
  });

  kernel.serve(app, requestMailChange, { rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const userId = memberId(req);
    const body = req.body;
    const email = normaliseEmail(body.email);
    if (!isValidEmail(email)) throw badRequest('email_invalid_new', 'New email adress is invalid.');
    const u = await checkPassword(userId, body.password, 'wrong_password', 'Please check your password.');
    const other = await auth.findByEmail(email);
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
    return { ok: true as const, email };
  });

  kernel.serve(app, confirmMailChange, { rateLimit: { max: 20 * kernel.config.rateLimitFactor, timeWindow: '1 hour' } }, async (req) => {
    const body = req.body;
    const pending = await tokens.peek('mail-change', body.token);
    if (!pending) throw linkInvalid();
    const email = String(pending.data.email);
    const other = await auth.findByEmail(email);
    if (other && other.id !== pending.userId) throw new HttpError(409, 'email_taken', 'This email address already owns an account on this website.');
    const used = await tokens.consume('mail-change', body.token);
    if (!used) throw linkInvalid();
    try {
      await accounts.confirm(db, used.userId, { email, liveOnly: true });
    } catch {
      // The unique index decided a race with a signup for the same address.
      throw new HttpError(409, 'email_taken', 'This email address already owns an account on this website.');
    }
    await members.setStatus(used.userId, 'active');
    // Links mailed to the old address (reset, activation) and other pending changes end here.
    await tokens.revoke(used.userId, [...CREDENTIAL_LINKS, 'activate']);
    return { ok: true as const, email };
  });

  // --- Deletion and reactivation ----------------------------------------------------------------
  kernel.serve(app, deleteAccount, { rateLimit: { max: 10 * kernel.config.rateLimitFactor, timeWindow: '15 minutes' } }, async (req, reply) => {
    const userId = memberId(req);
    const body = req.body;
    const u = await checkPassword(userId, body.password, 'wrong_password', 'Please check your password.');
    const now = kernel.clock.now();
    const link = await db.transaction().execute(async (trx) => {
      await accounts.setDeleted(trx, userId, now);
      await members.setStatus(userId, 'disabled', trx);
      await trx.insertInto('account_deletions').values({ user_id: userId, reason: body.reason, comment: body.comment?.trim() ?? '', requested_at: now }).execute();
      return tokens.issue({ purpose: 'reactivate', userId, ttlMs: REACTIVATION_DAYS * DAY, db: trx });
    });
    await kernel.sessions.destroyAllFor(userId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    await sendAccountMail(kernel, {
      kind: 'deleted', to: u.email, userId, locale: u.language, site: req.site,
      path: `${reactivateLink.path}?token=${link}`, params: { days: REACTIVATION_DAYS },
    });
    return { ok: true as const, days: REACTIVATION_DAYS };
  });

  kernel.serve(app, reactivateLink, async (req, reply) => {
    const used = await tokens.consume('reactivate', req.query.token ?? '');
    const u = used && await userRow(used.userId);
    // A disabled account stays out (an operator enables it again).
    if (!u || !u.deleted_at || u.disabled_at) return reply.redirect('/login?reactivation=failed', 302);
    await db.transaction().execute(async (trx) => {
      await accounts.setDeleted(trx, u.id, null);
      await trx.updateTable('account_deletions').set({ reactivated_at: kernel.clock.now() }).where('user_id', '=', u.id).where('reactivated_at', 'is', null).execute();
      if (u.status === 'active') await members.setStatus(u.id, 'active', trx);
    });
    await auth.logIn(req, reply, u.id);
    return reply.redirect('/members?reactivated=1', 302);
  });
}

/** Erases members whose deletion is older than the reactivation window. */
export async function purgeDeletedAccounts(kernel: Kernel, auth: AuthService) {
  const cutoff = new Date(kernel.clock.now().getTime() - REACTIVATION_DAYS * DAY);
  const due = await accounts.deletedBefore(kernel.db, cutoff);
  for (const id of due) {
    await auth.erase(Number(id));
    kernel.log.info({ userId: Number(id) }, 'account erased after the reactivation window');
  }
  return due.length;
}

/** The account service, for plugins that declare it in their `deps`. */
export const accountRef = serviceRef<AccountService>('account');
