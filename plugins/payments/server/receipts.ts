import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { DB } from '../../../kernel/server/db.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { accounts } from '../../auth/server.ts';
import type { CompaniesService } from '../../pages/server.ts';
import type { Payment, Receipt } from '../contract.ts';
import { formatMoney } from '../money.ts';
import type { PaymentRow } from './service.ts';

/** "2026-000042": the year it was paid and the payment's number (unique, in order, never reused). */
export const receiptNumber = (row: Pick<PaymentRow, 'id' | 'paid_at' | 'created_at'>) =>
  `${new Date(row.paid_at ?? row.created_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;

/** Intl's name for our languages ('no' is Bokmål). */
const intlLocale = (lng: string | null | undefined) => (lng === 'no' ? 'nb' : lng || 'en');

/** What receipts need: the kernel, and the companies (the pages plugin's service) when it is installed. */
export interface ReceiptDeps { kernel: Kernel; companies: CompaniesService | undefined }

/** The seller's legal data for a site: its company (pages plugin), when one is configured and on. */
async function seller({ kernel, companies }: ReceiptDeps, site: SiteSettings): Promise<Receipt['company']> {
  const c = kernel.enabled(site).has('pages') ? await companies?.company(site.company_id) : null;
  return c ? { name: c.name, address: c.address, city: c.city, country: c.country, kvk: c.kvk, vat_numbers: c.vat_numbers ?? [] } : null;
}

/** A completed payment's receipt (what the mail says and /transactions shows). */
export async function receiptFor(deps: ReceiptDeps, site: SiteSettings, row: PaymentRow, payment: Payment, on: DB = deps.kernel.db): Promise<Receipt | null> {
  if (!row.credited || row.user_id == null) return null;
  const who = await accounts.contact(on, row.user_id);
  return { number: receiptNumber(row), payment, company: await seller(deps, site), site_name: site.name, customer: who?.email ?? '' };
}

export const RECEIPT_JOB = 'payments:receipt';

declare module '../../../kernel/server/jobs.ts' {
  interface JobPayloads {
    /** Mails the receipt of a payment just credited (queued in the transaction that credits it). */
    'payments:receipt': { payment: number };
  }
}

/**
 * Queues the receipt in the transaction that grants the credits (a payment credited once is mailed
 * once); the job renders and sends it afterwards, outside that transaction.
 */
export async function queueReceipt(kernel: Kernel, trx: DB, row: PaymentRow): Promise<void> {
  if (row.user_id == null) return;
  await kernel.jobs.enqueue(RECEIPT_JOB, { payment: row.id }, { db: trx });
}

/** The receipt mail in the member's language. A direct debit's receipt is also its pre-notification. */
export async function sendReceiptMail(deps: ReceiptDeps, paymentId: number): Promise<void> {
  const { kernel } = deps;
  const row = await kernel.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!row?.credited || row.user_id == null) return;
  const who = await accounts.contact(kernel.db, row.user_id);
  if (!who) return;
  const site = await kernel.sites.resolve(row.domain);
  const company = await seller(deps, site);
  const locale = who.language;
  const money = (minor: number) => formatMoney(minor, row.currency, intlLocale(locale));
  const name = site.mail_name || site.name;
  const t = (key: string, p: Record<string, string | number> = {}) => kernel.mail.texts.t(locale, `payments:mail.receipt.${key}`, { name, ...p });
  const number = receiptNumber(row);
  const date = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(row.paid_at ?? row.updated_at));
  const paragraphs = [
    t('intro', { credits: row.credits }),
    t('number', { number }),
    t('date', { date }),
    t('package', { credits: row.credits }),
    t('method', { method: kernel.mail.texts.t(locale, `payments:methods.${row.method}`) }),
    ...(row.fee > 0 ? [t('fee', { fee: money(row.fee) })] : []),
    ...(row.discount > 0 ? [t('discount', { discount: money(row.discount) })] : []),
    t('amount', { amount: money(row.amount) }),
    ...(row.method === 'directdebit' ? [t('directdebit', { amount: money(row.amount), account: row.account_hint ?? '' })] : []),
    ...(company ? [t('seller', {
      company: company.name, address: `${company.address}, ${company.city}, ${company.country}`,
      kvk: company.kvk, vat: company.vat_numbers.join(', ') || '—',
    })] : []),
  ];
  await kernel.mail.queue({
    to: who.email, locale, site,
    subject: t('subject', { number }), heading: t('heading'), paragraphs,
    action: { label: t('view'), path: `/transactions/${row.id}` },
  });
}

/** Tells the member a refund is on its way (credits taken back, money to follow from the provider). */
export async function queueRefundMail(kernel: Kernel, row: PaymentRow): Promise<void> {
  if (row.user_id == null) return;
  const who = await accounts.contact(kernel.db, row.user_id);
  if (!who) return;
  const site = await kernel.sites.resolve(row.domain);
  const locale = who.language;
  const name = site.mail_name || site.name;
  const t = (key: string, p: Record<string, string | number> = {}) => kernel.mail.texts.t(locale, `payments:mail.refund.${key}`, { name, ...p });
  const amount = formatMoney(row.refunded_amount, row.currency, intlLocale(locale));
  await kernel.mail.queue({
    to: who.email, locale, site,
    subject: t('subject'), heading: t('heading'),
    paragraphs: [t('body', { credits: row.refunded_credits, amount, number: receiptNumber(row) }), t('when')],
    action: { label: t('view'), path: `/transactions/${row.id}` },
  });
}
