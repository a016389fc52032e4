import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { storedTracking } from './store.ts';
import { SignupForm } from './SignupForm.tsx';
import { signupsOpenFor } from '../contract.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const loginRoute = routeRef('login');

/** The `signups` setting: open to all, to visitors from a traffic source, or by invitation only. */
export function signupsOpen(mode: string) {
  return signupsOpenFor(mode, storedTracking());
}

/** The signup form, or the invite-only notice when this visitor may not sign up here. */
export const SignupGate = observer(function SignupGate({ onDone, onLogin }: { onDone(): void; onLogin?(): void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  if (signupsOpen(kernel.settings.signups)) return <SignupForm onDone={onDone} />;
  return (
    <div role="note">
      <h3>{t('signup:invite.title')}</h3>
      <p>{t('signup:invite.text')}</p>
      {kernel.router.resolve(loginRoute) && <p>{t('signup:invite.member')} <Link to={loginRoute} onClick={onLogin}>{t('signup:invite.login')}</Link></p>}
    </div>
  );
});
