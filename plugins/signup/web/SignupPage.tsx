import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { SignupGate } from './SignupGate.tsx';
import { signupSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const membersRoute = routeRef('members');

export default observer(function SignupPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = signupSlice.of(kernel);
  const member = authSlice.of(kernel).loggedIn;
  // A member has an account already: the page is for visitors (and for finishing one's own signup).
  useEffect(() => {
    if (member && !store.done) kernel.router.go(kernel.router.resolve(membersRoute) ?? '/', { replace: true });
  }, [member, store.done, kernel]);
  const finish = () => {
    store.clear();
    kernel.router.navigate('signup-matches', {}, { api_signup_complete: '1' });
  };
  return (
    <div className="container">
      <Card>
        <h1>{t('signup:modalTitle')}</h1>
        <SignupGate onDone={finish} />
      </Card>
    </div>
  );
});
