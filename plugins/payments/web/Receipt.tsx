// The receipt of a completed payment (as mailed), shown on its page and printable: the seller, the
// receipt number and date, the customer, what was bought and how it was paid.
import { useEffect, useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { countryName } from '../../../kernel/web/intl.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import type { Payment, PaymentStatus, Receipt } from '../contract.ts';
import { getReceipt } from './api.ts';
import { formatMoney } from '../money.ts';
import { MUTED_TEXT } from './muted.ts';
import { useLocale } from './ui.tsx';

/** Payments that were paid at some point have a receipt. */
export const RECEIPT_STATUSES: PaymentStatus[] = ['paid', 'refunded', 'charged_back'];
export const hasReceipt = (p: Payment) => RECEIPT_STATUSES.includes(p.status);

/** Seams for tests. */
export const printer = { print: () => window.print() };

const Sheet = styled.article`
  margin-top: 12px;
  padding: 18px 16px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: #fff;
  h3 { margin: 0 0 12px; font-size: 20px; color: ${colors.dark}; }
  address { font-style: normal; margin-bottom: 12px; }
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 4px 16px; margin: 0 0 12px; }
  dt { color: ${MUTED_TEXT}; }
  /* A long e-mail address wraps inside the sheet on a 375 px phone. */
  dd { margin: 0; overflow-wrap: anywhere; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 12px; }
  th, td { padding: 6px 0; border-bottom: 1px solid ${colors.border}; text-align: left; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  tfoot th, tfoot td { font-weight: 700; border-bottom: 0; }
  /* Printed: the receipt alone on the page. */
  @media print {
    :global(body *) { visibility: hidden; }
    &, & * { visibility: visible; }
    & { position: absolute; left: 0; top: 0; width: 100%; border: 0; }
    .no-print { display: none; }
  }
`;

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = receipt.payment;
  const money = (minor: number) => formatMoney(minor, p.currency, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(p.paid_at ?? p.created_at));
  const seller = receipt.company;
  const method = t(`payments:methods.${p.method}`) + (p.account_hint ? ` (…${p.account_hint})` : '');
  return (
    <Sheet aria-labelledby="receipt-heading">
      <h3 id="receipt-heading">{t('payments:receipt.heading', { number: receipt.number })}</h3>
      <address aria-label={t('payments:receipt.seller')}>
        <strong>{seller?.name ?? receipt.site_name}</strong>
        {seller && (
          <>
            <br />{seller.address}
            <br />{seller.city}
            <br />{countryName(seller.country, locale)}
            {seller.kvk && <><br />{t('payments:receipt.kvk', { kvk: seller.kvk })}</>}
            {seller.vat_numbers.map((v) => <span key={v}><br />{t('payments:receipt.vat', { vat: v })}</span>)}
          </>
        )}
      </address>
      <dl>
        <dt>{t('payments:receipt.number')}</dt><dd>{receipt.number}</dd>
        <dt>{t('payments:receipt.date')}</dt><dd>{date}</dd>
        <dt>{t('payments:receipt.customer')}</dt><dd>{receipt.customer}</dd>
        <dt>{t('payments:receipt.method')}</dt><dd>{method}</dd>
      </dl>
      <table>
        <caption className="visually-hidden">{t('payments:receipt.items')}</caption>
        <thead>
          <tr><th scope="col">{t('payments:receipt.description')}</th><th scope="col" className="num">{t('payments:receipt.amount')}</th></tr>
        </thead>
        <tbody>
          {/* The package's price: what was charged without the fee and before the discount. */}
          <tr><td>{t('payments:package.credits', { credits: p.credits })}</td><td className="num">{money(p.amount - p.fee + p.discount)}</td></tr>
          {p.fee > 0 && <tr><td>{t('payments:receipt.fee')}</td><td className="num">{money(p.fee)}</td></tr>}
          {p.discount > 0 && <tr><td>{t('payments:receipt.discount')}</td><td className="num">{money(-p.discount)}</td></tr>}
        </tbody>
        <tfoot>
          <tr><th scope="row">{t('payments:receipt.total')}</th><td className="num">{money(p.amount)}</td></tr>
          {p.refunded_amount > 0 && <tr><th scope="row">{t('payments:receipt.refunded')}</th><td className="num">{money(-p.refunded_amount)}</td></tr>}
        </tfoot>
      </table>
      <Button className="no-print" onClick={() => printer.print()}>{t('payments:receipt.print')}</Button>
    </Sheet>
  );
}

/** A "Receipt" button that loads the receipt and shows it; `initiallyOpen` from the history's link. */
export function ReceiptSection({ payment, initiallyOpen = false }: { payment: Payment; initiallyOpen?: boolean }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Loaded once per payment state: a refund changes what the receipt says.
  const version = `${payment.id}-${payment.status}-${payment.refunded_amount}`;
  useEffect(() => {
    if (!open) return;
    let live = true;
    setError(null);
    getReceipt(kernel.api, payment.id).then((r) => live && setReceipt(r), (err) => live && setError(errorText(t, err, 'payments')));
    return () => { live = false; };
  }, [open, version]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!hasReceipt(payment)) return null;
  return (
    <section aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('payments:receipt.title')}</h2>
      <Button data-variant="outline" aria-expanded={open} aria-controls="receipt-body" onClick={() => setOpen(!open)}>
        {open ? t('payments:receipt.hide') : t('payments:receipt.show')}
      </Button>
      <div id="receipt-body">
        {open && (error ? <FormError message={error} /> : receipt ? <ReceiptView receipt={receipt} /> : <Spinner />)}
      </div>
    </section>
  );
}
