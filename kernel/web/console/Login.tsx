import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@linaria/core';
import { consoleCode, consoleLogin, type ConsoleLoginAnswer, type StaffView } from '../../contract/console.ts';
import type { Api } from '../api.ts';
import { ApiError } from '../api-error.ts';
import { Button, Notice, TextField } from './ui.tsx';
import { colors } from '../theme.ts';

const card = css`
  max-width: 440px; margin: 8vh auto; background: ${colors.white}; padding: 24px 28px; border-radius: 6px;
  box-shadow: 0 4px 18px rgba(0, 0, 0, 0.12); display: flex; flex-direction: column; gap: 14px;
  h1 { margin: 0; font-size: 1.4rem; }
  form { display: flex; flex-direction: column; gap: 12px; }
  img { width: 200px; height: 200px; align-self: center; }
  code { font-size: 0.85rem; word-break: break-all; }
  ol { columns: 2; font-family: monospace; font-size: 1rem; }
`;

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string }
  | { kind: 'enrol'; answer: Extract<ConsoleLoginAnswer, { step: 'enrol' }> }
  | { kind: 'recovery'; staff: StaffView; codes: string[] };

/** Password, then the authenticator's code (at the first login: enrolment with a QR code, then the recovery codes, shown once). */
export function Login({ api, onIn, ended }: { api: Api; onIn(staff: StaffView): void; ended: boolean }) {
  const { t } = useTranslation('console');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => {
    const codeOf = err instanceof ApiError ? err.code : 'network';
    setError(t([`login.errors.${codeOf}`, 'login.errors.unknown'], err instanceof ApiError && err.status === 429 ? { seconds: err.params.seconds } : {}));
    if (codeOf === 'ticket_expired') { setStep({ kind: 'password' }); setCode(''); }
  };
  const sendPassword = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call(consoleLogin, { body: { email, password } }, { retries: 0 });
      setPassword('');
      setStep(answer.step === 'code' ? { kind: 'code', ticket: answer.ticket } : { kind: 'enrol', answer });
    } catch (err) { fail(err); } finally { setBusy(false); }
  };
  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'code' && step.kind !== 'enrol') return;
    setBusy(true);
    setError(null);
    try {
      const ticket = step.kind === 'code' ? step.ticket : step.answer.ticket;
      const res = await api.call(consoleCode, { body: { ticket, code } }, { retries: 0 });
      if (res.recovery_codes) setStep({ kind: 'recovery', staff: res.staff, codes: res.recovery_codes });
      else onIn(res.staff);
    } catch (err) { fail(err); } finally { setBusy(false); }
  };

  return (
    <main className={card}>
      <h1>{t('login.title')}</h1>
      {ended && step.kind === 'password' && <Notice>{t('login.ended')}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      {step.kind === 'password' && (
        <form onSubmit={sendPassword}>
          <TextField label={t('login.email')} type="email" autoComplete="username" required value={email} onChange={setEmail} />
          <TextField label={t('login.password')} type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
          <Button kind="primary" type="submit" disabled={busy}>{t('login.next')}</Button>
        </form>
      )}
      {step.kind === 'enrol' && (
        <>
          <p>{t('login.enrolIntro')}</p>
          <img alt={t('login.qrAlt')} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.answer.qr_svg)}`} />
          <p>{t('login.enrolManual')} <code aria-label={t('login.secret')}>{step.answer.secret}</code></p>
        </>
      )}
      {(step.kind === 'code' || step.kind === 'enrol') && (
        <form onSubmit={sendCode}>
          <TextField label={step.kind === 'enrol' ? t('login.firstCode') : t('login.code')} hint={step.kind === 'code' ? t('login.codeHint') : undefined}
            autoComplete="one-time-code" inputMode={step.kind === 'enrol' ? 'numeric' : 'text'} required value={code} onChange={setCode} />
          <Button kind="primary" type="submit" disabled={busy}>{t('login.confirm')}</Button>
        </form>
      )}
      {step.kind === 'recovery' && (
        <>
          <Notice kind="success">{t('login.enrolled')}</Notice>
          <p>{t('login.recoveryIntro')}</p>
          <ol aria-label={t('login.recoveryCodes')}>{step.codes.map((c) => <li key={c}>{c}</li>)}</ol>
          <Button kind="primary" onClick={() => onIn(step.staff)}>{t('login.recoverySaved')}</Button>
        </>
      )}
    </main>
  );
}
