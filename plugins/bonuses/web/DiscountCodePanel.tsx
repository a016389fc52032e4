import { useState, type FormEvent } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../kernel/web/ui/Field.tsx';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import type { PanelSlots } from '../../../kernel/web/plugin.ts';
import { enterCode, forgetCode } from '../contract.ts';

const Form = styled.form`
  max-width: 420px;
  margin: 0 0 18px;
  .row { display: flex; gap: 10px; align-items: flex-start; }
  .row > div { flex: 1; margin-bottom: 0; }
  /* The button lines up with the input under the label. */
  .row > button { margin-top: 24px; min-height: 42px; }
`;

/**
 * "Discount code" on /credits (payments' `credits-discount` panel): a code is checked by the server
 * ('Code not found', 'Code already used' at the field); an accepted one, or taking it off, makes the
 * page reload its offer, so every price shown is the server's.
 */
export default function DiscountCodePanel({ props: { discount, reload } }: { props: PanelSlots['credits-discount'] }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const failed = (err: unknown) => setError(errorText(t, err, 'bonuses'));
  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const entered = code.trim();
    setDone(null);
    if (!entered) { setError(t('bonuses:code.required')); return; }
    setBusy(true);
    setError(null);
    try {
      const now = (await kernel.api.call(enterCode, { body: { code: entered } }, { retries: 0 })).discount;
      // The best discount applies: a running welcome bonus may stay ahead of the code.
      setDone(now?.kind === 'code' && now.code.toUpperCase() === entered.toUpperCase()
        ? t('bonuses:code.applied', { code: now.code, percent: now.value_percentage })
        : t('bonuses:code.better'));
      setCode('');
      await reload();
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
      await kernel.api.call(forgetCode, { body: {} });
      await reload();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={apply} noValidate aria-label={t('bonuses:code.label')}>
      <div className="row">
        <Field label={t('bonuses:code.label')} value={code} error={error} autoComplete="off" autoCapitalize="characters"
          spellCheck={false} maxLength={64} onChange={(e) => { setCode(e.target.value); setError(null); }} />
        <Button type="submit" data-variant="outline" disabled={busy} aria-busy={busy || undefined}>{t('bonuses:code.apply')}</Button>
      </div>
      {done && <Notice role="status">{done}</Notice>}
      {discount?.kind === 'code' && (
        <p>
          {t('bonuses:code.current', { code: discount.code })}{' '}
          <Button data-variant="link" disabled={busy} onClick={() => void remove()}>{t('bonuses:code.remove')}</Button>
        </p>
      )}
    </Form>
  );
}
