import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../kernel/web/theme.ts';
import type { PanelSlots } from '../../../kernel/web/plugin.ts';
import { useLikeToggle } from './LikeButton.tsx';

const Heart = styled.button`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 0;
  background: rgba(255, 255, 255, 0.92);
  color: ${colors.secondary};
  font-size: 22px;
  line-height: 40px;
  cursor: pointer;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2);
  &[aria-pressed='true'] { background: ${colors.secondary}; color: #fff; }
`;

/** The heart on a member card in search results. */
export default observer(function LikeHeart({ props: { profile } }: { props: PanelSlots['member-card'] }) {
  const { t } = useTranslation();
  const { liked, busy, toggle } = useLikeToggle(profile, 'search');
  return (
    <Heart type="button" aria-pressed={liked} disabled={busy} onClick={() => void toggle()}
      aria-label={t(liked ? 'likes:button.unlikeName' : 'likes:button.likeName', { name: profile.name })}>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
    </Heart>
  );
});
