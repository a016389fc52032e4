import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { memberSearch, type MembersQuery, type ProfileSummary } from '../../members/contract.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import { signupSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 14px;
  a { display: block; color: inherit; text-decoration: none; border-radius: 10px; overflow: hidden; background: #fff; box-shadow: 0 2px 10px rgba(115, 54, 117, 0.12); }
  img { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; background: ${colors.light}; }
  i { display: flex; align-items: center; justify-content: center; aspect-ratio: 1; font-style: normal; font-size: 56px; font-weight: 700; color: #fff; background: linear-gradient(135deg, ${colors.dark}, ${colors.secondary}); }
  span { display: block; padding: 8px 10px; font-weight: 600; }
  small { display: block; padding: 0 10px 10px; color: ${colors.muted}; }
`;

const SUGGESTIONS = 12;
const membersRoute = routeRef('members');
const memberRoute = routeRef('members-id');

/** Right after signup: members who fit what the new member looks for, in their country. */
export default observer(function SignupMatchesPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const auth = authSlice.of(kernel);
  const signup = signupSlice.of(kernel);
  const [profiles, setProfiles] = useState<ProfileSummary[] | null>(null);
  const wish = signup.draft.looking_for;
  const country = auth.user?.profile?.country ?? signup.draft.country ?? kernel.settings.geoip_selected_country;

  useEffect(() => {
    const query: MembersQuery = { country, ...(wish?.length === 1 ? { gender: wish[0] } : {}) };
    kernel.api.call(memberSearch, { query })
      .then((r) => setProfiles(r.profiles.slice(0, SUGGESTIONS)), () => setProfiles([]));
  }, [kernel, country, wish]);

  return (
    <div className="container">
      <h1>{t('signup:matches.title')}</h1>
      <p>{t('signup:matches.lead', { name: auth.user?.profile?.name ?? '' })}</p>
      {profiles == null && <Spinner />}
      {profiles?.length === 0 && <p>{t('signup:matches.none')}</p>}
      {profiles && profiles.length > 0 && (
        <Grid>
          {profiles.map((p) => (
            <li key={p.id}>
              <Link to={memberRoute} params={{ id: p.id }}>
                {p.main_image ? <img src={p.main_image.match} alt="" loading="lazy" /> : <i aria-hidden="true">{p.name.slice(0, 1).toUpperCase()}</i>}
                <span>{p.name}, {p.age}</span>
                <small>{p.city}</small>
              </Link>
            </li>
          ))}
        </Grid>
      )}
      {kernel.router.resolve(membersRoute) && <p><Link className={buttonClass} to={membersRoute}>{t('signup:matches.search')}</Link></p>}
    </div>
  );
});
