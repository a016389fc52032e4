// The mobile number, its "Send code" button with the wait before another code may be asked for, and
// the 6-digit code input once a code has been sent.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../kernel/web/ui/Field.tsx';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { up } from '../../../kernel/web/theme.ts';
import { sendDirectDebitCode } from './api.ts';

/** E.164 as the server wants it: the number without spaces, dashes, dots or brackets. */
export const compactPhone = (phone: string) => phone.replace(/[\s\-().]/g, '');

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 12px;
  align-items: flex-start;
  > :first-child { flex: 1 1 220px; }
  /* Beside the input from 576 px (level with it, below the label); on a phone under its hint. */
  > button { margin: 0 0 14px; }
  ${up('sm')} { > button { margin: 26px 0 0; } }
`;

export interface SmsCodeHandle {
  /** Whether a code was sent to the number now in the field. */
  sent(): boolean;
  /** The code was used up (too many tries, expired): another may be asked for at once. */
  allowResend(): void;
  focus(field: 'phone' | 'code'): void;
}

interface Props {
  phone: string;
  code: string;
  onPhone(phone: string): void;
  onCode(code: string): void;
  errors: { phone?: string; code?: string };
  setError(field: 'phone' | 'code', error: string | undefined): void;
  disabled?: boolean;
}

export const SmsCode = forwardRef<SmsCodeHandle, Props>(function SmsCode({ phone, code, onPhone, onCode, errors, setError, disabled }, ref) {
  const kernel = useKernel();
  const { t } = useTranslation();
  // The number the last code went to, how long it is valid, and seconds until another may be sent.
  const [sentTo, setSentTo] = useState<{ phone: string; minutes: number } | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const running = resendIn > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setResendIn((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  // The code input appears (or is emptied for a new code): the member's next step.
  useEffect(() => { if (sentTo) codeRef.current?.focus(); }, [sentTo]);
  const sentHere = !!sentTo && sentTo.phone === compactPhone(phone);

  useImperativeHandle(ref, () => ({
    sent: () => sentHere,
    allowResend: () => setResendIn(0),
    focus: (field) => (field === 'phone' ? phoneRef : codeRef).current?.focus(),
  }), [sentHere]);

  const send = async () => {
    const number = compactPhone(phone);
    if (!number) { setError('phone', t('payments:directdebit.required')); phoneRef.current?.focus(); return; }
    setSending(true);
    setError('phone', undefined);
    try {
      const res = await sendDirectDebitCode(kernel.api, number);
      setSentTo({ phone: number, minutes: Math.max(1, Math.ceil(res.expires_in / 60)) });
      setResendIn(res.resend_in);
      setError('code', undefined);
      onCode('');
    } catch (err) {
      setError('phone', errorText(t, err, 'payments'));
      // Too many codes: no point asking again until the server says so.
      if (errorCode(err) !== 'sms_limit') setResendIn(0);
      phoneRef.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Row>
        <Field ref={phoneRef} label={t('payments:directdebit.phone')} hint={t('payments:directdebit.phoneHint')} error={errors.phone}
          type="tel" inputMode="tel" autoComplete="tel" name="phone" value={phone} disabled={disabled}
          onChange={(e) => { onPhone(e.target.value); setError('phone', undefined); }} />
        <Button data-variant="outline" onClick={send} disabled={disabled || sending || running} aria-busy={sending || undefined}>
          {sentTo ? t('payments:directdebit.resendCode') : t('payments:directdebit.sendCode')}
        </Button>
      </Row>
      {sentTo && (
        <>
          <p role="status">{t('payments:directdebit.codeSent', { phone: sentTo.phone, minutes: sentTo.minutes })}</p>
          {running && <p className="muted">{t('payments:directdebit.resendIn', { seconds: resendIn })}</p>}
          <Field ref={codeRef} label={t('payments:directdebit.code')} hint={t('payments:directdebit.codeHint')} error={errors.code}
            name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} value={code} disabled={disabled}
            onChange={(e) => { onCode(e.target.value.replace(/\D/g, '').slice(0, 6)); setError('code', undefined); }} />
        </>
      )}
    </>
  );
});
