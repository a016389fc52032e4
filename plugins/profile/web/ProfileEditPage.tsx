import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Field, FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorField, errorText } from '../../../kernel/web/errors.ts';
import { countryName } from '../../../kernel/web/intl.ts';
import { colors, up } from '../../../kernel/web/theme.ts';
import {
  ABOUT_MAX, BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, INTEREST_KEYS, INTERESTS_MAX, RELATIONSHIP_STATUSES,
  SEXUALITIES, SIGNUP_REASONS, TATTOOS, type OwnProfile, type ProfileUpdate,
} from '../../members/contract.ts';
import { PhotoManager } from './PhotoManager.tsx';
import { INTERESTS, membersSlice } from '../../members/ui.ts';
import { profileSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const memberRoute = routeRef('members-id');

const Page = styled.div`
  display: grid;
  gap: 20px;
  section { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px rgba(115, 54, 117, 0.1); }
  h2 { color: ${colors.dark}; font-size: 20px; }
  .cols { display: grid; gap: 0 20px; grid-template-columns: 1fr; ${up('md')} { grid-template-columns: 1fr 1fr; } }
  textarea { width: 100%; box-sizing: border-box; font: inherit; padding: 8px 10px; border: 1px solid ${colors.border}; border-radius: 8px; }
`;
const Chips = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 14px;
  legend { font-weight: 600; margin-bottom: 8px; }
  .list { display: flex; flex-wrap: wrap; gap: 8px; }
  label { display: inline-flex; align-items: center; gap: 6px; padding: 5px 12px; border-radius: 18px; border: 1px solid #ead9ee; background: ${colors.light}; cursor: pointer; }
  label:has(input:checked) { background: ${colors.secondary}; border-color: ${colors.secondary}; color: #fff; }
  label:focus-within { outline: 3px solid ${colors.dark}; outline-offset: 1px; }
  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
`;

type Draft = Required<Omit<ProfileUpdate, 'invisible'>>;
const ATTRS = [
  ['hair_color', HAIR_COLORS], ['eye_color', EYE_COLORS], ['body_type', BODY_TYPES],
  ['relationship_status', RELATIONSHIP_STATUSES], ['tattoos', TATTOOS], ['signup_reason', SIGNUP_REASONS],
] as const;

const draftOf = (p: OwnProfile): Draft => ({
  name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate, city: p.city, country: p.country, region: p.region,
  hair_color: p.hair_color, eye_color: p.eye_color, body_type: p.body_type, relationship_status: p.relationship_status,
  tattoos: p.tattoos, signup_reason: p.signup_reason, interests: p.interests, about: p.about,
});

/** /profile: the member edits every attribute, interests, the about text and the photos. */
export default observer(function ProfileEditPage() {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const store = profileSlice.of(kernel);
  const members = membersSlice.of(kernel);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    store.load().then((p) => setDraft(draftOf(p)), setLoadError);
    members.loadRegions().catch(() => {});
  }, [store, members]);

  if (loadError) return <div className="container"><FormError message={errorText(t, loadError, 'profile')} /></div>;
  if (!store.own || !draft) return <Spinner />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => { setDraft({ ...draft, [key]: value }); setError(null); };
  const regions = members.regionsOf(draft.country);
  const fieldError = (f: string) => (error && errorField(error).split('/')[0] === f ? errorText(t, error, 'profile') : null);
  const toggleInterest = (k: (typeof INTEREST_KEYS)[number]) => set('interests', draft.interests.includes(k) ? draft.interests.filter((x) => x !== k) : [...draft.interests, k]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await store.save(draft);
      setDraft(draftOf(saved));
      kernel.appState.toast(t('profile:saved'), 'success');
      members.forget(saved.id);
      void authSlice.of(kernel).fetchUser().catch(() => {});
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="container">
      <Page>
        <h1>{t('profile:title')}</h1>
        <p><Link to={memberRoute} params={{ id: store.own.id }}>{t('profile:viewOwn')}</Link></p>
        <PhotoManager />
        <form onSubmit={submit} noValidate>
          <section aria-labelledby="profile-about">
            <h2 id="profile-about">{t('profile:aboutYou')}</h2>
            <div className="cols">
              <Field label={t('profile:fields.name')} value={draft.name} maxLength={20} autoComplete="nickname" onChange={(e) => set('name', e.target.value)} error={fieldError('name')} />
              <Field label={t('profile:fields.birthdate')} type="date" value={draft.birthdate} onChange={(e) => set('birthdate', e.target.value)} error={fieldError('birthdate')} />
              <SelectField label={t('members:fields.gender')} value={draft.gender} onChange={(e) => set('gender', e.target.value as Draft['gender'])}>
                {GENDERS.map((g) => <option key={g} value={g}>{t(`members:values.gender.${g}`)}</option>)}
              </SelectField>
              <SelectField label={t('members:fields.sexuality')} value={draft.sexuality} onChange={(e) => set('sexuality', e.target.value as Draft['sexuality'])}>
                {SEXUALITIES.map((s) => <option key={s} value={s}>{t(`members:values.sexuality.${s}`)}</option>)}
              </SelectField>
              <SelectField label={t('members:fields.country')} value={draft.country}
                onChange={(e) => setDraft({ ...draft, country: e.target.value, region: '' })}>
                {kernel.settings.countries.map((c) => <option key={c} value={c}>{countryName(c, i18n.language)}</option>)}
              </SelectField>
              <div>
                <SelectField label={t(`members:regionWord.${regions?.region_word ?? 'region'}`)} value={draft.region} onChange={(e) => set('region', e.target.value)}>
                  <option value="">{t('profile:choose')}</option>
                  {regions?.regions.map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
                </SelectField>
                {(fieldError('region') || fieldError('country')) && <p role="alert" style={{ color: '#a71d2a', marginTop: -8 }}>{fieldError('region') ?? fieldError('country')}</p>}
              </div>
              <Field label={t('members:fields.city')} value={draft.city} maxLength={80} autoComplete="address-level2" onChange={(e) => set('city', e.target.value)} error={fieldError('city')} />
            </div>
          </section>
          <section aria-labelledby="profile-looks" style={{ marginTop: 20 }}>
            <h2 id="profile-looks">{t('profile:looks')}</h2>
            <div className="cols">
              {ATTRS.map(([key, values]) => (
                <SelectField key={key} label={t(`members:fields.${key}`)} value={draft[key]} onChange={(e) => set(key, e.target.value as never)}>
                  <option value="">{t('profile:notSaying')}</option>
                  {values.map((v) => <option key={v} value={v}>{t(`members:values.${key}.${v}`)}</option>)}
                </SelectField>
              ))}
            </div>
          </section>
          <section aria-labelledby="profile-interests" style={{ marginTop: 20 }}>
            <h2 id="profile-interests">{t('members:fields.interests')}</h2>
            <Chips>
              <legend>{t('profile:interestsHint', { max: INTERESTS_MAX, count: draft.interests.length })}</legend>
              <div className="list">
                {INTEREST_KEYS.map((k) => (
                  <label key={k}>
                    <input type="checkbox" checked={draft.interests.includes(k)} onChange={() => toggleInterest(k)} />
                    <span aria-hidden="true">{INTERESTS[k]}</span> {t(`members:interests.${k}`)}
                  </label>
                ))}
              </div>
              {fieldError('interests') && <p role="alert" style={{ color: '#a71d2a' }}>{fieldError('interests')}</p>}
            </Chips>
            <label htmlFor="profile-about-text" style={{ fontWeight: 600, display: 'block', marginBottom: 6 }}>{t('members:fields.about')}</label>
            <textarea id="profile-about-text" rows={5} maxLength={ABOUT_MAX} value={draft.about} onChange={(e) => set('about', e.target.value)}
              aria-describedby="profile-about-count" />
            <p id="profile-about-count" style={{ color: colors.muted, fontSize: 14 }}>{t('profile:charsLeft', { count: ABOUT_MAX - draft.about.length })}</p>
            {fieldError('about') && <p role="alert" style={{ color: '#a71d2a' }}>{fieldError('about')}</p>}
          </section>
          {error != null && !['name', 'birthdate', 'region', 'country', 'city', 'interests', 'about'].includes(errorField(error).split('/')[0]) && <FormError message={errorText(t, error, 'profile')} />}
          <Button type="submit" disabled={saving} style={{ marginTop: 20 }}>{saving ? t('profile:saving') : t('profile:save')}</Button>
        </form>
      </Page>
    </div>
  );
});
