import { useTranslation } from 'react-i18next';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import type { PanelSlots } from '../../../kernel/web/plugin.ts';

/** Profile page action: write to this member (starts or continues the conversation). */
export default function StartChatButton({ props: { profile } }: { props: PanelSlots['member-actions'] }) {
  const { t } = useTranslation();
  return <Link to="members-id-chat" params={{ id: profile.id }} className={buttonClass} data-variant="secondary">{t('chat:start', { name: profile.name })}</Link>;
}
