import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Card, Notice } from '../../../kernel/web/ui/Card.tsx';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { authSlice } from '../../auth/ui.ts';
import { resendActivation } from '../contract.ts';

const membersRoute = routeRef('members');
const serviceRoute = routeRef('pages-service');

/** /activate/done: the mail link worked. */
export const ActivateDonePage = observer(function ActivateDonePage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  // The status changed on the server: show it at once in this tab.
  useEffect(() => { if (auth.loggedIn) auth.fetchUser().catch(() => {}); }, [auth]);
  return (
    <div className="container">
      <Card>
        <h1>{t('account:activate.doneTitle')}</h1>
        <p>{t('account:activate.doneText')}</p>
        <div className="actions">
          <Link className={buttonClass} to={membersRoute}>{t('account:activate.start')}</Link>
        </div>
      </Card>
    </div>
  );
});

/** /activate/error: the link was used, expired or wrong. */
export const ActivateErrorPage = observer(function ActivateErrorPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = () => kernel.api.call(resendActivation, { body: {} }).then(() => setSent(true), (err) => setError(errorText(t, err, 'account')));
  return (
    <div className="container">
      <Card>
        <h1>{t('account:activate.errorTitle')}</h1>
        <FormError message={t('account:activate.errorText')} />
        {sent && <Notice role="status">{t('account:reminder.sent')}</Notice>}
        <FormError message={error} />
        <div className="actions">
          {auth.user?.status === 'not_confirmed' && !sent && <Button onClick={resend}>{t('account:activate.resend')}</Button>}
          <Link className={buttonClass} data-variant="outline" to={serviceRoute}>{t('account:activate.contact')}</Link>
        </div>
      </Card>
    </div>
  );
});
