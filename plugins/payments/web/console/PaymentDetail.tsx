import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, Dialog, Notice, Page, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { consoleChargeback, consolePayment, consoleRefund, type ConsolePaymentDetail } from '../../contract.ts';
import { dateTime, failure, money } from './format.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** One payment: what was sold, what the provider said, the ledger entries, refund and chargeback. */
export function PaymentDetail({ id }: { id: number }) {
  const { api, t, i18n, navigate } = useConsole('payments');
  const [detail, setDetail] = useState<ConsolePaymentDetail | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [dialog, setDialog] = useState<'refund' | 'chargeback' | null>(null);
  const lng = i18n.language;

  const load = useCallback(async () => {
    try {
      setDetail(await api.call(consolePayment, { query: { id } }));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  }, [api, id]);
  useEffect(() => { void load(); }, [load]);

  const back = <Button onClick={() => navigate('/operator/payments')}>{t('detail.back')}</Button>;
  if (!detail) return <Page title={t('detail.title', { id })} actions={back}>{message ? <Notice kind="error">{message.text}</Notice> : <p>{t('loading')}</p>}</Page>;
  const p = detail.payment;
  const r = detail.refund;
  const m = (minor: number) => money(minor, p.currency, lng);
  const facts: [string, string][] = [
    [t('payments.status'), t(`status.${p.status}`)],
    [t('payments.member'), p.user_id == null ? t('payments.erased') : `${p.email ?? ''} (${p.user_id})`],
    [t('payments.domain'), p.domain],
    [t('payments.amount'), `${m(p.amount)} (${t('detail.feeDiscount', { fee: m(p.fee), discount: m(p.discount) })})`],
    [t('payments.credits'), t('detail.package', { credits: p.credits, id: p.package_id })],
    [t('payments.method'), p.method],
    [t('payments.country'), p.country],
    [t('detail.provider'), `${p.provider} ${p.provider_id ?? ''}`],
    [t('payments.created'), dateTime(p.created_at, lng)],
    [t('detail.paid'), dateTime(p.paid_at, lng)],
    [t('detail.refunded'), t('detail.refundedValue', { credits: p.refunded_credits, amount: m(p.refunded_amount) })],
    [t('detail.reversed'), String(p.reversed_credits)],
    [t('detail.refundUntil'), r.refund_until ? t('detail.refundUntilValue', { date: dateTime(r.refund_until, lng), days: r.refund_days }) : '—'],
  ];
  const canChargeback = p.status === 'paid' || p.status === 'refunded';

  return (
    <Page title={t('detail.title', { id })} actions={<>
      {back}
      <Button kind="danger" disabled={r.refundable_credits <= 0} onClick={() => setDialog('refund')}>{t('refund.open')}</Button>
      <Button kind="danger" disabled={!canChargeback} onClick={() => setDialog('chargeback')}>{t('chargeback.open')}</Button>
    </>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: '0 0 16px' }}>
        {facts.map(([k, v]) => [<dt key={`${k}-t`} style={{ fontWeight: 600 }}>{k}</dt>, <dd key={`${k}-d`} style={{ margin: 0 }}>{v}</dd>])}
      </dl>
      <DataTable caption={t('detail.events')} rows={detail.events} rowKey={(e) => e.id} empty={t('detail.noEvents')} columns={[
        { key: 'at', label: t('detail.at'), render: (e) => dateTime(e.at, lng) },
        { key: 'status', label: t('payments.status') },
        { key: 'source', label: t('detail.source') },
        { key: 'note', label: t('detail.note') },
      ]} />
      <div style={{ height: 16 }} />
      <DataTable caption={t('detail.ledger')} rows={detail.ledger} rowKey={(l) => l.id} empty={t('detail.noLedger')} columns={[
        { key: 'created_at', label: t('detail.at'), render: (l) => dateTime(l.created_at, lng) },
        { key: 'amount', label: t('detail.ledgerAmount') },
        { key: 'balance_after', label: t('detail.balanceAfter') },
        { key: 'reason', label: t('detail.reason') },
        { key: 'reference', label: t('detail.reference') },
      ]} />
      <div style={{ height: 16 }} />
      <DataTable caption={t('detail.refunds')} rows={detail.refunds} rowKey={(x) => x.id} empty={t('detail.noRefunds')} columns={[
        { key: 'created_at', label: t('detail.at'), render: (x) => dateTime(x.created_at, lng) },
        { key: 'credits', label: t('payments.credits') },
        { key: 'amount', label: t('payments.amount'), render: (x) => m(x.amount) },
        { key: 'status', label: t('payments.status') },
        { key: 'provider_refund_id', label: t('detail.provider') },
      ]} />
      <RefundDialog open={dialog === 'refund'} detail={detail} onClose={() => setDialog(null)} onDone={(d, msg) => { setDetail(d); setMessage(msg); setDialog(null); }} />
      <ChargebackDialog open={dialog === 'chargeback'} detail={detail} onClose={() => setDialog(null)} onDone={(d, msg) => { setDetail(d); setMessage(msg); setDialog(null); }} />
    </Page>
  );
}

interface DialogProps { open: boolean; detail: ConsolePaymentDetail; onClose(): void; onDone(d: ConsolePaymentDetail, m: Message): void }

/**
 * The refund: what goes back (the unused credits and their share of the price); after refund_days
 * a reason is required. One request at a time (the server refunds once anyway).
 */
function RefundDialog({ open, detail, onClose, onDone }: DialogProps) {
  const { api, t, i18n } = useConsole('payments');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const r = detail.refund;
  const late = !r.within_refund_days;
  const amount = money(r.refundable_amount, detail.payment.currency, i18n.language);
  const submit = async () => {
    if (sending.current) return;
    if (late && !reason.trim()) { setError(t('refund.reasonRequired', { days: r.refund_days })); return; }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const res = await api.call(consoleRefund, { body: { id: detail.payment.id, ...(reason.trim() ? { reason: reason.trim() } : {}) } });
      onDone(res.detail, { kind: 'success', text: res.already ? t('refund.already') : t('refund.done', { amount }) });
      setReason('');
    } catch (e) {
      setError(failure(e));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('refund.title', { id: detail.payment.id })} open={open} onClose={onClose} closeLabel={t('close')}>
      <p>{t('refund.what', { credits: r.refundable_credits, amount })}</p>
      {late && <Notice kind="info">{t('refund.late', { days: r.refund_days })}</Notice>}
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <TextField label={late ? t('refund.reasonRequiredLabel') : t('refund.reasonLabel')} value={reason} onChange={setReason} multiline
          error={error} />
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="danger" type="submit" disabled={busy}>{t('refund.confirm', { amount })}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A chargeback the bank or provider told of: recorded with its reason; the unused credits go. */
function ChargebackDialog({ open, detail, onClose, onDone }: DialogProps) {
  const { api, t } = useConsole('payments');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (reason.trim().length < 3) { setError(t('chargeback.reasonRequired')); return; }
    setBusy(true);
    setError(null);
    try {
      const res = await api.call(consoleChargeback, { body: { id: detail.payment.id, reason: reason.trim() } });
      onDone(res.detail, { kind: 'success', text: res.changed ? t('chargeback.done') : t('chargeback.already') });
      setReason('');
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('chargeback.title', { id: detail.payment.id })} open={open} onClose={onClose} closeLabel={t('close')}>
      <p>{t('chargeback.what')}</p>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <TextField label={t('chargeback.reasonLabel')} value={reason} onChange={setReason} multiline error={error} />
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="danger" type="submit" disabled={busy}>{t('chargeback.confirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
