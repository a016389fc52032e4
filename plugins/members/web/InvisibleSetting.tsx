import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { authSlice } from '../../auth/ui.ts';
// The switch is saved with the member's profile (the profile plugin's PUT /api/profile.php).
import { saveProfile } from '../../profile/contract.ts';

/** Settings panel: invisible mode (hidden from search; the member makes the first move). */
export default observer(function InvisibleSetting() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const saved = Boolean(auth.user?.profile?.invisible);
  const [value, setValue] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const checked = value ?? saved;
  const change = async (next: boolean) => {
    // Answers at once; the server confirms or the switch goes back.
    setValue(next);
    setError(null);
    try {
      await kernel.api.call(saveProfile, { body: { invisible: next } });
      await auth.fetchUser();
      kernel.appState.toast(t(next ? 'members:invisible.on' : 'members:invisible.off'), 'success');
    } catch (err) {
      setValue(!next);
      setError(errorText(t, err, 'members'));
    }
  };
  return (
    <section aria-labelledby="settings-invisible">
      <h2 id="settings-invisible">{t('members:invisible.title')}</h2>
      <p>{t('members:invisible.text')}</p>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
        <input type="checkbox" checked={checked} onChange={(e) => void change(e.target.checked)} />
        {t('members:invisible.label')}
      </label>
      {error && <p role="alert" style={{ color: '#a71d2a' }}>{error}</p>}
    </section>
  );
});
