import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Jobs } from './jobs.ts';
import type { Texts } from './texts.ts';
import type { SiteSettings } from '../contract/settings.ts';
import { isValidEmail } from '../contract/validation.ts';
import { siteLink, siteOrigin } from './settings.ts';

export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** A mail as plugins describe it; the kernel lays it out (HTML + text) in the member's language. */
export interface MailContent {
  to: string;
  locale: string | null | undefined;
  /** Links in the mail point to this site's canonical_url (siteOrigin), never to a request's Host. */
  site: SiteSettings;
  /** The member it is for, and the notification category it belongs to (for the unsubscribe links). */
  userId?: number;
  category?: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The button: a path of the site ("/reset-password/do?token=…"), made absolute with siteOrigin. */
  action?: { label: string; path: string };
  note?: string;
}

export type UnsubscribeLinks = (userId: number, category: string, origin: string) => Promise<{ page: string; oneClick: string }>;

export interface Mail {
  texts: Texts;
  /** Renders the mail and queues it in the job table (sent by whichever instance claims it). */
  queue(content: MailContent, db?: DB): Promise<number>;
  /** The notifications plugin says how a member unsubscribes; every mail then carries the links. */
  setUnsubscribeLinks(fn: UnsubscribeLinks): void;
  /** Sends now: over SMTP, or into the outbox folder when no SMTP is configured. */
  send(msg: MailMessage): Promise<{ outboxFile?: string }>;
}

export const MAIL_JOB = 'kernel:mail';
declare module './jobs.ts' {
  interface JobPayloads { 'kernel:mail': MailMessage }
}

/** Defence in depth: one plain address (the strict validator) or no mail at all. */
function checkRecipient(to: unknown): string {
  if (!isValidEmail(to)) throw new Error(`mail refused: the recipient ${JSON.stringify(String(to).slice(0, 80))} is not one valid address`);
  return to;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(content: MailContent, texts: Texts, unsubscribe?: { page: string; oneClick: string }) {
  const { action: act, ...rest } = content;
  const c = { ...rest, action: act ? { label: act.label, url: siteLink(content.site, act.path) } : undefined };
  const t = (key: string, p?: Record<string, string | number>) => texts.t(c.locale, key, p);
  const name = c.site.mail_name || c.site.name;
  const footer = [t('kernel:mail.footer', { name }), t('kernel:mail.automatic')];
  const html = `<!doctype html><html lang="${esc(String(c.locale ?? 'en'))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f1f6;font-family:'Open Sans',Arial,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#733675;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">${esc(name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:#733675">${esc(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:16px;line-height:1.5">${esc(p)}</p>`).join('\n')}
${c.action ? `<p style="margin:22px 0"><a href="${esc(c.action.url)}" style="display:inline-block;background:#ffa800;color:#212529;font-weight:700;text-decoration:none;padding:12px 22px;border-radius:24px">${esc(c.action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#6c757d">${esc(t('kernel:mail.linkFallback'))}<br><a href="${esc(c.action.url)}" style="color:#733675;word-break:break-all">${esc(c.action.url)}</a></p>` : ''}
${c.note ? `<p style="margin:0 0 14px;font-size:14px;color:#6c757d">${esc(c.note)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#faf7fa;font-size:12px;color:#6c757d;line-height:1.5">${footer.map(esc).join('<br>')}${unsubscribe ? `<br><a href="${esc(unsubscribe.page)}" style="color:#733675">${esc(t('kernel:mail.unsubscribe'))}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    c.heading, '', ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.note ? [c.note, ''] : []),
    '-- ', ...footer,
    ...(unsubscribe ? [`${t('kernel:mail.unsubscribe')}: ${unsubscribe.page}`] : []),
  ].join('\n');
  const from = `"${name.replace(/"/g, '')}" <no-reply@${c.site.domain.includes('.') ? c.site.domain : 'localhost'}>`;
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { to: c.to, from, subject: c.subject, html, text, headers } satisfies MailMessage;
}

export function createMail(opts: { jobs: Jobs; texts: Texts; smtpUrl?: string; mailFrom?: string; outboxDir: string; log: Logger }): Mail {
  let unsubscribeLinks: UnsubscribeLinks | null = null;
  let transport: Transporter | null = null;
  const smtp = () => (transport ??= nodemailer.createTransport(opts.smtpUrl!));
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const mail: Mail = {
    texts: opts.texts,
    setUnsubscribeLinks(fn) { unsubscribeLinks = fn; },
    async queue(content, db) {
      checkRecipient(content.to);
      const links = content.userId != null && unsubscribeLinks
        ? await unsubscribeLinks(content.userId, content.category ?? 'all', siteOrigin(content.site)) : undefined;
      const msg = renderMail(content, opts.texts, links);
      if (opts.mailFrom) msg.from = opts.mailFrom;
      return opts.jobs.enqueue(MAIL_JOB, { ...msg }, { db });
    },
    async send(queued) {
      // An address object is taken as one recipient: nodemailer does not parse it for more.
      const msg = { ...queued, to: { name: '', address: checkRecipient(queued.to) } };
      if (opts.smtpUrl) {
        await smtp().sendMail(msg);
        return {};
      }
      const info = await outbox.sendMail(msg);
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = msg.to.address.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 60);
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}-${safeTo}.eml`);
      // A stream transport with `buffer: true` hands the whole message over as a Buffer.
      await fs.writeFile(file, Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message)));
      opts.log.info({ file, to: msg.to.address, subject: msg.subject }, 'mail written to the outbox (no SMTP_URL)');
      return { outboxFile: file };
    },
  };
  opts.jobs.handle(MAIL_JOB, async (payload) => { await mail.send(payload); }, { maxAttempts: 10 });
  return mail;
}
