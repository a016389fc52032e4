import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { SignupGate } from './SignupGate.tsx';
import { signupSlice } from './store.ts';
import type { ModalProps } from '../../../kernel/web/plugin.ts';

/** The signup dialog, openable from any layout; while a signup is under way only its × closes it. */
export default observer(function SignupModal({ close }: { close(): void; props: ModalProps['signup'] }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = signupSlice.of(kernel);
  const finish = () => {
    close();
    store.clear();
    kernel.router.navigate('signup-matches', {}, { api_signup_complete: '1' });
  };
  return (
    // Closing after the account exists goes on to the suggestions, as the last button does.
    <Modal title={t('signup:modalTitle')} onClose={store.done ? finish : close} locked={store.inProgress} closable>
      <SignupGate onDone={finish} onLogin={close} />
    </Modal>
  );
});
