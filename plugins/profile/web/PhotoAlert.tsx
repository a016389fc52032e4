import { useTranslation } from 'react-i18next';
import { AlertBar } from '../../../kernel/web/ui/AlertBar.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';

/** PROFILE_PHOTO_ALERT: a member without a main photo is asked to add one (until dismissed). */
export default function PhotoAlert({ dismiss }: { dismiss(): void }) {
  const { t } = useTranslation();
  return (
    <AlertBar tone="info" onDismiss={dismiss} dismissLabel={t('profile:alert.dismiss')}
      actions={<Link className={buttonClass} to="profile">{t('profile:alert.action')}</Link>}>
      {t('profile:alert.text')}
    </AlertBar>
  );
}
