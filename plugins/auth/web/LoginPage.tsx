import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel, useRegistry } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const membersRoute = routeRef('members');
const resetRoute = routeRef('reset-password');
import { authSlice } from './store.ts';

const Card = styled.section`
  max-width: 420px;
  margin: 20px auto;
  padding: 28px 24px;
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 4px 18px rgba(115, 54, 117, 0.12);
`;

export default observer(function LoginPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const registry = useRegistry();
  // Back from a reactivation or login link that no longer works.
  const linkFailed = query.reactivation === 'failed' || query.login_link === 'failed';
  const [error, setError] = useState<string | null>(linkFailed ? t('kernel:errors.link_invalid') : null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await auth.login(email, password);
      if (user.language && user.language !== kernel.appState.locale) await kernel.setLocale(user.language);
      kernel.router.go(query.redirect ?? kernel.router.resolve(membersRoute) ?? '/', { replace: true });
    } catch (err) {
      setError(errorText(t, err));
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <Card>
        <h1>{t('auth:login.title')}</h1>
        <form onSubmit={submit} noValidate>
          <Field label={t('auth:login.email')} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field label={t('auth:login.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <FormError message={error} />
          <Button type="submit" data-block="true" disabled={busy || !email || !password}>{t('auth:login.submit')}</Button>
        </form>
        {kernel.router.resolve(resetRoute) && <p style={{ marginTop: 14 }}><Link to={resetRoute}>{t('auth:login.forgot')}</Link></p>}
        {registry.modal('signup') && (
          <p>{t('auth:login.noAccount')}{' '}
            <Button data-variant="link" onClick={() => kernel.appState.openModal('signup')}>{t('auth:login.signup')}</Button>
          </p>
        )}
      </Card>
    </div>
  );
});
