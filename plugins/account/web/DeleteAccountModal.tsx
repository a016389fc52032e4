import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { NOTIFICATION_CATEGORIES, saveNotifications } from '../../notifications/contract.ts';
import { companyInfo } from '../../pages/contract.ts';
import { deleteAccount, DELETE_REASONS, REACTIVATION_DAYS, type DeleteReason } from '../contract.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import type { ModalProps } from '../../../kernel/web/plugin.ts';

const notificationsRoute = routeRef('notifications');
const profileRoute = routeRef('profile');

type Offer = { key: 'discount' | 'break' | 'found' | 'replies' | 'privacy'; accept?: () => void };

/** Leaving: why, an offer that fits the reason (the company's delete discount among them), then the password. */
export default function DeleteAccountModal({ close }: { close(): void; props: ModalProps['delete-account'] }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [step, setStep] = useState<'reason' | 'offer' | 'confirm'>('reason');
  const [reason, setReason] = useState<DeleteReason | ''>('');
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [discount, setDiscount] = useState(0);

  useEffect(() => {
    // The operator's retention discount (companyinfo.php belongs to the pages feature; without it, no discount).
    kernel.api.call(companyInfo, {}, { retries: 1 })
      .then((r) => setDiscount(Number(r.company.delete_discount) || 0), () => {});
  }, [kernel]);

  const keep = (text = t('account:delete.kept')) => {
    close();
    kernel.appState.toast(text, 'success');
  };
  const offerFor = (r: DeleteReason): Offer | null => {
    switch (r) {
      case 'too_expensive': return discount > 0 ? { key: 'discount' } : null;
      case 'taking_break': return kernel.router.resolve(notificationsRoute) ? {
        key: 'break',
        accept: () => {
          kernel.api.call(saveNotifications, { body: { notifications_disabled: [...NOTIFICATION_CATEGORIES] } })
            .then(() => authSlice.of(kernel).fetchUser()).catch(() => {});
          keep();
        },
      } : null;
      case 'found_partner': return { key: 'found' };
      case 'not_enough_replies': {
        const profile = kernel.router.resolve(profileRoute);
        return profile ? { key: 'replies', accept: () => { close(); kernel.router.go(profile); } } : { key: 'replies' };
      }
      case 'privacy': return { key: 'privacy' };
      default: return null;
    }
  };
  const offer = reason ? offerFor(reason) : null;

  const toNext = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setStep(offer ? 'offer' : 'confirm');
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setBusy(true);
    setError(null);
    try {
      await kernel.api.call(deleteAccount, { body: { reason, comment: comment.trim() || undefined, password } }, { retries: 0 });
      close();
      authSlice.of(kernel).setUser(null);
      kernel.router.navigate('account-deleted');
    } catch (err) {
      setError(errorText(t, err, 'account'));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('account:delete.title')} onClose={close} size="md">
      {step === 'reason' && (
        <form onSubmit={toNext}>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('account:delete.reasonTitle')}</legend>
            {DELETE_REASONS.map((r) => (
              <label key={r} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 0' }}>
                <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} /> {t(`account:delete.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="delete-comment" style={{ display: 'block', fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{t('account:delete.comment')}</label>
          <textarea id="delete-comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)}
            style={{ width: '100%', padding: '8px 12px', border: '1px solid #dee2e6', borderRadius: 8, font: 'inherit', marginBottom: 12 }} />
          <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            <Button onClick={() => keep()}>{t('account:delete.keep')}</Button>
            <Button type="submit" data-variant="outline" disabled={!reason}>{t('account:delete.next')}</Button>
          </div>
        </form>
      )}
      {step === 'offer' && offer && (
        <div>
          <h3>{t(`account:delete.offers.${offer.key}.title`, { discount })}</h3>
          <p>{t(`account:delete.offers.${offer.key}.text`, { discount })}</p>
          <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            {offer.accept ? <Button onClick={offer.accept}>{t(`account:delete.offers.${offer.key}.accept`)}</Button> : <Button onClick={() => keep()}>{t('account:delete.keep')}</Button>}
            <Button data-variant="outline" onClick={() => setStep('confirm')}>{t('account:delete.stillDelete')}</Button>
          </div>
        </div>
      )}
      {step === 'confirm' && (
        <form onSubmit={confirm} noValidate>
          <h3>{t('account:delete.confirmTitle')}</h3>
          <p>{t('account:delete.confirmText', { days: REACTIVATION_DAYS })}</p>
          <Field label={t('account:delete.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <FormError message={error} />
          <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            <Button onClick={() => keep()}>{t('account:delete.keep')}</Button>
            <Button type="submit" data-variant="outline" disabled={busy || !password}>{t('account:delete.confirm')}</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
