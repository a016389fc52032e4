import type { Kernel } from '../../../kernel/server/plugin.ts';
import { siteLink } from '../../../kernel/server/settings.ts';
import { EMAIL_MAX, isValidEmail, normaliseEmail } from '../../../kernel/contract/validation.ts';
import type { AuthService } from '../../auth/server.ts';
import { RESET_LINK_HOURS } from '../contract.ts';
import { sendAccountMail } from './mails.ts';

/** A problem the operator command reports in words (no stack trace): a bad address, a deleted account. */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

export interface OperatorAccount {
  userId: number;
  email: string;
  /** False when an existing account was promoted. */
  created: boolean;
  /** One-time set-password link on the default site (the reset-password page), valid `hours`. */
  link: string;
  hours: number;
  /** Whether the link was also queued as a mail (only with SMTP_URL configured). */
  mailed: boolean;
}

/**
 * Makes `email` a console account (operator or admin): creates the account (without any password) or promotes the existing
 * one, and hands out a one-time link to set the password: a password-reset link of the default
 * site, expiring like one (RESET_LINK_HOURS). Mailed too when SMTP is configured; without it a
 * mail would only land in the outbox folder, so the printed link is the way.
 */
export async function createOperator(kernel: Kernel, auth: AuthService, rawEmail: string, role: 'operator' | 'admin' = 'operator'): Promise<OperatorAccount> {
  const email = normaliseEmail(String(rawEmail ?? ''));
  if (!email || email.length > EMAIL_MAX || !isValidEmail(email)) {
    throw new OperatorError(`"${String(rawEmail ?? '').slice(0, 300)}" is not a valid e-mail address`);
  }
  const existing = await auth.findByEmail(email);
  if (existing?.deleted_at) {
    throw new OperatorError(`the account of ${existing.email} is being deleted; reactivate it or wait until it is gone`);
  }
  const userId = existing ? existing.id : await auth.createAccount({ email, password: null });
  await auth.setRole(userId, role);
  // The default site: a host that is no configured domain resolves to it.
  const site = await kernel.sites.resolve('');
  const token = await kernel.tokens.issue({ purpose: 'reset', userId, ttlMs: RESET_LINK_HOURS * 3600_000 });
  const path = `/reset-password/do?token=${token}`;
  const mailed = Boolean(kernel.config.smtpUrl);
  if (mailed) {
    await sendAccountMail(kernel, {
      kind: 'reset', to: existing?.email ?? email, userId, locale: existing?.language ?? site.domain_language, site,
      path, params: { hours: RESET_LINK_HOURS },
    });
  }
  return { userId, email: existing?.email ?? email, created: !existing, link: siteLink(site, path), hours: RESET_LINK_HOURS, mailed };
}
