import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { signupSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';

/** The completion step: confirm the e-mail address (resend if needed), then on to the suggestions. */
export const Completion = observer(function Completion({ onDone }: { onDone(): void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = signupSlice.of(kernel);
  const auth = authSlice.of(kernel);
  const email = auth.user?.email ?? store.sentTo;
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    setError(null);
    try {
      await store.resendActivation();
      setSent(true);
    } catch (err) {
      setError(errorText(t, err, 'account'));
    }
  };
  return (
    <div>
      <h3>{t('signup:completion.title')}</h3>
      <p>{t('signup:completion.text', { email })}</p>
      <p style={{ fontSize: 14, color: '#6c757d' }}>{t('signup:completion.spam')}</p>
      {sent && <Notice role="status">{t('signup:completion.resent')}</Notice>}
      <FormError message={error} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 10, marginTop: 16 }}>
        <Button data-variant="outline" onClick={resend}>{t('signup:completion.resend')}</Button>
        <Button onClick={onDone}>{t('signup:completion.matches')}</Button>
      </div>
    </div>
  );
});
