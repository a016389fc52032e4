import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Completion } from './Completion.tsx';
import { authSlice } from '../../auth/ui.ts';

/** Where a new member finishes: confirm the e-mail address, then meet the suggestions. */
export default observer(function CompleteSignupPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const confirmed = auth.user?.status === 'active';
  return (
    <div className="container">
      <Card>
        {confirmed ? (
          <>
            <h1>{t('account:activate.doneTitle')}</h1>
            <p>{t('account:activate.doneText')}</p>
            <Link className={buttonClass} to="signup-matches">{t('signup:completion.matches')}</Link>
          </>
        ) : <Completion onDone={() => kernel.router.navigate('signup-matches')} />}
      </Card>
    </div>
  );
});
