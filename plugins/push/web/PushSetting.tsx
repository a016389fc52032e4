import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { pushSlice } from './store.ts';

/** Settings: where push stands in this browser (all five states), with the way to switch it. */
export default observer(function PushSetting() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = pushSlice.of(kernel);
  return (
    <Card aria-labelledby="push-setting-title">
      <h2 id="push-setting-title">{t('push:setting.title')}</h2>
      <p role="status">{t(`push:state.${store.state}`)}</p>
      <FormError message={store.error ? errorText(t, store.error, 'push') : null} />
      {store.available && <Button disabled={store.busy} onClick={() => void store.subscribe(kernel.settings.push_public_key)}>{t('push:alert.button')}</Button>}
      {store.state === 'subscribed' && <Button data-variant="outline" disabled={store.busy} onClick={() => void store.unsubscribe()}>{t('push:setting.off')}</Button>}
    </Card>
  );
});
