import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import type { SignupStoreInstance } from './store.ts';
import { SignupGate } from './SignupGate.tsx';

export default observer(function SignupPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = kernel.store.signup as SignupStoreInstance;
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
