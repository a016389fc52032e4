import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { FormError, SelectField } from '../../../kernel/web/ui/Field.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { countryName } from '../../../kernel/web/intl.ts';
import { colors, up } from '../../../kernel/web/theme.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { audienceOf, INTEREST_KEYS, MAX_AGE, MIN_AGE, memberSearch, type Audience, type MembersQuery, type MembersResponse, type InterestKey } from '../../members/contract.ts';
import { INTERESTS, ProfileCard } from '../../members/ui.ts';
import { authSlice } from '../../auth/ui.ts';

const Box = styled.div`
  max-width: 720px;
  margin: 0 auto;
  form, .results { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px rgba(115, 54, 117, 0.1); }
  fieldset { border: 0; padding: 0; margin: 0 0 16px; }
  legend { font-size: 20px; font-weight: 700; color: ${colors.dark}; margin-bottom: 12px; }
  .choices { display: flex; flex-wrap: wrap; gap: 8px; }
  .choices label { display: inline-flex; gap: 6px; align-items: center; padding: 8px 14px; border-radius: 20px; border: 1px solid #ead9ee; background: ${colors.light}; cursor: pointer; }
  .choices label:has(input:checked) { background: ${colors.secondary}; border-color: ${colors.secondary}; color: #fff; }
  .choices label:focus-within { outline: 3px solid ${colors.dark}; outline-offset: 1px; }
  .choices input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  .ages { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
  .nav { display: flex; justify-content: space-between; gap: 10px; margin-top: 10px; }
  .progress { color: ${colors.muted}; }
`;
const Grid = styled.ul`
  display: grid;
  gap: 15px;
  list-style: none;
  margin: 16px 0;
  padding: 0;
  grid-template-columns: repeat(2, 1fr);
  ${up('md')} { grid-template-columns: repeat(3, 1fr); }
`;

type Who = 'female' | 'male' | 'both';
type Where = 'country' | 'anywhere';
const STEPS = ['who', 'age', 'where', 'interests'] as const;
/** The full search (members), with the finder's filter. */
const search = routeRef('members');
const MAX_PICKS = 5;

/** The finder's first answers: the site's audience where it says (a niche site's gender and ages), else women of 25–45. */
export function firstAnswers(audience: Audience): { who: Who; ages: { min: number; max: number } } {
  const who: Who = audience.genders?.length === 1 ? audience.genders[0] : audience.genders?.length === 2 ? 'both' : 'female';
  if (audience.min_age == null && audience.max_age == null) return { who, ages: { min: 25, max: 45 } };
  const min = Math.min(MAX_AGE, Math.max(MIN_AGE, audience.min_age ?? MIN_AGE));
  return { who, ages: { min, max: Math.max(min, Math.min(MAX_AGE, audience.max_age ?? MAX_AGE)) } };
}

/** /match-finder: four short questions, then the members who fit best (most shared interests first). */
export default observer(function MatchFinderPage() {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const home = authSlice.of(kernel).user?.profile?.country ?? kernel.settings.countries[0];
  const [first] = useState(() => firstAnswers(audienceOf(kernel.settings)));
  const [step, setStep] = useState(0);
  const [who, setWho] = useState<Who>(first.who);
  const [ages, setAges] = useState(first.ages);
  const [where, setWhere] = useState<Where>('country');
  const [picks, setPicks] = useState<InterestKey[]>([]);
  const [result, setResult] = useState<MembersResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const query = (): MembersQuery => ({
    ...(who !== 'both' ? { gender: who } : {}), min_age: ages.min, max_age: ages.max,
    ...(where === 'country' ? { country: home } : {}), ...(picks.length ? { interests: picks.join(',') } : {}),
  });
  const find = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await kernel.api.call(memberSearch, { query: query() }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (step < STEPS.length - 1) setStep(step + 1);
    else void find();
  };
  const range = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

  if (result) {
    const { interests, ...filter } = query();
    void interests;
    return (
      <div className="container">
        <Box>
          <div className="results">
            <h1>{t('match-finder:results.title')}</h1>
            <p role="status">{t('match-finder:results.count', { count: result.total_capped ? `${result.total}+` : result.total })}</p>
            {result.profiles.length > 0 && (
              <Grid aria-label={t('match-finder:results.label')}>
                {result.profiles.map((p) => <li key={p.id}><ProfileCard profile={p} /></li>)}
              </Grid>
            )}
            <div className="nav">
              <Button data-variant="outline" onClick={() => { setResult(null); setStep(0); }}>{t('match-finder:again')}</Button>
              <Link to={search} query={Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)]))}>{t('match-finder:results.search')}</Link>
            </div>
          </div>
        </Box>
      </div>
    );
  }

  return (
    <div className="container">
      <Box>
        <h1>{t('match-finder:title')}</h1>
        <p>{t('match-finder:lead')}</p>
        <form onSubmit={next} noValidate>
          <p className="progress">{t('match-finder:progress', { step: step + 1, total: STEPS.length })}</p>
          {STEPS[step] === 'who' && (
            <fieldset>
              <legend>{t('match-finder:who.question')}</legend>
              <div className="choices">
                {(['female', 'male', 'both'] as Who[]).map((w) => (
                  <label key={w}><input type="radio" name="who" checked={who === w} onChange={() => setWho(w)} /> {t(`match-finder:who.${w}`)}</label>
                ))}
              </div>
            </fieldset>
          )}
          {STEPS[step] === 'age' && (
            <fieldset>
              <legend>{t('match-finder:age.question')}</legend>
              <div className="ages">
                <SelectField label={t('match-finder:age.min')} value={ages.min} onChange={(e) => { const min = Number(e.target.value); setAges({ min, max: Math.max(min, ages.max) }); }}>
                  {range.map((a) => <option key={a} value={a}>{a}</option>)}
                </SelectField>
                <SelectField label={t('match-finder:age.max')} value={ages.max} onChange={(e) => { const max = Number(e.target.value); setAges({ max, min: Math.min(max, ages.min) }); }}>
                  {range.map((a) => <option key={a} value={a}>{a}</option>)}
                </SelectField>
              </div>
            </fieldset>
          )}
          {STEPS[step] === 'where' && (
            <fieldset>
              <legend>{t('match-finder:where.question')}</legend>
              <div className="choices">
                <label><input type="radio" name="where" checked={where === 'country'} onChange={() => setWhere('country')} /> {t('match-finder:where.country', { country: countryName(home, i18n.language) })}</label>
                <label><input type="radio" name="where" checked={where === 'anywhere'} onChange={() => setWhere('anywhere')} /> {t('match-finder:where.anywhere')}</label>
              </div>
            </fieldset>
          )}
          {STEPS[step] === 'interests' && (
            <fieldset>
              <legend>{t('match-finder:interests.question', { max: MAX_PICKS })}</legend>
              <div className="choices">
                {INTEREST_KEYS.map((k) => (
                  <label key={k}>
                    <input type="checkbox" checked={picks.includes(k)} disabled={!picks.includes(k) && picks.length >= MAX_PICKS}
                      onChange={() => setPicks(picks.includes(k) ? picks.filter((x) => x !== k) : [...picks, k])} />
                    <span aria-hidden="true">{INTERESTS[k]}</span> {t(`members:interests.${k}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <FormError message={error ? errorText(t, error) : null} />
          <div className="nav">
            <Button data-variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>{t('match-finder:back')}</Button>
            <Button type="submit" disabled={busy}>{step < STEPS.length - 1 ? t('match-finder:next') : t('match-finder:find')}</Button>
          </div>
          {busy && <Spinner />}
        </form>
      </Box>
    </div>
  );
});
