import { useTranslation } from 'react-i18next';
import { AlertBar } from '../../../kernel/web/ui/AlertBar.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';

/** Shown while the member has switched notification mails off (until dismissed). */
export default function DisabledAlert({ dismiss }: { dismiss(): void }) {
  const { t } = useTranslation();
  return (
    <AlertBar tone="info" onDismiss={dismiss} dismissLabel={t('notifications:alert.dismiss')}
      actions={<Link className={buttonClass} data-variant="outline" to="notifications">{t('notifications:alert.action')}</Link>}>
      {t('notifications:alert.text')}
    </AlertBar>
  );
}
