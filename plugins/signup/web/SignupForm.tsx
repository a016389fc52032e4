import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorField, errorText } from '../../../kernel/web/errors.ts';
import { countryName, monthNames } from '../../../kernel/web/intl.ts';
import { GENDERS, MIN_AGE, type Gender } from '../../members/contract.ts';
import {
  accountIssues, birthdayIssues, locationIssues, MAX_SIGNUP_AGE, MESSAGE_MAX, STEP_OF, STEPS, youIssues,
  type SignupIssue, type SignupRequest,
} from '../contract.ts';
import type { SignupStoreInstance } from './store.ts';
import { Choices, FieldError, Hint, Nav, Row, Steps } from './ui.tsx';
import { LocationButton } from './LocationButton.tsx';
import { Completion } from './Completion.tsx';
import { signupSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';

type Errors = Partial<Record<keyof SignupRequest | 'form', ReactNode>>;

/** The signup steps 0..4 and the completion step; used by the /signup page and the signup dialog. */
export const SignupForm = observer(function SignupForm({ onDone }: { onDone(): void }) {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const store = signupSlice.of(kernel);
  const auth = authSlice.of(kernel);
  const d = store.draft;
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const ids = { dob: useId(), gender: useId(), looking: useId(), msg: useId() };

  useEffect(() => { store.loadRegions().catch(() => {}); }, [store]);
  const regions = store.regions?.countries ?? [];
  const countryInfo = regions.find((c) => c.country === d.country);
  const regionsOf = (country: string) => regions.find((c) => c.country === country)?.regions.map((r) => r.code) ?? null;

  const text = (i: SignupIssue): ReactNode => {
    const msg = t(`signup:errors.${i.code}`, { ...i.params });
    if (i.code === 'email_exists' && kernel.router.has('login')) {
      return <>{msg} <Link to="login" onClick={() => kernel.appState.closeModal('signup')}>{t('signup:invite.login')}</Link></>;
    }
    return msg;
  };
  const show = (issues: SignupIssue[]) => {
    const next: Errors = {};
    for (const i of issues) next[i.field] ??= text(i);
    setErrors(next);
    return issues.length === 0;
  };
  const serverError = (err: unknown) => {
    const field = errorField(err) as keyof SignupRequest;
    const code = (err as { code?: string }).code ?? '';
    const msg: ReactNode = code === 'email_exists' ? text({ field: 'email', code }) : errorText(t, err, 'signup');
    if (field && field in STEP_OF) {
      if (STEP_OF[field] !== store.step) store.goTo(STEP_OF[field]);
      setErrors({ [field]: msg });
    } else setErrors({ form: msg });
  };

  const dob = /^\d{4}-\d{2}-\d{2}$/.test(d.date_of_birth ?? '') ? d.date_of_birth : undefined;
  const stepIssues = (): SignupIssue[] => {
    switch (store.step) {
      case 0: return youIssues(d);
      case 1: return birthdayIssues(dob);
      case 2: return regions.length ? locationIssues(d, regionsOf) : [];
      case 3: return accountIssues({ ...d, password: store.password });
      default: return (d.signup_message ?? '').length > MESSAGE_MAX ? [{ field: 'signup_message', code: 'message_too_long', params: { max: MESSAGE_MAX } }] : [];
    }
  };
  const stepFields = (): Partial<SignupRequest> => {
    switch (store.step) {
      case 0: return { gender: d.gender, looking_for: d.looking_for };
      case 1: return { date_of_birth: dob };
      case 2: return { country: d.country, region: d.region, city: d.city ?? '' };
      case 3: return { name: d.name, email: d.email, password: store.password };
      default: return {};
    }
  };

  const next = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !show(stepIssues())) return;
    setBusy(true);
    try {
      if (store.step < STEPS.length - 1) {
        await store.check(stepFields());
        store.goTo(store.step + 1);
        setErrors({});
      } else {
        const user = await store.submit(i18n.language);
        auth.setUser(user);
        setErrors({});
      }
    } catch (err) {
      serverError(err);
    } finally {
      setBusy(false);
    }
  };

  if (store.done) return <Completion onDone={onDone} />;

  const [year, month, day] = (d.date_of_birth ?? '--').split('-');
  const setDob = (part: 'y' | 'm' | 'd', value: string) => {
    const parts = { y: year ?? '', m: month ?? '', d: day ?? '', [part]: value };
    // Partial answers are kept ("1990--") so the selects keep what was chosen.
    update({ date_of_birth: `${parts.y}-${parts.m}-${parts.d}` });
  };
  const update = (patch: Parameters<typeof store.update>[0]) => {
    store.update(patch);
    setErrors({});
  };
  const thisYear = new Date().getFullYear();
  const looking = new Set(d.looking_for ?? []);
  const toggleLooking = (g: Gender) => {
    const s = new Set(looking);
    if (s.has(g)) s.delete(g); else s.add(g);
    update({ looking_for: GENDERS.filter((x) => s.has(x)) });
  };
  const title = t(`signup:${STEPS[store.step]}.title`);

  return (
    <form onSubmit={next} noValidate aria-label={t('signup:title')}>
      <Steps>
        {t('signup:progress', { step: store.step + 1, total: STEPS.length })}
        <div className="bar" aria-hidden="true"><span style={{ width: `${((store.step + 1) / STEPS.length) * 100}%` }} /></div>
      </Steps>
      <h3>{title}</h3>

      {store.step === 0 && (
        <>
          <Choices aria-describedby={errors.gender ? ids.gender : undefined}>
            <legend>{t('signup:you.iAm')}</legend>
            <div className="options">
              {GENDERS.map((g) => (
                <label key={g}><input type="radio" name="gender" value={g} checked={d.gender === g} onChange={() => update({ gender: g })} />{t(`signup:you.${g}`)}</label>
              ))}
            </div>
          </Choices>
          <FieldError id={ids.gender}>{errors.gender}</FieldError>
          <Choices aria-describedby={errors.looking_for ? ids.looking : undefined}>
            <legend>{t('signup:you.lookingFor')}</legend>
            <div className="options">
              {GENDERS.map((g) => (
                <label key={g}><input type="checkbox" name="looking_for" value={g} checked={looking.has(g)} onChange={() => toggleLooking(g)} />{t(`signup:you.${g === 'male' ? 'men' : 'women'}`)}</label>
              ))}
            </div>
          </Choices>
          <FieldError id={ids.looking}>{errors.looking_for}</FieldError>
        </>
      )}

      {store.step === 1 && (
        <>
          <Choices aria-describedby={errors.date_of_birth ? ids.dob : undefined}>
            <legend>{t('signup:birthday.label')}</legend>
            <Row>
              <SelectField label={t('signup:birthday.day')} value={day ?? ''} onChange={(e) => setDob('d', e.target.value)}>
                <option value="">–</option>
                {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((v) => <option key={v} value={v}>{Number(v)}</option>)}
              </SelectField>
              <SelectField label={t('signup:birthday.month')} value={month ?? ''} onChange={(e) => setDob('m', e.target.value)}>
                <option value="">–</option>
                {monthNames(i18n.language).map((name, i) => <option key={name} value={String(i + 1).padStart(2, '0')}>{name}</option>)}
              </SelectField>
              <SelectField label={t('signup:birthday.year')} value={year ?? ''} onChange={(e) => setDob('y', e.target.value)}>
                <option value="">–</option>
                {Array.from({ length: MAX_SIGNUP_AGE - MIN_AGE + 1 }, (_, i) => String(thisYear - MIN_AGE - i)).map((v) => <option key={v} value={v}>{v}</option>)}
              </SelectField>
            </Row>
          </Choices>
          <FieldError id={ids.dob}>{errors.date_of_birth}</FieldError>
          <Hint>{t('signup:birthday.hint')}</Hint>
        </>
      )}

      {store.step === 2 && (
        <>
          <LocationButton onFound={(r) => update({ country: r.country, region: r.region, city: r.city })} />
          <SelectField label={t('signup:location.country')} value={d.country ?? ''} onChange={(e) => update({ country: e.target.value, region: '' })}>
            <option value="">{t('signup:location.choose')}</option>
            {regions.map((c) => <option key={c.country} value={c.country}>{countryName(c.country, i18n.language)}</option>)}
          </SelectField>
          <FieldError id="signup-country-error">{errors.country}</FieldError>
          <SelectField label={t(`members:regionWord.${countryInfo?.region_word ?? 'region'}`)} value={d.region ?? ''} disabled={!countryInfo}
            onChange={(e) => update({ region: e.target.value })}>
            <option value="">{t('signup:location.choose')}</option>
            {countryInfo?.regions.map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
          </SelectField>
          <FieldError id="signup-region-error">{errors.region}</FieldError>
          <Field label={t('signup:location.city')} autoComplete="address-level2" maxLength={80} value={d.city ?? ''} error={errors.city as string}
            onChange={(e) => update({ city: e.target.value })} />
        </>
      )}

      {store.step === 3 && (
        <>
          <Field label={t('signup:account.name')} autoComplete="nickname" maxLength={40} value={d.name ?? ''} error={errors.name as string}
            onChange={(e) => update({ name: e.target.value })} />
          <Hint>{t('signup:account.nameHint')}</Hint>
          <Field label={t('signup:account.email')} type="email" autoComplete="email" maxLength={254} value={d.email ?? ''}
            onChange={(e) => update({ email: e.target.value })} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'signup-email-error' : undefined} />
          {errors.email ? <FieldError id="signup-email-error">{errors.email}</FieldError> : <Hint>{t('signup:account.emailHint')}</Hint>}
          <Field label={t('signup:account.password')} type={showPassword ? 'text' : 'password'} autoComplete="new-password" maxLength={128}
            value={store.password} error={errors.password as string} onChange={(e) => { store.setPassword(e.target.value); setErrors({}); }} />
          <Hint>
            {t('signup:account.passwordHint')}{' '}
            <Button data-variant="link" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
              {t(showPassword ? 'signup:account.hidePassword' : 'signup:account.showPassword')}
            </Button>
          </Hint>
        </>
      )}

      {store.step === 4 && (
        <>
          <label htmlFor={ids.msg} style={{ display: 'block', fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{t('signup:message.label')}</label>
          <textarea id={ids.msg} rows={4} maxLength={MESSAGE_MAX} value={d.signup_message ?? ''} placeholder={t('signup:message.placeholder')}
            onChange={(e) => update({ signup_message: e.target.value })}
            style={{ width: '100%', padding: '8px 12px', border: '1px solid #dee2e6', borderRadius: 8, marginBottom: 12, font: 'inherit' }} />
          <FieldError id="signup-message-error">{errors.signup_message}</FieldError>
          <Hint style={{ margin: '0 0 8px' }}>
            {t('signup:message.terms')}{' '}
            {kernel.router.has('pages-terms') && <><Link to="pages-terms" target="_blank">{t('signup:message.termsLink')}</Link> · <Link to="pages-privacy" target="_blank">{t('signup:message.privacyLink')}</Link></>}
          </Hint>
        </>
      )}

      <FormError message={errors.form as string} />
      <Nav>
        {store.step > 0 && <Button data-variant="outline" onClick={() => { setErrors({}); store.goTo(store.step - 1); }}>{t('signup:back')}</Button>}
        <Button type="submit" disabled={busy}>{store.step === STEPS.length - 1 ? t('signup:submit') : t('signup:next')}</Button>
      </Nav>
    </form>
  );
});
