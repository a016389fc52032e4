import { useTranslation } from 'react-i18next';
import { ExportStatus } from './ExportStatus.tsx';

/** The settings page's section (account's `settings` slot): the member's copy of their data. */
export default function ExportPanel() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-data-export">
      <h2 id="settings-data-export">{t('data-export:section.title')}</h2>
      <ExportStatus />
    </section>
  );
}
