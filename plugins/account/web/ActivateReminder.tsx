import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { AlertBar } from '../../../kernel/web/ui/AlertBar.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { isSmartphone } from '../../../kernel/web/intl.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { authSlice } from '../../auth/ui.ts';
import { resendActivation } from '../contract.ts';

/**
 * "Confirm your e-mail address" with a resend button: a dialog right after signup on a smartphone
 * (the address carries api_signup_complete), otherwise a bar under the navigation.
 */
export default observer(function ActivateReminder() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const [state, setState] = useState<'idle' | 'sent' | string>('idle');
  const [modalClosed, setModalClosed] = useState(false);
  // Right after signup the address carries api_signup_complete (the reminder may already be mounted by
  // then). A phone is known in the browser alone: the server's render and hydrating show the bar.
  const modalOpen = !modalClosed && kernel.appState.settled && 'api_signup_complete' in kernel.appState.route.query && isSmartphone();
  const setModalOpen = (open: boolean) => setModalClosed(!open);
  const resend = () => kernel.api.call(resendActivation, { body: {} }).then(() => setState('sent'), (err) => setState(errorText(t, err, 'account')));
  const text = state === 'idle' ? t('account:reminder.text', { email: auth.user?.email ?? '' }) : state === 'sent' ? t('account:reminder.sent') : state;
  const action = state === 'idle' && <Button data-variant="outline" onClick={resend}>{t('account:reminder.resend')}</Button>;
  if (modalOpen) {
    return (
      <Modal title={t('account:reminder.modalTitle')} onClose={() => setModalOpen(false)} size="sm">
        <p role="status">{text}</p>
        <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>{action}<Button onClick={() => setModalOpen(false)}>{t('account:reminder.later')}</Button></div>
      </Modal>
    );
  }
  return <AlertBar actions={action}>{text}</AlertBar>;
});
