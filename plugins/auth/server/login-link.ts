import type { FastifyRequest } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import {
  LOGIN_FAILURE_WINDOW_HOURS, LOGIN_LINK_AFTER_FAILURES, LOGIN_LINK_MAIL_EVERY_MINUTES, LOGIN_LINK_MINUTES,
  MAX_LOGIN_LINK_MAILS_PER_DAY,
} from '../contract.ts';
import { loginLink } from '../contract.ts';
import { failuresSince } from './throttle.ts';

export const LOGIN_LINK_PURPOSE = 'login-link';
const MINUTE = 60_000;

/**
 * After LOGIN_LINK_AFTER_FAILURES failures on the account since its last login link, mails the
 * owner a one-time link that logs them in without the password (valid LOGIN_LINK_MINUTES, single
 * use). At most one such mail per LOGIN_LINK_MAIL_EVERY_MINUTES and MAX_LOGIN_LINK_MAILS_PER_DAY a
 * day; the member's row is locked while deciding, so two instances never both send.
 */
export async function maybeMailLoginLink(kernel: Kernel, req: FastifyRequest, account: { id: number; email: string; language: string | null }) {
  await kernel.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', account.id).forUpdate().executeTakeFirst();
    const now = kernel.clock.now();
    const dayAgo = new Date(now.getTime() - 24 * 60 * MINUTE);
    const links = await kernel.tokens.issuedSince(LOGIN_LINK_PURPOSE, account.id, dayAgo, trx);
    const last = links.last?.getTime() ?? 0;
    if (links.count >= MAX_LOGIN_LINK_MAILS_PER_DAY) return;
    if (last > now.getTime() - LOGIN_LINK_MAIL_EVERY_MINUTES * MINUTE) return;
    const since = new Date(Math.max(last, now.getTime() - LOGIN_FAILURE_WINDOW_HOURS * 60 * MINUTE));
    if (await failuresSince(trx, account.email, since) < LOGIN_LINK_AFTER_FAILURES) return;

    const token = await kernel.tokens.issue({ purpose: LOGIN_LINK_PURPOSE, userId: account.id, ttlMs: LOGIN_LINK_MINUTES * MINUTE, db: trx });
    const site = req.site;
    const locale = account.language ?? site.domain_language;
    const t = (key: string) => kernel.mail.texts.t(locale, `auth:mail.loginLink.${key}`, { name: site.mail_name || site.name, minutes: LOGIN_LINK_MINUTES });
    await kernel.mail.queue({
      to: account.email, locale, site, userId: account.id,
      subject: t('subject'), heading: t('heading'), paragraphs: [t('body')],
      // The kernel makes it absolute with the site's canonical origin (never the request's Host).
      action: { label: t('action'), path: `${loginLink.path}?token=${token}` },
      note: t('note'),
    }, trx);
    kernel.log.info({ userId: account.id }, 'login link mailed after repeated login failures');
  });
}
