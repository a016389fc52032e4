import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { PASSWORD_MIN } from '../../../kernel/contract/validation.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { authSlice } from '../../auth/ui.ts';
import { checkReset, resetPassword } from '../contract.ts';

const membersRoute = routeRef('members');

/** The link from the reset mail: choose a new password (the link is checked first). */
export default function ResetPasswordDoPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const token = query.token ?? '';
  const [dead, setDead] = useState(!token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token) kernel.api.call(checkReset, { query: { token } }, { retries: 1 }).catch((err) => { if (errorCode(err) === 'link_invalid') setDead(true); });
  }, [kernel, token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password !== confirm) return setError(t('account:errors.passwords_differ'));
    if (password.length < PASSWORD_MIN) return setError(t('account:errors.password_too_short', { min: PASSWORD_MIN }));
    setBusy(true);
    try {
      const res = await kernel.api.call(resetPassword, { body: { token, password, password_confirmation: confirm } }, { retries: 0 });
      authSlice.of(kernel).setUser(res.user);
      kernel.appState.toast(t('account:resetDo.done'), 'success');
      kernel.router.go(kernel.router.resolve(membersRoute) ?? '/');
    } catch (err) {
      if (errorCode(err) === 'link_invalid') setDead(true);
      else setError(errorText(t, err, 'account'));
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <Card>
        <h1>{t('account:resetDo.title')}</h1>
        {dead ? (
          <>
            <FormError message={t('account:errors.link_invalid')} />
            <Link to="reset-password">{t('account:resetDo.request')}</Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Field label={t('account:resetDo.password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Field label={t('account:resetDo.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <FormError message={error} />
            <Button type="submit" data-block="true" disabled={busy || !password || !confirm}>{t('account:resetDo.submit')}</Button>
          </form>
        )}
      </Card>
    </div>
  );
}
