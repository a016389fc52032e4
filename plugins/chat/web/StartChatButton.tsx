import { useTranslation } from 'react-i18next';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import type { ProfileSummary } from '../../members/contract.ts';

/** Profile page action: write to this member (starts or continues the conversation). */
export default function StartChatButton({ props }: { props: Record<string, unknown> }) {
  const profile = props.profile as ProfileSummary;
  const { t } = useTranslation();
  return <Link to="members-id-chat" params={{ id: profile.id }} className={buttonClass} data-variant="secondary">{t('chat:start', { name: profile.name })}</Link>;
}
