import { useCallback, useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, CheckField, DataTable, Dialog, Notice, Page, SelectField, TextField, fieldError, mutedText, row } from '../../../../kernel/web/console/ui.tsx';
import {
  ABOUT_MAX, BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, INTERESTS_MAX, INTEREST_KEYS, PHOTO_LIMITS, RELATIONSHIP_STATUSES,
  SEXUALITIES, SIGNUP_REASONS, TATTOOS, consoleFictionalCreate, consoleFictionalList, consoleFictionalPhoto, consoleFictionalUpdate,
  type FictionalInput, type FictionalProfile, type InterestKey,
} from '../../contract.ts';
import { INTERESTS } from '../../interests.ts';
import { failure, fieldOf, when, type Message } from './shared.tsx';

/** The niches (kernel/contract/settings.ts: 1 default … 7 gay). */
export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
const MIN_AGE = 18;

/** The form as text, every field of the contract's FictionalInput. */
export interface FictionalForm {
  name: string; gender: string; sexuality: string; birthdate: string; country: string; region: string; city: string; about: string;
  interests: InterestKey[]; hair_color: string; eye_color: string; body_type: string; relationship_status: string; tattoos: string;
  signup_reason: string; niches: number[]; status: string;
}
export type FormField = keyof FictionalForm;
export const EMPTY_FORM: FictionalForm = {
  name: '', gender: 'female', sexuality: 'hetero', birthdate: '', country: '', region: '', city: '', about: '', interests: [],
  hair_color: '', eye_color: '', body_type: '', relationship_status: '', tattoos: '', signup_reason: '', niches: [], status: 'active',
};
const CHOICES = {
  hair_color: HAIR_COLORS, eye_color: EYE_COLORS, body_type: BODY_TYPES, relationship_status: RELATIONSHIP_STATUSES, tattoos: TATTOOS, signup_reason: SIGNUP_REASONS,
} as const;
type ChoiceField = keyof typeof CHOICES;
const CHOICE_FIELDS = Object.keys(CHOICES) as ChoiceField[];

export const formOf = (p: FictionalProfile): FictionalForm => ({
  name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate, country: p.country, region: p.region, city: p.city, about: p.about,
  interests: [...p.interests], hair_color: p.hair_color, eye_color: p.eye_color, body_type: p.body_type, relationship_status: p.relationship_status,
  tattoos: p.tattoos, signup_reason: p.signup_reason, niches: [...p.niches], status: p.status,
});

/** The age on `today` of someone born on `birthdate` (YYYY-MM-DD), or null when no such day. */
function ageOf(birthdate: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!m) return null;
  const d = new Date(`${birthdate}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== birthdate) return null;
  let age = today.getUTCFullYear() - d.getUTCFullYear();
  const md = (today.getUTCMonth() - d.getUTCMonth()) * 100 + today.getUTCDate() - d.getUTCDate();
  if (md < 0) age--;
  return age;
}

/**
 * The form as the endpoint's body, or the first field that does not fit the contract's bounds
 * (the server checks again and names the field the same way).
 */
export function inputOf(f: FictionalForm, today = new Date()): { body: FictionalInput } | { field: FormField; reason: string } {
  const name = f.name.trim();
  if (name.length < 1 || name.length > 60) return { field: 'name', reason: 'name' };
  if (!(GENDERS as readonly string[]).includes(f.gender)) return { field: 'gender', reason: 'choice' };
  if (!(SEXUALITIES as readonly string[]).includes(f.sexuality)) return { field: 'sexuality', reason: 'choice' };
  const age = ageOf(f.birthdate.trim(), today);
  if (age == null) return { field: 'birthdate', reason: 'birthdate' };
  if (age < MIN_AGE) return { field: 'birthdate', reason: 'too_young' };
  const country = f.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return { field: 'country', reason: 'country' };
  if (f.region.trim().length > 80) return { field: 'region', reason: 'max80' };
  if (f.city.trim().length > 80) return { field: 'city', reason: 'max80' };
  if (f.about.length > ABOUT_MAX) return { field: 'about', reason: 'about' };
  if (f.interests.length > INTERESTS_MAX) return { field: 'interests', reason: 'interests' };
  for (const k of CHOICE_FIELDS) if (f[k] !== '' && !(CHOICES[k] as readonly string[]).includes(f[k])) return { field: k, reason: 'choice' };
  if (f.status !== 'active' && f.status !== 'disabled') return { field: 'status', reason: 'choice' };
  const body = {
    name, gender: f.gender, sexuality: f.sexuality, birthdate: f.birthdate.trim(), country, region: f.region.trim(), city: f.city.trim(),
    about: f.about, interests: [...new Set(f.interests)], niches: [...new Set(f.niches)].sort((a, b) => a - b), status: f.status,
    hair_color: f.hair_color, eye_color: f.eye_color, body_type: f.body_type, relationship_status: f.relationship_status, tattoos: f.tattoos, signup_reason: f.signup_reason,
  } as FictionalInput;
  return { body };
}

/** Only what changed against the profile (the update endpoint takes the fields given). */
export function changesOf(before: FictionalProfile, body: FictionalInput): Partial<FictionalInput> {
  const out: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(Array.isArray(a) ? [...a].sort() : a) === JSON.stringify(Array.isArray(b) ? [...b].sort() : b);
  for (const [k, v] of Object.entries(body)) if (!same((before as Record<string, unknown>)[k], v)) out[k] = v;
  return out as Partial<FictionalInput>;
}

/** A field's name in words (used by errors too). */
const fieldName = (t: TFunction, f: string) => t(`fictional.fields.${f}`);
const nicheName = (t: TFunction, n: number) => t(`fictional.niche.${n}`);

/** Fictional profiles (operators): every one listed, made, changed, given photos; members always see them marked. */
export default function FictionalSection(_: ConsoleSectionProps) {
  const { api, t, i18n } = useConsole('members');
  const lng = i18n.language;
  const [profiles, setProfiles] = useState<FictionalProfile[] | null>(null);
  const [filter, setFilter] = useState({ q: '', niche: '', status: '' });
  const [message, setMessage] = useState<Message | null>(null);
  const [editing, setEditing] = useState<FictionalProfile | 'new' | null>(null);
  const [photoOf, setPhotoOf] = useState<FictionalProfile | null>(null);

  const load = useCallback(async () => {
    try {
      setProfiles((await api.call(consoleFictionalList)).profiles);
    } catch (e) {
      setMessage({ kind: 'error', text: failure(t, e) });
    }
  }, [api, t]);
  useEffect(() => { void load(); }, [load]);

  const put = (p: FictionalProfile) => setProfiles((all) => (all?.some((x) => x.id === p.id) ? all.map((x) => (x.id === p.id ? p : x)) : [p, ...(all ?? [])]));
  const shown = (profiles ?? []).filter((p) => {
    if (filter.q.trim() && !p.name.toLowerCase().includes(filter.q.trim().toLowerCase()) && String(p.id) !== filter.q.trim()) return false;
    if (filter.niche && p.niches.length > 0 && !p.niches.includes(Number(filter.niche))) return false;
    if (filter.status && p.status !== filter.status) return false;
    return true;
  });

  return (
    <Page title={t('fictional.title')} actions={<Button kind="primary" onClick={() => setEditing('new')}>{t('fictional.new')}</Button>}>
      <p>{t('fictional.intro')}</p>
      <form className={row} aria-label={t('fictional.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => e.preventDefault()}>
        <TextField label={t('fictional.search')} hint={t('fictional.searchHint')} value={filter.q} onChange={(q) => setFilter({ ...filter, q })} />
        <SelectField label={t('fictional.nicheFilter')} hint={t('fictional.nicheFilterHint')} value={filter.niche} onChange={(niche) => setFilter({ ...filter, niche })}
          options={[{ value: '', label: t('fictional.anyNiche') }, ...NICHES.map((n) => ({ value: String(n), label: nicheName(t, n) }))]} />
        <SelectField label={t('fictional.fields.status')} value={filter.status} onChange={(status) => setFilter({ ...filter, status })}
          options={[{ value: '', label: t('fictional.anyStatus') }, { value: 'active', label: t('fictional.status.active') }, { value: 'disabled', label: t('fictional.status.disabled') }]} />
      </form>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {profiles && (
        <DataTable caption={t('fictional.caption', { count: shown.length })} rows={shown} rowKey={(p) => p.id} empty={t('fictional.none')} columns={[
          { key: 'photo', label: t('fictional.photo'), render: (p) => (p.photo
            ? <img src={p.photo} alt={t('fictional.photoOf', { name: p.name })} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 3 }} />
            : <span style={{ color: mutedText }}>{t('fictional.noPhoto')}</span>) },
          { key: 'name', label: t('fictional.fields.name'), render: (p) => <>{p.name}<br /><small>#{p.id}</small></> },
          { key: 'who', label: t('fictional.who'), render: (p) => t('fictional.whoText', { gender: t(`values.gender.${p.gender}`), sexuality: t(`values.sexuality.${p.sexuality}`), age: p.age }) },
          { key: 'place', label: t('fictional.place'), render: (p) => [p.city, p.region, p.country].filter(Boolean).join(', ') },
          { key: 'niches', label: t('fictional.fields.niches'), render: (p) => (p.niches.length ? p.niches.map((n) => nicheName(t, n)).join(', ') : t('fictional.allNiches')) },
          { key: 'status', label: t('fictional.fields.status'), render: (p) => t(`fictional.status.${p.status}`) },
          { key: 'photos', label: t('fictional.photos'), render: (p) => String(p.photos) },
          { key: 'created_at', label: t('fictional.created'), render: (p) => when(p.created_at, lng) },
          { key: 'actions', label: t('queue.actions'), render: (p) => (
            <span className={row}>
              <Button onClick={() => setEditing(p)} aria-label={t('fictional.editLabel', { name: p.name })}>{t('fictional.edit')}</Button>
              <Button onClick={() => setPhotoOf(p)} aria-label={t('fictional.addPhotoLabel', { name: p.name })}>{t('fictional.addPhoto')}</Button>
            </span>
          ) },
        ]} />
      )}
      {editing && (
        <ProfileDialog profile={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(p, created) => {
          put(p);
          setEditing(null);
          setMessage({ kind: 'success', text: t(created ? 'fictional.created_' : 'fictional.saved', { name: p.name }) });
          if (created) setPhotoOf(p);
        }} />
      )}
      {photoOf && (
        <PhotoDialog profile={photoOf} onClose={() => setPhotoOf(null)} onAdded={(p) => {
          put(p);
          setPhotoOf(null);
          setMessage({ kind: 'success', text: t('fictional.photoAdded', { name: p.name, count: p.photos }) });
        }} />
      )}
    </Page>
  );
}

function ProfileDialog({ profile, onClose, onSaved }: { profile: FictionalProfile | null; onClose(): void; onSaved(p: FictionalProfile, created: boolean): void }) {
  const { api, t } = useConsole('members');
  const [form, setForm] = useState<FictionalForm>(profile ? formOf(profile) : EMPTY_FORM);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends FormField>(k: K) => (v: FictionalForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const errorOf = (k: FormField) => (error?.field === k ? error.text : null);
  const submit = async () => {
    if (busy) return;
    const made = inputOf(form);
    if ('field' in made) {
      setError({ field: made.field, text: t(`fictional.invalid.${made.reason}`, { field: fieldName(t, made.field), max: INTERESTS_MAX, about: ABOUT_MAX }) });
      return;
    }
    let changes: Partial<FictionalInput> | null = null;
    if (profile) {
      changes = changesOf(profile, made.body);
      if (Object.keys(changes).length === 0) { setError({ text: t('fictional.unchanged') }); return; }
    }
    setBusy(true);
    setError(null);
    try {
      if (profile && changes) onSaved((await api.call(consoleFictionalUpdate, { body: { id: profile.id, changes } })).profile, false);
      else onSaved((await api.call(consoleFictionalCreate, { body: made.body })).profile, true);
    } catch (e) {
      const field = fieldOf(e);
      setError({ field: field && field in EMPTY_FORM ? field : undefined, text: failure(t, e) });
    } finally {
      setBusy(false);
    }
  };
  const choice = (k: ChoiceField) => (
    <SelectField key={k} label={fieldName(t, k)} value={form[k]} onChange={set(k)} error={errorOf(k)}
      options={[{ value: '', label: t('fictional.notTold') }, ...CHOICES[k].map((v) => ({ value: v, label: t(`values.${k}.${v}`) }))]} />
  );
  const generalError = error && (!error.field || !(error.field in EMPTY_FORM));
  return (
    <Dialog open wide title={profile ? t('fictional.editTitle', { name: profile.name }) : t('fictional.newTitle')} onClose={onClose} closeLabel={t('close')}>
      {generalError && <Notice kind="error">{error.text}</Notice>}
      {error?.field && !generalError && <Notice kind="error">{t('fictional.checkField', { field: fieldName(t, error.field) })}</Notice>}
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <div className={row}>
          <TextField label={fieldName(t, 'name')} hint={t('fictional.hints.name')} value={form.name} onChange={set('name')} error={errorOf('name')} required />
          <SelectField label={fieldName(t, 'gender')} value={form.gender} onChange={set('gender')} error={errorOf('gender')}
            options={GENDERS.map((g) => ({ value: g, label: t(`values.gender.${g}`) }))} />
          <SelectField label={fieldName(t, 'sexuality')} value={form.sexuality} onChange={set('sexuality')} error={errorOf('sexuality')}
            options={SEXUALITIES.map((s) => ({ value: s, label: t(`values.sexuality.${s}`) }))} />
          <TextField label={fieldName(t, 'birthdate')} hint={t('fictional.hints.birthdate')} type="date" value={form.birthdate} onChange={set('birthdate')} error={errorOf('birthdate')} required />
        </div>
        <div className={row} style={{ marginTop: 8 }}>
          <TextField label={fieldName(t, 'country')} hint={t('fictional.hints.country')} value={form.country} onChange={(v) => set('country')(v.toUpperCase())} error={errorOf('country')} required />
          <TextField label={fieldName(t, 'region')} hint={t('fictional.hints.region')} value={form.region} onChange={set('region')} error={errorOf('region')} />
          <TextField label={fieldName(t, 'city')} value={form.city} onChange={set('city')} error={errorOf('city')} />
        </div>
        <div style={{ marginTop: 8 }}>
          <TextField label={fieldName(t, 'about')} hint={t('fictional.hints.about', { length: form.about.length, max: ABOUT_MAX })} multiline value={form.about} onChange={set('about')} error={errorOf('about')} />
        </div>
        <div className={row} style={{ marginTop: 8 }}>{CHOICE_FIELDS.map(choice)}</div>
        <fieldset style={{ marginTop: 8 }} aria-describedby="fictional-interests-hint">
          <legend>{fieldName(t, 'interests')}</legend>
          <small id="fictional-interests-hint" className={errorOf('interests') ? fieldError : undefined} style={errorOf('interests') ? undefined : { color: mutedText }}>
            {errorOf('interests') ?? t('fictional.hints.interests', { chosen: form.interests.length, max: INTERESTS_MAX })}
          </small>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 4, marginTop: 6 }}>
            {INTEREST_KEYS.map((k) => (
              <CheckField key={k} label={`${INTERESTS[k]} ${t(`interests.${k}`)}`} checked={form.interests.includes(k)}
                onChange={(on) => set('interests')(on ? [...form.interests, k] : form.interests.filter((x) => x !== k))} />
            ))}
          </div>
        </fieldset>
        <fieldset style={{ marginTop: 8 }}>
          <legend>{fieldName(t, 'niches')}</legend>
          <small style={{ color: mutedText }}>{t('fictional.hints.niches')}</small>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 4, marginTop: 6 }}>
            {NICHES.map((n) => (
              <CheckField key={n} label={nicheName(t, n)} checked={form.niches.includes(n)}
                onChange={(on) => set('niches')(on ? [...form.niches, n] : form.niches.filter((x) => x !== n))} />
            ))}
          </div>
        </fieldset>
        <div className={row} style={{ marginTop: 8 }}>
          <SelectField label={fieldName(t, 'status')} hint={t('fictional.hints.status')} value={form.status} onChange={set('status')} error={errorOf('status')}
            options={[{ value: 'active', label: t('fictional.status.active') }, { value: 'disabled', label: t('fictional.status.disabled') }]} />
        </div>
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="primary" type="submit" disabled={busy}>{profile ? t('fictional.save') : t('fictional.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function PhotoDialog({ profile, onClose, onAdded }: { profile: FictionalProfile; onClose(): void; onAdded(p: FictionalProfile): void }) {
  const { api, t } = useConsole('members');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (busy) return;
    if (!file) { setError(t('fictional.invalid.noFile')); return; }
    if (!(PHOTO_LIMITS.types as readonly string[]).includes(file.type)) { setError(t('errors.photo_type_invalid')); return; }
    if (file.size > PHOTO_LIMITS.maxBytes) { setError(t('errors.photo_too_large')); return; }
    setBusy(true);
    setError(null);
    try {
      onAdded((await api.call(consoleFictionalPhoto, { query: { id: profile.id } }, { file, retries: 0 })).profile);
    } catch (e) {
      setError(failure(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={t('fictional.photoTitle', { name: profile.name })} onClose={onClose} closeLabel={t('close')}>
      <p>{t('fictional.photoIntro', { count: profile.photos })}</p>
      <form onSubmit={(e) => { e.preventDefault(); void upload(); }}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <label htmlFor={id} style={{ fontWeight: 600 }}>{t('fictional.photoFile')}</label>
          <input id={id} type="file" accept={PHOTO_LIMITS.types.join(',')} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint`}
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); }} />
          <small id={`${id}-hint`} className={error ? fieldError : undefined} style={error ? undefined : { color: mutedText }}>
            {error ?? t('fictional.photoHint', { mb: PHOTO_LIMITS.maxBytes / 1024 / 1024, px: PHOTO_LIMITS.minSide })}
          </small>
        </div>
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="primary" type="submit" disabled={busy}>{t('fictional.upload')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
