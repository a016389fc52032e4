import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { Card, Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { authSlice } from '../../auth/ui.ts';
import type { Payment } from '../contract.ts';
import { getHistory, getOffer, getPayment } from './api.ts';
import { methodFits } from './methods.ts';
import { formatMoney } from '../money.ts';
import { MethodList, Page, useLoad, useLocale } from './ui.tsx';
import { RefundedLine, RefundSection } from './Refund.tsx';
import { hasReceipt, ReceiptSection } from './Receipt.tsx';

/** Where a member goes after buying: the chats (another plugin's), else the member search. */
const ONWARDS = [routeRef('chats'), routeRef('members')];

/** While a payment is open or pending the page asks again this often (the socket may be down). */
export const POLL_MS = 3000;
const WAITING = new Set(['open', 'pending']);
const FAILED = new Set(['failed', 'canceled', 'expired']);

/** The payment with this id, kept current by the server's `payments:status` events and by polling. */
function useLivePayment(id: number) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = payment?.status;
  useEffect(() => {
    let live = true;
    setPayment(null);
    setError(null);
    getPayment(kernel.api, id).then((p) => live && setPayment(p), (err) => live && setError(errorText(t, err, 'payments')));
    const off = kernel.bus.on('realtime:event', (e) => {
      if (e.type === 'payments:status' && e.payment.id === id) setPayment(e.payment);
    });
    return () => { live = false; off(); };
  }, [kernel, id, t]);
  useEffect(() => {
    if (!status || !WAITING.has(status)) return;
    let live = true;
    const timer = setInterval(() => {
      getPayment(kernel.api, id).then((p) => { if (live) setPayment(p); }, () => {});
    }, POLL_MS);
    return () => { live = false; clearInterval(timer); };
  }, [kernel, id, status]);
  return { payment, error, setPayment };
}

/**
 * A repeat order's card payment (the card stored at the provider) failed: pay the same package by
 * entering the card (a normal checkout) or with PayPal.
 */
function StoredCardFailed({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <>
      <Notice role="alert" data-tone="danger">{t('payments:transaction.storedCardFailed.text')}</Notice>
      <div className="actions">
        <Link className={buttonClass} to="credits-id-paymentmethod" params={{ id: payment.package_id, paymentmethod: 'creditcard' }}>
          {t('payments:transaction.storedCardFailed.card')}
        </Link>
        <Link className={buttonClass} data-variant="outline" to="credits-id-paymentmethod" params={{ id: payment.package_id, paymentmethod: 'paypal' }}>
          {t('payments:transaction.storedCardFailed.paypal')}
        </Link>
      </div>
    </>
  );
}

/** The other methods for this package, after a failed attempt. */
function OtherMethods({ payment }: { payment: Payment }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const offer = useLoad(() => getOffer(kernel.api));
  // Methods that can take this package (a maximum may rule one out), other than the one that failed.
  const pkg = offer.data?.packages.find((p) => p.id === payment.package_id);
  const others = offer.data?.methods.filter((m) => m.method !== payment.method && (!pkg || methodFits(m, pkg))) ?? [];
  if (!offer.data) return offer.error ? <FormError message={offer.error} /> : null;
  return (
    <>
      <h2 id="other-methods">{t('payments:transaction.otherMethods')}</h2>
      <MethodList aria-labelledby="other-methods">
        {others.map((m) => (
          <li key={m.method}><Link to="credits-id-paymentmethod" params={{ id: payment.package_id, paymentmethod: m.method }}>{t(`payments:methods.${m.method}`)}</Link></li>
        ))}
      </MethodList>
      {/* A returned direct debit blocks direct debit: no "try again" there. */}
      {payment.method !== 'directdebit' && <p><Link to="credits-id-paymentmethod" params={{ id: payment.package_id, paymentmethod: payment.method }}>{t('payments:transaction.retry')}</Link></p>}
    </>
  );
}

function Result({ id, showReceipt }: { id: number; showReceipt: boolean }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const { payment, error, setPayment } = useLivePayment(id);
  const paid = payment?.status === 'paid';
  // A direct debit the provider accepted is credited at once, though the bank collects only in the
  // next days (pending meanwhile): no "processing" spinner for days, the credits are there now.
  const debitAccepted = payment?.method === 'directdebit' && payment.status === 'pending';
  // The balance in the navigation: the server has credited the member by now.
  useEffect(() => { if (paid || debitAccepted) authSlice.of(kernel).fetchUser().catch(() => {}); }, [kernel, paid, debitAccepted]);
  if (error) return <Card><h1>{t('payments:transaction.title')}</h1><FormError message={error} /></Card>;
  if (!payment) return <Spinner />;
  // Onwards to the chats, else the member search, where the site has them.
  const onwards = ONWARDS.find((r) => kernel.router.resolve(r) != null);
  return (
    <ResultCard aria-live="polite">
      {WAITING.has(payment.status) && !debitAccepted && (
        <>
          <h1>{t('payments:transaction.processing')}</h1>
          <p>{t('payments:transaction.processingText')}</p>
          {payment.method === 'banktransfer' && <p>{t('payments:method.delayed')}</p>}
          <Spinner />
        </>
      )}
      {(paid || debitAccepted) && (
        <>
          <h1>{t(paid ? 'payments:transaction.completed' : 'payments:transaction.debitAccepted')}</h1>
          <Notice role="status">{t('payments:transaction.added', { credits: payment.credits })}</Notice>
          {debitAccepted && (
            <p>{t('payments:mail.receipt.directdebit', { amount: formatMoney(payment.amount, payment.currency, kernel.appState.locale), account: payment.account_hint ?? '' })}</p>
          )}
          <div className="actions">
            {onwards && <Link className={buttonClass} to={onwards}>{t(`payments:transaction.onwards.${onwards.route}`)}</Link>}
            <Link className={buttonClass} data-variant="outline" to="credits">{t('payments:transaction.buyMore')}</Link>
          </div>
        </>
      )}
      {FAILED.has(payment.status) && (
        <>
          <h1>{t('payments:transaction.failedTitle')}</h1>
          {payment.repeat && payment.method === 'creditcard' ? <StoredCardFailed payment={payment} /> : (
            <>
              <Notice role="alert" data-tone="danger">{t('payments:transaction.failed')}</Notice>
              <OtherMethods payment={payment} />
            </>
          )}
        </>
      )}
      {(payment.status === 'refunded' || payment.status === 'charged_back') && (
        <>
          <h1>{t('payments:transaction.title')}</h1>
          <p role="status">{t(`payments:status.${payment.status}`)}</p>
        </>
      )}
      <RefundedLine payment={payment} />
      <RefundSection payment={payment} onRefunded={setPayment} />
      <ReceiptSection payment={payment} initiallyOpen={showReceipt} />
    </ResultCard>
  );
}

/** The result, then the refund and receipt sections, each set apart under its own heading. */
const ResultCard = styled(Card)`
  > section { margin-top: 28px; }
  > section > h2 { margin: 0 0 10px; font-size: 20px; color: ${colors.dark}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: #fff;
  th, td { padding: 10px 8px; border-bottom: 1px solid ${colors.border}; text-align: left; }
  th { color: ${colors.dark}; font-size: 14px; }
  td.num { text-align: right; white-space: nowrap; }
`;

/** /transactions: the member's payments, newest first. */
function History() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const locale = useLocale();
  const history = useLoad(() => getHistory(kernel.api));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Page className="container">
      <h1>{t('payments:history.title')}</h1>
      <FormError message={history.error} />
      {!history.data && !history.error && <Spinner />}
      {history.data?.length === 0 && <p role="status">{t('payments:history.empty')} <Link to="credits">{t('payments:history.buy')}</Link></p>}
      {!!history.data?.length && (
        <div style={{ overflowX: 'auto' }}>
          <Table>
            <caption style={{ position: 'absolute', left: -9999 }}>{t('payments:history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments:history.date')}</th>
                <th scope="col">{t('payments:history.credits')}</th>
                <th scope="col">{t('payments:history.amount')}</th>
                <th scope="col">{t('payments:history.method')}</th>
                <th scope="col">{t('payments:history.status')}</th>
                <th scope="col">{t('payments:receipt.title')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((p) => (
                <tr key={p.id}>
                  <td><Link to="transactions-id" params={{ id: p.id }}>{date.format(new Date(p.created_at))}</Link></td>
                  <td className="num">{p.credits}</td>
                  <td className="num">
                    {formatMoney(p.amount, p.currency, locale)}
                    {p.refunded_amount > 0 && <><br /><small>{t('payments:refund.refundedShort', { amount: formatMoney(p.refunded_amount, p.currency, locale) })}</small></>}
                  </td>
                  <td>{t(`payments:methods.${p.method}`)}</td>
                  <td>{t(`payments:status.${p.status}`)}</td>
                  <td>
                    {hasReceipt(p) && (
                      <Link to="transactions-id" params={{ id: p.id }} query={{ receipt: '1' }}
                        aria-label={t('payments:receipt.linkLabel', { date: date.format(new Date(p.paid_at ?? p.created_at)) })}>
                        {t('payments:receipt.title')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Page>
  );
}

/** /transactions/:id: the result of a payment (processing, completed, failed); without id the history. */
export default observer(function TransactionPage({ params, query }: PageProps) {
  const { t } = useTranslation();
  const id = Number(params.id);
  if (!params.id) return <History />;
  if (!Number.isInteger(id) || id <= 0) return <div className="container"><Card><p role="alert">{t('payments:transaction.notFound')}</p></Card></div>;
  return <div className="container"><Result key={id} id={id} showReceipt={query.receipt === '1'} /></div>;
});
