// The direct-debit form: account, address, SMS code and the mandate checkbox; posts the one-time debit.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { errorCode, errorField, errorText } from '../../../kernel/web/errors.ts';
import type { ApiError } from '../../../kernel/web/api-error.ts';
import { countryName } from '../../../kernel/web/intl.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { CheckField, Field, FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { discountAmount, SEPA_COUNTRIES, type CreditPackage, type DirectDebitInfo, type OfferDiscount } from '../contract.ts';
import { createDirectDebit } from './api.ts';
import { groupIban, ibanLooksValid } from './iban.ts';
import { formatMoney } from '../money.ts';
import { MUTED_TEXT } from './muted.ts';
import { compactPhone, SmsCode, type SmsCodeHandle } from './SmsCode.tsx';
import { useLocale } from './ui.tsx';

const FIELDS = ['holder', 'iban', 'street', 'postcode', 'city', 'country', 'phone', 'code', 'authorise'] as const;
type FieldName = typeof FIELDS[number];
type Errors = Partial<Record<FieldName, string>>;

/** The field a server error is about when it does not name one (params.field). */
const CODE_FIELD: Record<string, FieldName> = {
  code_invalid: 'code', code_expired: 'code', code_tries: 'code', sms_limit: 'phone', phone_invalid: 'phone',
  iban_invalid: 'iban', iban_not_sepa: 'iban', holder_invalid: 'holder', address_invalid: 'street', authorisation_required: 'authorise',
};

const Form = styled.form`
  max-width: 560px;
  fieldset { border: 0; padding: 0; margin: 0 0 10px; }
  legend { font-weight: 700; font-size: 18px; color: ${colors.dark}; margin-bottom: 10px; padding: 0; }
  .pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 0 12px; }
  .muted { color: ${MUTED_TEXT}; font-size: 14px; }
`;
const Summary = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 16px;
  margin: 0 0 18px;
  dt { color: ${MUTED_TEXT}; }
  dd { margin: 0; text-align: right; }
  .total { font-weight: 700; color: ${colors.text}; font-size: 18px; }
`;

interface Props {
  pkg: CreditPackage;
  /** The direct-debit fee of this country (usually 0). */
  fee: number;
  info: DirectDebitInfo;
  /** The member's country: the address's default. */
  country: string;
  /** The member's discount (the server takes it off a direct debit like any payment). */
  discount?: OfferDiscount | null;
  /** The server charges another price now (409 price_changed): the page reloads its offer. */
  onPriceChanged?: () => void;
}

export function DirectDebitForm({ pkg, fee, info, country, discount = null, onPriceChanged }: Props) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  // What is debited, and what the mandate names: the package after the discount, plus the fee.
  const cut = discountAmount(discount, pkg.price, 'directdebit');
  const amount = pkg.price + fee - cut;
  const [values, setValues] = useState({
    holder: '', iban: '', street: '', postcode: '', city: '',
    country: (SEPA_COUNTRIES as readonly string[]).includes(country) ? country : '', phone: '', code: '', authorise: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sms = useRef<SmsCodeHandle>(null);
  const refs = {
    holder: useRef<HTMLInputElement>(null), iban: useRef<HTMLInputElement>(null), street: useRef<HTMLInputElement>(null),
    postcode: useRef<HTMLInputElement>(null), city: useRef<HTMLInputElement>(null), country: useRef<HTMLSelectElement>(null),
    authorise: useRef<HTMLInputElement>(null),
  };
  const countries = useMemo(() => SEPA_COUNTRIES.map((c) => ({ code: c, name: countryName(c, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale)), [locale]);

  // Direct debit per member and 30 days is limited: over it, say so before the member fills anything in.
  const limit = info.limit.currency === pkg.currency ? info.limit : null;
  const overLimit = !!limit && amount > limit.max - limit.used;

  const set = (field: FieldName, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const setError = (field: FieldName, error: string | undefined) => setErrors((e) => ({ ...e, [field]: error }));
  const focus = (field: FieldName) => (field === 'phone' || field === 'code' ? sms.current?.focus(field) : refs[field].current?.focus());
  // The first field in error takes focus once rendered (the inputs are disabled while sending).
  const [focusOn, setFocusOn] = useState<{ field: FieldName } | null>(null);
  useEffect(() => { if (focusOn) focus(focusOn.field); }, [focusOn]); // eslint-disable-line react-hooks/exhaustive-deps
  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) setFocusOn({ field: first });
  };

  const check = (): Errors => {
    const required = t('payments:directdebit.required');
    const found: Errors = {};
    for (const f of ['holder', 'iban', 'street', 'postcode', 'city', 'country', 'phone'] as const) {
      if (!values[f].trim()) found[f] = required;
    }
    if (!found.iban && !ibanLooksValid(values.iban)) found.iban = t('payments:errors.iban_invalid');
    if (!found.phone && !sms.current?.sent()) found.phone = t('payments:directdebit.codeFirst');
    else if (!found.phone && !/^\d{6}$/.test(values.code)) found.code = t('payments:directdebit.codeFormat');
    if (!values.authorise) found.authorise = t('payments:errors.authorisation_required');
    return found;
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (overLimit || busy) return;
    setFormError(null);
    const found = check();
    if (Object.keys(found).length) { show(found); return; }
    setBusy(true);
    try {
      const res = await createDirectDebit(kernel.api, {
        package_id: pkg.id, holder: values.holder.trim(), iban: values.iban, street: values.street.trim(), postcode: values.postcode.trim(),
        city: values.city.trim(), country: values.country, phone: compactPhone(values.phone), code: values.code, authorise: values.authorise,
        shown_amount: amount,
      });
      kernel.router.navigate('transactions-id', { id: res.payment.id });
    } catch (err) {
      setBusy(false);
      const code = errorCode(err);
      const named = errorField(err);
      const field = (FIELDS as readonly string[]).includes(named) ? named as FieldName : CODE_FIELD[code];
      // A used-up code (expired, too many tries) may be replaced at once.
      if (code === 'code_expired' || code === 'code_tries') sms.current?.allowResend();
      if (code === 'price_changed') {
        const now = Number((err as ApiError).params.amount);
        setFormError(Number.isFinite(now) ? t('payments:discount.priceChanged', { amount: money(now) }) : t('payments:discount.priceChangedPlain'));
        onPriceChanged?.();
      } else if (field) show({ [field]: errorText(t, err, 'payments') });
      else setFormError(errorText(t, err, 'payments'));
    }
  };

  // count: "1 day" (mandate_one) rather than "1 days".
  const mandate = t('payments:directdebit.mandate', {
    creditor: info.creditor_name, creditorId: info.creditor_id, amount: money(amount), days: info.prenotification_days, count: info.prenotification_days,
  });
  const input = (field: 'holder' | 'street' | 'postcode' | 'city', autoComplete: string) => (
    <Field ref={refs[field]} label={t(`payments:directdebit.${field}`)} error={errors[field]} name={field} autoComplete={autoComplete}
      value={values[field]} disabled={busy} onChange={(e) => set(field, e.target.value)} />
  );

  return (
    <Form onSubmit={pay} noValidate aria-label={t('payments:directdebit.title')}>
      <Summary aria-label={t('payments:method.summary')}>
        <dt>{t('payments:package.credits', { credits: pkg.credits })}</dt><dd>{money(pkg.price)}</dd>
        {fee > 0 && <><dt>{t('payments:method.feeLabel')}</dt><dd>{money(fee)}</dd></>}
        {cut > 0 && <><dt>{t('payments:discount.label', { percent: discount?.value_percentage })}</dt><dd>−{money(cut)}</dd></>}
        <dt className="total">{t('payments:method.total')}</dt><dd className="total">{money(amount)}</dd>
      </Summary>
      {limit && (limit.used > 0 || overLimit) && (
        <p className="muted">{t('payments:directdebit.limitUsage', { used: money(limit.used), max: money(limit.max) })}</p>
      )}
      {overLimit && <Notice role="alert" data-tone="danger">{t('payments:errors.directdebit_limit')}</Notice>}

      <fieldset>
        <legend>{t('payments:directdebit.account')}</legend>
        {input('holder', 'name')}
        <Field ref={refs.iban} label={t('payments:directdebit.iban')} hint={t('payments:directdebit.ibanHint')} error={errors.iban} name="iban"
          autoComplete="off" spellCheck={false} autoCapitalize="characters" value={values.iban} disabled={busy}
          onChange={(e) => set('iban', groupIban(e.target.value))} />
      </fieldset>
      <fieldset>
        <legend>{t('payments:directdebit.address')}</legend>
        {input('street', 'address-line1')}
        <div className="pair">
          {input('postcode', 'postal-code')}
          {input('city', 'address-level2')}
        </div>
        <SelectField ref={refs.country} label={t('payments:directdebit.country')} error={errors.country} name="country" autoComplete="country"
          value={values.country} disabled={busy} onChange={(e) => set('country', e.target.value)}>
          {!values.country && <option value="">{t('payments:directdebit.chooseCountry')}</option>}
          {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
        </SelectField>
      </fieldset>
      <fieldset>
        <legend>{t('payments:directdebit.confirm')}</legend>
        <SmsCode ref={sms} phone={values.phone} code={values.code} onPhone={(p) => set('phone', p)} onCode={(c) => set('code', c)}
          errors={{ phone: errors.phone, code: errors.code }} setError={setError} disabled={busy} />
        <CheckField ref={refs.authorise} label={mandate} error={errors.authorise} name="authorise" required checked={values.authorise}
          disabled={busy} onChange={(e) => set('authorise', e.target.checked)} />
      </fieldset>
      <FormError message={formError} />
      <Button type="submit" disabled={busy || overLimit} aria-busy={busy || undefined}>{t('payments:directdebit.pay', { amount: money(amount) })}</Button>
    </Form>
  );
}
