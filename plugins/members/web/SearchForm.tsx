import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { useMediaQuery } from '../../../kernel/web/ui/useMediaQuery.ts';
import { Field, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { breakpoints, colors, up } from '../../../kernel/web/theme.ts';
import { audienceOf, GENDERS, MAX_AGE, MIN_AGE, type Audience } from '../contract.ts';
import { compareText, countryName } from '../../../kernel/web/intl.ts';
import type { Filter } from './store.ts';
import { membersSlice } from './store.ts';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 15px;
  padding: 16px 15px 2px;
  margin-bottom: 20px;
  background: #fff;
  border-radius: 12px;
  .wide { grid-column: 1 / -1; }
  ${up('md')} { grid-template-columns: repeat(3, 1fr); .wide { grid-column: auto; } button { grid-column: 1 / -1; } }
  ${up('lg')} {
    grid-template-columns: 1.2fr 1.4fr 1.4fr 0.8fr 0.8fr auto;
    button { grid-column: auto; }
    align-items: end;
    .wide { grid-column: auto; }
  }
  button { margin-bottom: 14px; }
`;

/**
 * On a phone the filters fold away behind one "Filters" control (saying how many are set), so the
 * first screen shows members, not a form; from the md breakpoint up the form is always open.
 */
const Fold = styled.div`
  .filters-toggle { display: none; }
  @media (max-width: ${breakpoints.md - 0.02}px) {
    .filters-toggle {
      display: inline-flex; align-items: center; gap: 8px; margin: 0 0 12px; padding: 8px 16px; min-height: 44px;
      border: 1px solid ${colors.border}; border-radius: 22px; background: #fff; color: ${colors.text};
      font: inherit; font-weight: 600; cursor: pointer;
    }
    .filters-toggle:focus-visible { outline: 3px solid ${colors.secondary}; outline-offset: 2px; }
    .filters-count { color: ${colors.muted}; font-weight: 400; }
    &:not([data-open]) form { display: none; }
  }
`;

/** How many filters the member set themselves (what the address holds). */
export const filtersSet = (filter: Filter) => Object.values(filter).filter((v) => v != null && v !== '').length;

/**
 * What the form shows before the member sets a filter of their own: the site's audience where the
 * form has a field for it (one gender, the ages), so a niche site's search starts from its members.
 */
export function presetFilter(audience: Audience): Filter {
  const age = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, n));
  return {
    ...(audience.genders?.length === 1 ? { gender: audience.genders[0] } : {}),
    ...(audience.min_age != null ? { min_age: String(age(audience.min_age)) } : {}),
    ...(audience.max_age != null ? { max_age: String(age(audience.max_age)) } : {}),
  };
}

/** The filter form; submitting puts the filter into the address so back/forward and links work. */
export const SearchForm = observer(function SearchForm({ filter }: { filter: Filter }) {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const store = membersSlice.of(kernel);
  // No filter of the member's own: the site's audience (the search shows it, see the README's "How it behaves").
  const shown = Object.keys(filter).length ? filter : presetFilter(audienceOf(kernel.settings));
  const [f, setF] = useState<Filter>(shown);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const formId = useId();
  useEffect(() => setF(shown), [JSON.stringify(shown)]); // eslint-disable-line react-hooks/exhaustive-deps
  const setCount = filtersSet(filter);

  const set = (k: keyof Filter, v: string) => setF((prev) => ({ ...prev, [k]: v, ...(k === 'country' ? { countryregion: '' } : {}) }));
  // On a phone the fields stay folded away until asked for: not rendered until then (the country
  // names alone cost a phone tens of milliseconds at the page's first render). The server renders
  // them (folded away by CSS on a phone): a wide screen's open form must not grow after hydrating.
  const wide = useMediaQuery(`(min-width: ${breakpoints.md}px)`, true);
  const showFields = open || wide;
  const countries = useMemo(() => {
    if (!showFields) return [];
    const compare = compareText(i18n.language);
    return kernel.settings.countries
      .map((c) => ({ code: c, name: countryName(c, i18n.language) }))
      .sort((a, b) => compare(a.name, b.name));
  }, [showFields, kernel.settings.countries, i18n.language]);
  const regions = store.regionsOf(f.country);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const min = Number(f.min_age || MIN_AGE), max = Number(f.max_age || MAX_AGE);
    if (min < MIN_AGE || max > MAX_AGE || min > max) {
      setError(t('members:search.ageError', { min: MIN_AGE, max: MAX_AGE }));
      return;
    }
    setError(null);
    const query = Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Record<string, string>;
    setOpen(false);
    kernel.router.navigate('members', {}, query);
  };

  return (
    <Fold data-open={open || undefined}>
    <button type="button" className="filters-toggle" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)}>
      {t('members:search.filters')}{setCount > 0 && <>{' '}<span className="filters-count">{t('members:search.filtersSet', { count: setCount })}</span></>}
    </button>
    <Form id={formId} onSubmit={submit} aria-label={t('members:search.form')} noValidate>
      {showFields && <>
      <SelectField className="wide" label={t('members:search.gender')} value={f.gender ?? ''} onChange={(e) => set('gender', e.target.value)}>
        <option value="">{t('members:search.anyGender')}</option>
        {GENDERS.map((g) => <option key={g} value={g}>{t(`members:values.looking_for_gender.${g}`)}</option>)}
      </SelectField>
      <SelectField className="wide" label={t('members:search.country')} value={f.country ?? ''} onChange={(e) => set('country', e.target.value)}>
        <option value="">{t('members:search.anyCountry')}</option>
        {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
      </SelectField>
      <SelectField className="wide" label={regions ? t(`members:regionWord.${regions.region_word}`) : t('members:regionWord.region')}
        value={f.countryregion ?? ''} onChange={(e) => set('countryregion', e.target.value)} disabled={!regions}>
        <option value="">{regions ? t('members:search.anyRegion') : t('members:search.countryFirst')}</option>
        {regions?.regions.map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
      </SelectField>
      <Field label={t('members:search.minAge')} type="number" inputMode="numeric" min={MIN_AGE} max={MAX_AGE}
        value={f.min_age ?? ''} onChange={(e) => set('min_age', e.target.value)} error={error} />
      <Field label={t('members:search.maxAge')} type="number" inputMode="numeric" min={MIN_AGE} max={MAX_AGE}
        value={f.max_age ?? ''} onChange={(e) => set('max_age', e.target.value)} />
      <Button type="submit" className="wide">{t('members:search.submit')}</Button>
      </>}
    </Form>
    </Fold>
  );
});
