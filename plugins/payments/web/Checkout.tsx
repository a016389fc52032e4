import { MUTED_TEXT } from './muted.ts';
import { useState, type FormEvent } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import type { ApiError } from '../../../kernel/web/api-error.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { discountAmount, type CreditPackage, type OfferDiscount, type OfferedMethod, type PaymentMethod } from '../contract.ts';
import { createPayment, redirect } from './api.ts';
import { formatMoney } from '../money.ts';
import { methodFits } from './methods.ts';
import { useLocale } from './ui.tsx';

const Methods = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 18px;
  legend { font-weight: 700; font-size: 18px; color: ${colors.dark}; margin-bottom: 10px; }
  label { display: flex; align-items: center; gap: 12px; padding: 12px 14px; margin-bottom: 8px; border: 2px solid ${colors.border}; border-radius: 10px; background: #fff; cursor: pointer; }
  label:has(input:checked) { border-color: ${colors.primary}; }
  label[data-disabled='true'] { opacity: 0.6; cursor: not-allowed; }
  /* flex: none: a long fee and discount text beside a wrapping name must not shrink the radio. */
  input { flex: none; width: 20px; height: 20px; accent-color: ${colors.dark}; }
  input:focus-visible { outline: 3px solid rgba(194, 53, 193, 0.4); outline-offset: 2px; }
  .name { font-weight: 600; }
  .fee { margin-left: auto; color: ${MUTED_TEXT}; font-size: 14px; text-align: right; }
  .cut { color: ${colors.successText}; font-weight: 600; }
`;
const Summary = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 16px;
  max-width: 420px;
  margin: 0 0 18px;
  dt { color: ${MUTED_TEXT}; }
  dd { margin: 0; text-align: right; }
  .total { font-weight: 700; color: ${colors.text}; font-size: 18px; }
  .cut { color: ${colors.successText}; }
`;


/** A method's fee as the member sees it before choosing: "+ €1.00 fee" or "No fee". */
export function useFeeText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (m: OfferedMethod, currency: string) => (m.fee > 0 ? t('payments:method.fee', { fee: formatMoney(m.fee, currency, locale) }) : t('payments:method.noFee'));
}

/**
 * The package, the method (each with its fee and the price after the discount) and the total; Pay
 * goes on to the provider's checkout (direct debit: to its own form). `repeat`: from repeat order (a
 * card payment uses the stored card). The total shown is sent as `shown_amount`: when the server's
 * price differs (a bonus ended meanwhile) nothing is charged, `onPriceChanged` reloads the offer and
 * the member is told.
 */
export function Checkout({ pkg, methods, initial, repeat = false, discount = null, onPriceChanged }: {
  pkg: CreditPackage; methods: OfferedMethod[]; initial?: PaymentMethod; repeat?: boolean;
  discount?: OfferDiscount | null; onPriceChanged?(): void;
}) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const locale = useLocale();
  const feeText = useFeeText();
  const usable = methods.filter((m) => methodFits(m, pkg));
  const [method, setMethod] = useState<PaymentMethod | null>(usable.find((m) => m.method === initial)?.method ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = methods.find((m) => m.method === method) ?? null;
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  // The one computation the server charges with (methods may be excluded from the discount).
  const cutWith = (m?: PaymentMethod) => discountAmount(discount, pkg.price, m);
  const cut = cutWith(chosen?.method);
  const total = pkg.price + (chosen?.fee ?? 0) - cut;

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) { setError(t('payments:method.choose')); return; }
    // Direct debit has its own form (account, mandate, SMS code) instead of a provider's checkout.
    if (chosen.method === 'directdebit') { kernel.router.navigate('directdebit', {}, { package: String(pkg.id) }); return; }
    setBusy(true);
    setError(null);
    try {
      const res = await createPayment(kernel.api, { package_id: pkg.id, method: chosen.method, repeat, shown_amount: total });
      redirect.to(res.redirect_url);
    } catch (err) {
      if (errorCode(err) === 'price_changed') {
        const amount = Number((err as ApiError).params.amount);
        setError(Number.isFinite(amount) ? t('payments:discount.priceChanged', { amount: money(amount) }) : t('payments:discount.priceChangedPlain'));
        onPriceChanged?.();
      } else setError(errorText(t, err, 'payments'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate>
      <Methods>
        <legend>{t('payments:method.legend')}</legend>
        {methods.map((m) => {
          const fits = methodFits(m, pkg);
          return (
            <label key={m.method} data-disabled={fits ? undefined : 'true'}>
              <input type="radio" name="method" value={m.method} checked={method === m.method} disabled={!fits || busy}
                onChange={() => { setMethod(m.method); setError(null); }} aria-labelledby={`method-${m.method}`} aria-describedby={`fee-${m.method}`} />
              <span className="name" id={`method-${m.method}`}>{t(`payments:methods.${m.method}`)}</span>
              <span className="fee" id={`fee-${m.method}`}>
                {fits ? feeText(m, pkg.currency) : t('payments:method.tooHigh', { max: money(m.max ?? 0) })}
                {fits && cutWith(m.method) > 0 && (
                  <><br /><span className="cut">{t('payments:discount.methodPrice', { amount: money(pkg.price + m.fee - cutWith(m.method)), percent: discount?.value_percentage })}</span></>
                )}
                {m.delayed && <><br />{t('payments:method.delayed')}</>}
              </span>
            </label>
          );
        })}
      </Methods>
      <Summary aria-label={t('payments:method.summary')}>
        <dt>{t('payments:package.credits', { credits: pkg.credits })}</dt><dd>{money(pkg.price)}</dd>
        {chosen && chosen.fee > 0 && <><dt>{t('payments:method.feeLabel')}</dt><dd>{money(chosen.fee)}</dd></>}
        {cut > 0 && <><dt className="cut">{t('payments:discount.label', { percent: discount?.value_percentage })}</dt><dd className="cut">−{money(cut)}</dd></>}
        <dt className="total">{t('payments:method.total')}</dt><dd className="total">{money(total)}</dd>
      </Summary>
      <FormError message={error} />
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {chosen?.method === 'directdebit' ? t('payments:directdebit.continue')
          : chosen ? t('payments:method.payWith', { amount: money(total), method: t(`payments:methods.${chosen.method}`) }) : t('payments:method.pay')}
      </Button>
    </form>
  );
}

