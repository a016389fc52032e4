import { useTranslation } from 'react-i18next';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { ExportStatus } from './ExportStatus.tsx';

const settingsRoute = routeRef('settings');

/** /data-export, where the mail's link leads (after logging in): the copy and its download link. */
export default function ExportPage() {
  const { t } = useTranslation();
  return (
    <div className="container">
      <Card aria-labelledby="data-export-title">
        <h1 id="data-export-title">{t('data-export:title')}</h1>
        <ExportStatus />
        <p><Link to={settingsRoute}>{t('data-export:page.back')}</Link></p>
      </Card>
    </div>
  );
}
