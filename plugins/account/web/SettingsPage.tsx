import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Panels } from '../../../kernel/web/Panels.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { Field, FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { isValidEmail, PASSWORD_MIN } from '../../../kernel/contract/validation.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { changePassword, REACTIVATION_DAYS, requestMailChange } from '../contract.ts';
import { authSlice } from '../../auth/ui.ts';

const notificationsRoute = routeRef('notifications');

const Sections = styled.div`
  display: grid;
  gap: 18px;
  max-width: 640px;
  margin: 0 auto 30px;
  section { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px rgba(115, 54, 117, 0.1); }
  h1 { margin: 0; }
  h2 { font-size: 20px; margin: 0 0 10px; color: ${colors.dark}; }
`;

function useForm(run: () => Promise<string>) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      setDone(await run());
    } catch (err) {
      setError(err instanceof Error && err.name === 'local' ? err.message : errorText(t, err, 'account'));
    } finally {
      setBusy(false);
    }
  };
  return { error, done, busy, submit };
}

const local = (message: string) => Object.assign(new Error(message), { name: 'local' });

const EmailForm = observer(function EmailForm() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm(async () => {
    if (!isValidEmail(email.trim())) throw local(t('account:errors.email_invalid_new'));
    const res = await kernel.api.call(requestMailChange, { body: { email: email.trim(), password } }, { retries: 0 });
    setPassword('');
    return t('account:settings.email.sent', { email: res.email });
  });
  return (
    <section aria-labelledby="settings-email">
      <h2 id="settings-email">{t('account:settings.email.title')}</h2>
      <p>{t('account:settings.email.current', { email: auth.user?.email ?? '' })}</p>
      <form onSubmit={form.submit} noValidate>
        <Field label={t('account:settings.email.new')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t('account:settings.email.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormError message={form.error} />
        {form.done && <Notice role="status">{form.done}</Notice>}
        <Button type="submit" disabled={form.busy || !email || !password}>{t('account:settings.email.submit')}</Button>
      </form>
    </section>
  );
});

function PasswordForm() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const form = useForm(async () => {
    if (next.length < PASSWORD_MIN) throw local(t('account:errors.password_too_short', { min: PASSWORD_MIN }));
    await kernel.api.call(changePassword, { body: { old_password: old, password: next } }, { retries: 0 });
    setOld('');
    setNext('');
    return t('account:settings.password.done');
  });
  return (
    <section aria-labelledby="settings-password">
      <h2 id="settings-password">{t('account:settings.password.title')}</h2>
      <form onSubmit={form.submit} noValidate>
        <Field label={t('account:settings.password.old')} type="password" autoComplete="current-password" value={old} onChange={(e) => setOld(e.target.value)} />
        <Field label={t('account:settings.password.new')} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        <FormError message={form.error} />
        {form.done && <Notice role="status">{form.done}</Notice>}
        <Button type="submit" disabled={form.busy || !old || !next}>{t('account:settings.password.submit')}</Button>
      </form>
    </section>
  );
}

/** Account settings: e-mail address, password, notification choices, deleting the account. */
export default observer(function SettingsPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  return (
    <div className="container">
      <Sections>
        <h1>{t('account:settings.title')}</h1>
        <EmailForm />
        <PasswordForm />
        {kernel.router.resolve(notificationsRoute) && (
          <section aria-labelledby="settings-notifications">
            <h2 id="settings-notifications">{t('account:settings.notifications.title')}</h2>
            <p>{t('account:settings.notifications.text')}</p>
            <Link className={buttonClass} data-variant="outline" to={notificationsRoute}>{t('account:settings.notifications.link')}</Link>
          </section>
        )}
        <Panels slot="settings" props={{}} />
        <section aria-labelledby="settings-delete">
          <h2 id="settings-delete">{t('account:settings.delete.title')}</h2>
          <p>{t('account:settings.delete.text', { days: REACTIVATION_DAYS })}</p>
          <Button data-variant="outline" onClick={() => kernel.appState.openModal('delete-account')}>{t('account:settings.delete.button')}</Button>
        </section>
      </Sections>
    </div>
  );
});
