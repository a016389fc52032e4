import { useTranslation } from 'react-i18next';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { REACTIVATION_DAYS } from '../contract.ts';

const homeRoute = routeRef('index');

export default function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <div className="container">
      <Card>
        <h1>{t('account:deleted.title')}</h1>
        <p>{t('account:deleted.text', { days: REACTIVATION_DAYS })}</p>
        <div className="actions"><Link className={buttonClass} to={homeRoute}>{t('account:deleted.home')}</Link></div>
      </Card>
    </div>
  );
}
