import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { errorField, errorText } from '../../../kernel/web/errors.ts';
import { countryName, monthNames } from '../../../kernel/web/intl.ts';
import { GENDERS, MIN_AGE, type Gender } from '../../members/contract.ts';
import {
  accountIssues, birthdayIssues, locationIssues, MAX_SIGNUP_AGE, MESSAGE_MAX, STEP_OF, STEPS, youIssues,
  type GeocodeResult, type SignupDraft, type SignupIssue, type SignupRequest,
} from '../contract.ts';
import type { RegionsResponse } from './store.ts';
import { Choices, FieldError, Hint, Nav, Row, Steps } from './ui.tsx';
import { LocationButton } from './LocationButton.tsx';

type Errors = Partial<Record<keyof SignupRequest | 'form', ReactNode>>;

/** Where the steps are: plain values, so the app (MobX store) and the widget (React state) both fit. */
export interface SignupState { draft: SignupDraft; step: number; password: string; regions: RegionsResponse | null }

/** What the steps do: the app's signup store, or the widget's own flow. */
export interface SignupActions<R = unknown> {
  update(patch: SignupDraft): void;
  setPassword(p: string): void;
  goTo(step: number): void;
  loadRegions(): Promise<unknown>;
  /** Checks one step on the server (the same rules as here). */
  check(fields: Partial<SignupRequest>): Promise<unknown>;
  /** Makes the account; its answer goes to `onSubmitted`. */
  submit(language: string): Promise<R>;
  geocode(lat: number, lon: number): Promise<GeocodeResult>;
}

export interface SignupStepsProps<R> {
  state: SignupState;
  actions: SignupActions<R>;
  onSubmitted?(result: R): void;
  /** A link to the login page (for "an account with this address exists"), when there is one. */
  loginLink?(label: string): ReactNode;
  /** Links to the terms and the privacy policy under the last step, when there are such pages. */
  legalLinks?: ReactNode;
}

/**
 * The signup steps 0..4 (spec section 5, with every check and its message): no router, no store,
 * no kernel; used by the in-site dialog and page (SignupForm) and by the embeddable widget
 * (widgets/signup).
 */
export function SignupSteps<R>({ state, actions, onSubmitted, loginLink, legalLinks }: SignupStepsProps<R>) {
  const { t, i18n } = useTranslation();
  const { draft: d, step, password } = state;
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const ids = { dob: useId(), gender: useId(), looking: useId(), msg: useId() };

  useEffect(() => { actions.loadRegions().catch(() => {}); }, [actions]);
  const regions = state.regions?.countries ?? [];
  const countryInfo = regions.find((c) => c.country === d.country);
  const regionsOf = (country: string) => regions.find((c) => c.country === country)?.regions.map((r) => r.code) ?? null;

  const text = (i: SignupIssue): ReactNode => {
    const msg = t(`signup:errors.${i.code}`, { ...i.params });
    if (i.code === 'email_exists' && loginLink) return <>{msg} {loginLink(t('signup:invite.login'))}</>;
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
      if (STEP_OF[field] !== step) actions.goTo(STEP_OF[field]);
      setErrors({ [field]: msg });
    } else setErrors({ form: msg });
  };

  const dob = /^\d{4}-\d{2}-\d{2}$/.test(d.date_of_birth ?? '') ? d.date_of_birth : undefined;
  const stepIssues = (): SignupIssue[] => {
    switch (step) {
      case 0: return youIssues(d);
      case 1: return birthdayIssues(dob);
      case 2: return regions.length ? locationIssues(d, regionsOf) : [];
      case 3: return accountIssues({ ...d, password });
      default: return (d.signup_message ?? '').length > MESSAGE_MAX ? [{ field: 'signup_message', code: 'message_too_long', params: { max: MESSAGE_MAX } }] : [];
    }
  };
  const stepFields = (): Partial<SignupRequest> => {
    switch (step) {
      case 0: return { gender: d.gender, looking_for: d.looking_for };
      case 1: return { date_of_birth: dob };
      case 2: return { country: d.country, region: d.region, city: d.city ?? '' };
      case 3: return { name: d.name, email: d.email, password };
      default: return {};
    }
  };

  const next = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !show(stepIssues())) return;
    setBusy(true);
    try {
      if (step < STEPS.length - 1) {
        await actions.check(stepFields());
        actions.goTo(step + 1);
        setErrors({});
      } else {
        const result = await actions.submit(i18n.language);
        setErrors({});
        onSubmitted?.(result);
      }
    } catch (err) {
      serverError(err);
    } finally {
      setBusy(false);
    }
  };

  const [year, month, day] = (d.date_of_birth ?? '--').split('-');
  const setDob = (part: 'y' | 'm' | 'd', value: string) => {
    const parts = { y: year ?? '', m: month ?? '', d: day ?? '', [part]: value };
    // Partial answers are kept ("1990--") so the selects keep what was chosen.
    update({ date_of_birth: `${parts.y}-${parts.m}-${parts.d}` });
  };
  const update = (patch: SignupDraft) => {
    actions.update(patch);
    setErrors({});
  };
  const thisYear = new Date().getFullYear();
  const looking = new Set(d.looking_for ?? []);
  const toggleLooking = (g: Gender) => {
    const s = new Set(looking);
    if (s.has(g)) s.delete(g); else s.add(g);
    update({ looking_for: GENDERS.filter((x) => s.has(x)) });
  };
  const title = t(`signup:${STEPS[step]}.title`);

  return (
    <form onSubmit={next} noValidate aria-label={t('signup:title')}>
      <Steps>
        {t('signup:progress', { step: step + 1, total: STEPS.length })}
        <div className="bar" aria-hidden="true"><span style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} /></div>
      </Steps>
      <h3>{title}</h3>

      {step === 0 && (
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

      {step === 1 && (
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

      {step === 2 && (
        <>
          <LocationButton lookup={actions.geocode} onFound={(r) => update({ country: r.country, region: r.region, city: r.city })} />
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

      {step === 3 && (
        <>
          <Field label={t('signup:account.name')} autoComplete="nickname" maxLength={40} value={d.name ?? ''} error={errors.name as string}
            onChange={(e) => update({ name: e.target.value })} />
          <Hint>{t('signup:account.nameHint')}</Hint>
          <Field label={t('signup:account.email')} type="email" autoComplete="email" maxLength={254} value={d.email ?? ''}
            onChange={(e) => update({ email: e.target.value })} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'signup-email-error' : undefined} />
          {errors.email ? <FieldError id="signup-email-error">{errors.email}</FieldError> : <Hint>{t('signup:account.emailHint')}</Hint>}
          <Field label={t('signup:account.password')} type={showPassword ? 'text' : 'password'} autoComplete="new-password" maxLength={128}
            value={password} error={errors.password as string} onChange={(e) => { actions.setPassword(e.target.value); setErrors({}); }} />
          <Hint>
            {t('signup:account.passwordHint')}{' '}
            <Button data-variant="link" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
              {t(showPassword ? 'signup:account.hidePassword' : 'signup:account.showPassword')}
            </Button>
          </Hint>
        </>
      )}

      {step === 4 && (
        <>
          <label htmlFor={ids.msg} style={{ display: 'block', fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{t('signup:message.label')}</label>
          <textarea id={ids.msg} rows={4} maxLength={MESSAGE_MAX} value={d.signup_message ?? ''} placeholder={t('signup:message.placeholder')}
            onChange={(e) => update({ signup_message: e.target.value })}
            style={{ width: '100%', padding: '8px 12px', border: '1px solid #dee2e6', borderRadius: 8, marginBottom: 12, font: 'inherit' }} />
          <FieldError id="signup-message-error">{errors.signup_message}</FieldError>
          <Hint style={{ margin: '0 0 8px' }}>
            {t('signup:message.terms')}{' '}
            {legalLinks}
          </Hint>
        </>
      )}

      <FormError message={errors.form as string} />
      <Nav>
        {step > 0 && <Button data-variant="outline" onClick={() => { setErrors({}); actions.goTo(step - 1); }}>{t('signup:back')}</Button>}
        <Button type="submit" disabled={busy}>{step === STEPS.length - 1 ? t('signup:submit') : t('signup:next')}</Button>
      </Nav>
    </form>
  );
}
