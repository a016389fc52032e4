import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { REPORT_REASONS, reportMember, type ReportReason } from '../contract.ts';
import type { ModalProps } from '../../../kernel/web/plugin.ts';

/** Reporting a profile to support: a reason and, if wanted, what happened. */
export default function ReportModal({ close, props }: { close(): void; props: ModalProps['report'] }) {
  const { api, appState } = useKernel();
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('members:report.chooseReason'));
    setBusy(true);
    try {
      await api.call(reportMember, { body: { id: props.id, reason, comment } });
      appState.toast(t('members:report.thanks'), 'success');
      close();
    } catch (err) {
      setError(errorText(t, err, 'members'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('members:report.title', { name: props.name })} onClose={close}>
      <form onSubmit={submit} noValidate>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend>{t('members:report.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} style={{ display: 'block', padding: '4px 0' }}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => { setReason(r); setError(null); }} /> {t(`members:report.reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor="report-comment" style={{ display: 'block', fontWeight: 600 }}>{t('members:report.comment')}</label>
        <textarea id="report-comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} style={{ width: '100%', boxSizing: 'border-box' }} />
        <FormError message={error} />
        <Button type="submit" disabled={busy} style={{ marginTop: 12 }}>{t('members:report.submit')}</Button>
      </form>
    </Modal>
  );
}
