import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import type { ProfileSummary } from '../../members/contract.ts';
import type { PanelSlots } from '../../../kernel/web/plugin.ts';
import type { ButtonLikeSource } from '../contract.ts';
import { likesSlice } from './store.ts';

export function useLikeToggle(profile: ProfileSummary, source: ButtonLikeSource) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = likesSlice.of(kernel);
  const [busy, setBusy] = useState(false);
  const liked = store.isLiked(profile.id);
  const toggle = async () => {
    setBusy(true);
    try {
      if (liked) {
        await store.unlike(profile.id);
      } else {
        const res = await store.like(profile, source);
        kernel.appState.toast(t(res.match ? 'likes:toast.match' : 'likes:toast.liked', { name: profile.name }), 'success');
      }
    } catch (err) {
      kernel.appState.toast(errorText(t, err, 'likes'), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return { liked, busy, toggle };
}

/** Profile page action: like / liked (pressing again takes the like back). */
export default observer(function LikeButton({ props: { profile } }: { props: PanelSlots['member-actions'] }) {
  const { t } = useTranslation();
  const { liked, busy, toggle } = useLikeToggle(profile, 'profile');
  return (
    <Button aria-pressed={liked} disabled={busy} onClick={() => void toggle()} data-variant={liked ? 'outline' : undefined}>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? t('likes:button.liked') : t('likes:button.like')}
    </Button>
  );
});
