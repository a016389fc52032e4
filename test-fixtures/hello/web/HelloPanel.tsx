import { useTranslation } from 'react-i18next';
import type { PanelSlots } from '../../../kernel/web/plugin.ts';

/** Shown on the settings page through its `settings` slot. */
export default function HelloPanel(_: { props: PanelSlots['settings'] }) {
  const { t } = useTranslation();
  return <p>{t('hello:panel')}</p>;
}
