import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Card, Notice } from '../../../kernel/web/ui/Card.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { isValidEmail } from '../../../kernel/contract/validation.ts';
import { requestReset, RESET_LINK_HOURS } from '../contract.ts';

/** "Forgot your password?": a link by mail. */
export default function ResetPasswordPage() {
  const { api } = useKernel();
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!isValidEmail(email.trim())) return setError(t('account:errors.invalid_email'));
    setBusy(true);
    try {
      await api.call(requestReset, { body: { email: email.trim() } }, { retries: 0 });
      setSent(email.trim());
    } catch (err) {
      setError(errorText(t, err, 'account'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container">
      <Card>
        <h1>{t('account:reset.title')}</h1>
        {sent ? <Notice role="status">{t('account:reset.sent', { email: sent, hours: RESET_LINK_HOURS })}</Notice> : (
          <form onSubmit={submit} noValidate>
            <p>{t('account:reset.text')}</p>
            <Field label={t('account:reset.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <FormError message={error} />
            <Button type="submit" data-block="true" disabled={busy || !email}>{t('account:reset.submit')}</Button>
          </form>
        )}
      </Card>
    </div>
  );
}
