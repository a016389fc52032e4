import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Card, Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { NOTIFICATION_CATEGORIES, saveNotifications, unsubscribe, unsubscribeInfo, type NotificationCategory, type UnsubscribeInfo } from '../contract.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const loginPage = routeRef('login');

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  li { border-bottom: 1px solid ${colors.border}; }
  label { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 12px 2px; cursor: pointer; }
  input { appearance: none; flex: none; width: 46px; height: 26px; border-radius: 13px; background: #c9c2cb; position: relative; cursor: pointer; transition: background 0.15s; }
  input::after { content: ''; position: absolute; top: 3px; left: 3px; width: 20px; height: 20px; border-radius: 50%; background: #fff; transition: left 0.15s; }
  input:checked { background: ${colors.successText}; }
  input:checked::after { left: 23px; }
  input:focus-visible { outline: 3px solid rgba(194, 53, 193, 0.4); outline-offset: 2px; }
`;

/** The one-click page behind the unsubscribe link of a mail: works without logging in. */
function Unsubscribe({ token }: { token: string }) {
  const { api } = useKernel();
  const { t } = useTranslation();
  const [info, setInfo] = useState<UnsubscribeInfo | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call(unsubscribeInfo, { query: { token } }, { retries: 1 }).then(setInfo, (err) => setError(errorText(t, err, 'notifications')));
  }, [api, token, t]);
  const confirm = () => api.call(unsubscribe, { query: { token } }).then(() => setDone(true), (err) => setError(errorText(t, err, 'notifications')));
  return (
    <Card>
      <h1>{t('notifications:unsubscribe.title')}</h1>
      <FormError message={error} />
      {info && !done && (
        <>
          <p><strong>{info.category === 'all' ? t('notifications:unsubscribe.all') : t(`notifications:categories.${info.category}`)}</strong></p>
          <p>{t('notifications:unsubscribe.question', { email: info.email })}</p>
          <Button onClick={confirm}>{t('notifications:unsubscribe.confirm')}</Button>
        </>
      )}
      {done && <Notice role="status">{t('notifications:unsubscribe.done')}</Notice>}
    </Card>
  );
}

/** /notifications: which e-mails the member wants, one switch per category, saved at once. */
export default observer(function NotificationsPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The switches answer at once; the server's answer confirms (or a failure puts them back).
  const [shown, setShown] = useState<string[] | null>(null);

  if (query.unsubscribe) return <div className="container"><Unsubscribe token={query.unsubscribe} /></div>;
  if (!auth.user) {
    return (
      <div className="container">
        <Card>
          <h1>{t('notifications:title')}</h1>
          <p>{t('notifications:loginPrompt')}</p>
          <Link to={loginPage} query={{ redirect: kernel.router.href('notifications') }}>{t('auth:nav.login')}</Link>
        </Card>
      </div>
    );
  }
  const disabled = new Set(shown ?? auth.user.notifications_disabled);
  const save = async (next: NotificationCategory[]) => {
    setSaved(false);
    setError(null);
    setShown(next);
    try {
      const res = await kernel.api.call(saveNotifications, { body: { notifications_disabled: next } });
      auth.setUser(res.user);
      setSaved(true);
    } catch (err) {
      setError(errorText(t, err, 'notifications'));
    } finally {
      setShown(null);
    }
  };
  const toggle = (c: NotificationCategory) => save(NOTIFICATION_CATEGORIES.filter((x) => (x === c ? !disabled.has(x) : disabled.has(x))));

  return (
    <div className="container">
      <Card style={{ maxWidth: 620 }}>
        <h1>{t('notifications:title')}</h1>
        <p>{t('notifications:lead')}</p>
        <List>
          {NOTIFICATION_CATEGORIES.map((c) => (
            <li key={c}>
              <label>
                <span>{t(`notifications:categories.${c}`)}</span>
                <input type="checkbox" role="switch" checked={!disabled.has(c)} onChange={() => void toggle(c)} />
              </label>
            </li>
          ))}
        </List>
        <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
          <Button data-variant="outline" onClick={() => void save([])}>{t('notifications:allOn')}</Button>
          <Button data-variant="outline" onClick={() => void save([...NOTIFICATION_CATEGORIES])}>{t('notifications:allOff')}</Button>
        </div>
        <div aria-live="polite" style={{ marginTop: 12 }}>{saved && <Notice>{t('notifications:saved')}</Notice>}</div>
        <FormError message={error} />
      </Card>
    </div>
  );
});
