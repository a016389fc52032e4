import { useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { Panels } from '../../../kernel/web/Panels.tsx';
import type { Profile } from '../contract.ts';
import { membersSlice } from './store.ts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 14px 0 6px;
`;

/** Like and chat (from other plugins), then block and report. */
export function ProfileActions({ profile }: { profile: Profile }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = membersSlice.of(kernel);
  const [busy, setBusy] = useState(false);
  if (!kernel.appState.loggedIn || kernel.appState.userId === profile.id) return null;

  const toggleBlock = async () => {
    if (!profile.blocked && !window.confirm(t('members:block.confirm', { name: profile.name }))) return;
    setBusy(true);
    try {
      await store.setBlocked(profile.id, !profile.blocked);
      kernel.appState.toast(t(profile.blocked ? 'members:block.unblocked' : 'members:block.blocked', { name: profile.name }), 'success');
    } catch (err) {
      kernel.appState.toast(errorText(t, err, 'members'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row>
      {!profile.blocked && <Panels slot="member-actions" props={{ profile }} />}
      <Button data-variant="outline" disabled={busy} onClick={toggleBlock}>
        {profile.blocked ? t('members:block.unblock') : t('members:block.block')}
      </Button>
      <Button data-variant="outline" onClick={() => kernel.appState.openModal('report', { id: profile.id, name: profile.name })}>
        {t('members:report.open')}
      </Button>
    </Row>
  );
}
