// "Refund unused credits" on a paid payment's page: what can still be refunded and until when, a
// confirmation dialog, then the result. The server decides what is refundable; this only shows it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { authSlice } from '../../auth/ui.ts';
import type { Payment } from '../contract.ts';
import { refundPayment } from './api.ts';
import { formatMoney } from '../money.ts';
import { useLocale } from './ui.tsx';

/** Whether the member may still ask for a refund of this payment (as of `now`). */
export const refundable = (p: Payment, now = Date.now()) =>
  p.status === 'paid' && p.refundable_credits > 0 && !!p.refund_until && new Date(p.refund_until).getTime() > now;

/** "Refunded: 100 credits (€16.66)" on payments that have had a refund. */
export function RefundedLine({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (payment.refunded_credits <= 0 && payment.refunded_amount <= 0) return null;
  return <p>{t('payments:refund.refunded', { credits: payment.refunded_credits, amount: formatMoney(payment.refunded_amount, payment.currency, locale) })}</p>;
}

export function RefundSection({ payment, onRefunded }: { payment: Payment; onRefunded(p: Payment): void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ credits: number; amount: string } | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  // The dialog gives focus back to its button, which is gone after a refund: the result takes it.
  useEffect(() => { if (done) result.current?.focus(); }, [done]);
  const money = (minor: number) => formatMoney(minor, payment.currency, locale);

  if (!done && !refundable(payment)) return null;
  const credits = payment.refundable_credits;
  const amount = money(payment.refundable_amount);

  const refund = async () => {
    setBusy(true);
    setError(null);
    try {
      const after = await refundPayment(kernel.api, payment.id);
      // What this refund gave back (the server's figures), else what the member agreed to.
      const gotCredits = after.refunded_credits - payment.refunded_credits;
      const gotAmount = after.refunded_amount - payment.refunded_amount;
      setDone({ credits: gotCredits > 0 ? gotCredits : credits, amount: gotAmount > 0 ? money(gotAmount) : amount });
      setOpen(false);
      onRefunded(after);
      // The balance in the navigation.
      authSlice.of(kernel).fetchUser().catch(() => {});
    } catch (err) {
      setError(errorText(t, err, 'payments'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="refund-title">
      <h2 id="refund-title">{t('payments:refund.title')}</h2>
      {done ? (
        <Notice ref={result} role="status" tabIndex={-1}>{t('payments:refund.done', done)}</Notice>
      ) : (
        <>
          <p>{t('payments:refund.text', { credits, amount, date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(payment.refund_until!)) })}</p>
          <Button data-variant="outline" onClick={() => { setError(null); setOpen(true); }}>{t('payments:refund.button')}</Button>
        </>
      )}
      {open && (
        <Modal title={t('payments:refund.confirmTitle', { credits })} size="sm" onClose={() => !busy && setOpen(false)} locked={busy}>
          <p>{t('payments:refund.confirmText', { credits, amount })}</p>
          <FormError message={error} />
          <div className="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
            <Button onClick={refund} disabled={busy} aria-busy={busy || undefined}>{t('payments:refund.confirm', { amount })}</Button>
            <Button data-variant="outline" onClick={() => setOpen(false)} disabled={busy}>{t('payments:refund.cancel')}</Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
