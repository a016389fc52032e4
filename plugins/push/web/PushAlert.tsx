import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { AlertBar } from '../../../kernel/web/ui/AlertBar.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { pushSlice } from './store.ts';

/** ENABLE_PUSH_ALERT with ENABLE_PUSH_BTN: asks the member to allow notifications in this browser. */
export default observer(function PushAlert({ dismiss }: { dismiss(): void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = pushSlice.of(kernel);
  return (
    <AlertBar tone="info" onDismiss={dismiss} dismissLabel={t('push:alert.dismiss')}
      actions={<Button disabled={store.busy} onClick={() => void store.subscribe(kernel.settings.push_public_key)}>{t('push:alert.button')}</Button>}>
      {t('push:alert.text')}
    </AlertBar>
  );
});
