import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { DB } from '../../../kernel/server/db.ts';

export type AccountMail = 'activate' | 'reset' | 'mailChange' | 'deleted' | 'passwordChanged';

/** Queues one of the account mails, written in the member's language with a single action link. */
export async function sendAccountMail(kernel: Kernel, opts: {
  kind: AccountMail; to: string; userId: number; locale: string | null | undefined; site: SiteSettings;
  /** The link's path on the member's site ("/reset-password/do?token=…"); the kernel adds the site's canonical origin. */
  path?: string; params?: Record<string, string | number>; db?: DB;
}) {
  const t = (key: string) => kernel.mail.texts.t(opts.locale, `account:mail.${opts.kind}.${key}`, { name: opts.site.mail_name || opts.site.name, ...opts.params });
  await kernel.mail.queue({
    to: opts.to, locale: opts.locale, site: opts.site, userId: opts.userId,
    subject: t('subject'), heading: t('heading'), paragraphs: [t('body')],
    action: opts.path ? { label: t('action'), path: opts.path } : undefined,
    note: t('note'),
  }, opts.db);
}
