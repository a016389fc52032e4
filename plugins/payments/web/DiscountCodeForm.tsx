import { useState, type FormEvent } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../kernel/web/ui/Field.tsx';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import type { OfferDiscount } from '../contract.ts';
import { enterDiscountCode, removeDiscountCode } from './api.ts';

const Form = styled.form`
  max-width: 420px;
  margin: 0 0 18px;
  .row { display: flex; gap: 10px; align-items: flex-start; }
  .row > div { flex: 1; margin-bottom: 0; }
  /* The button lines up with the input under the label. */
  .row > button { margin-top: 24px; min-height: 42px; }
`;

/**
 * "Discount code" on /credits: a code is checked by the server ('Code not found', 'Code already
 * used' at the field); an accepted one, or taking it off, hands the page the new discount and the
 * page reloads its offer, so every price shown is the server's.
 */
export function DiscountCodeForm({ discount, onChange }: { discount: OfferDiscount | null; onChange(): Promise<void> | void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const failed = (err: unknown) => {
    const own = t(`payments:discount.errors.${errorCode(err)}`, { defaultValue: '' });
    setError(errorCode(err) && own ? own : errorText(t, err, 'payments'));
  };
  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const entered = code.trim();
    setDone(null);
    if (!entered) { setError(t('payments:discount.code.required')); return; }
    setBusy(true);
    setError(null);
    try {
      const now = await enterDiscountCode(kernel.api, entered);
      // The best discount applies: a running welcome bonus may stay ahead of the code.
      setDone(now?.kind === 'code' && now.code.toUpperCase() === entered.toUpperCase()
        ? t('payments:discount.code.applied', { code: now.code, percent: now.value_percentage })
        : t('payments:discount.code.better'));
      setCode('');
      await onChange();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await removeDiscountCode(kernel.api);
      await onChange();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={apply} noValidate aria-label={t('payments:discount.code.label')}>
      <div className="row">
        <Field label={t('payments:discount.code.label')} value={code} error={error} autoComplete="off" autoCapitalize="characters"
          spellCheck={false} maxLength={64} onChange={(e) => { setCode(e.target.value); setError(null); }} />
        <Button type="submit" data-variant="outline" disabled={busy} aria-busy={busy || undefined}>{t('payments:discount.code.apply')}</Button>
      </div>
      {done && <Notice role="status">{done}</Notice>}
      {discount?.kind === 'code' && (
        <p>
          {t('payments:discount.code.current', { code: discount.code })}{' '}
          <Button data-variant="link" disabled={busy} onClick={() => void remove()}>{t('payments:discount.code.remove')}</Button>
        </p>
      )}
    </Form>
  );
}
