import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { ErrorPage } from '../../../kernel/web/ErrorPage.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { ApiError } from '../../../kernel/web/api.ts';
import { useLoginRedirect } from '../../../kernel/web/useLoginRedirect.ts';
import { colors, up } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import type { Profile } from '../contract.ts';
import { INTERESTS } from '../interests.ts';
import { countryName } from './names.ts';
import { PhotoView, LockIcon } from './PhotoView.tsx';
import { PremiumBadge } from './PremiumBadge.tsx';
import { FictionalBadge, FictionalNotice } from './FictionalMark.tsx';
import { ProfileActions } from './ProfileActions.tsx';
import { membersSlice } from './store.ts';

const Layout = styled.article`
  display: grid;
  gap: 20px;
  grid-template-columns: 1fr;
  ${up('md')} { grid-template-columns: 5fr 7fr; }
  section { background: #fff; border-radius: 12px; padding: 18px; }
  h1 { color: ${colors.dark}; display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
  h2 { font-size: 18px; color: ${colors.dark}; }
`;
const Photo = styled.img`
  width: 100%;
  border-radius: 12px;
  aspect-ratio: 4 / 5;
  object-fit: cover;
`;
const NoPhoto = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 4 / 5;
  border-radius: 12px;
  background: linear-gradient(160deg, #ead9ee, #f7f3f8);
  color: ${colors.dark};
  font-size: 96px;
  font-weight: 700;
`;
const Thumbs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  padding: 0;
  margin: 10px 0 0;
  button { position: relative; padding: 0; border: 2px solid transparent; border-radius: 8px; background: none; cursor: pointer; }
  button[aria-pressed='true'] { border-color: ${colors.secondary}; }
  img { display: block; width: 64px; height: 80px; object-fit: cover; border-radius: 6px; }
  svg { position: absolute; top: 50%; left: 50%; width: 22px; height: 22px; margin: -11px 0 0 -11px; fill: #fff; }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin: 0;
  dt { color: ${colors.muted}; }
  dd { margin: 0; font-weight: 600; }
`;
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  padding: 0;
  margin: 0;
  li { padding: 4px 12px; border-radius: 16px; background: ${colors.light}; border: 1px solid #ead9ee; }
`;
const Online = styled.span`
  font-size: 14px;
  font-weight: 600;
  color: ${colors.successText};
`;

const ATTRIBUTES = ['gender', 'sexuality', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'signup_reason'] as const;

/** A member's profile (routes members-id and likes-m-id): photos as this viewer may see them, details, actions. */
export default observer(function ProfilePage({ params }: PageProps) {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const store = membersSlice.of(kernel);
  const id = Number(params.id);
  const profile: Profile | undefined = store.profiles.get(String(id));
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState(0);

  useEffect(() => {
    setError(null);
    setShown(0);
    if (!Number.isInteger(id) || id < 1) return setError(new ApiError(404, 'not_found', 'bad id'));
    store.loadProfile(id).then(() => kernel.bus.emit('members:profile-opened', { id }), setError);
    store.loadRegions().catch(() => {});
  }, [id, store, kernel.bus]);

  useLoginRedirect(error);
  if (error) {
    if (error instanceof ApiError && error.status === 404) return <ErrorPage status={404} />;
    return (
      <div className="container">
        <Notice role="alert" data-tone={errorCode(error) === 'blocked' ? 'danger' : undefined}>{errorText(t, error, 'members')}</Notice>
        <p><Link to="members">← {t('members:profile.back')}</Link></p>
      </div>
    );
  }
  if (!profile) {
    // Opened from the results: show who it is at once, details follow.
    const known = store.results.find((r) => r.id === id);
    if (!known) return <Spinner />;
    return (
      <div className="container">
        <Layout aria-busy="true">
          <div>{known.main_image && <Photo src={known.main_image.thumb_filename} alt={t('members:profile.photoOf', { name: known.name })} width={480} height={600} />}</div>
          <div><section><h1>{known.name}, {known.age}{known.fictional && <FictionalBadge />}</h1><p>{known.city}</p>{known.fictional && <FictionalNotice name={known.name} />}</section><Spinner /></div>
        </Layout>
      </div>
    );
  }

  const visible = new Set(kernel.settings.visible_profile_fields);
  const regionSet = store.regionsOf(profile.country);
  const region = regionSet?.regions.find((r) => r.code === profile.region)?.name ?? profile.region;
  const image = profile.images[shown] ?? profile.main_image;

  return (
    <div className="container">
      <p><Link to="members">← {t('members:profile.back')}</Link></p>
      <Layout>
        <div>
          {image ? <PhotoView image={image} name={profile.name} /> : <NoPhoto aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</NoPhoto>}
          {profile.images.length > 1 && (
            <Thumbs aria-label={t('members:profile.photos')}>
              {profile.images.map((img, i) => (
                <li key={img.id}>
                  <button type="button" onClick={() => setShown(i)} aria-label={t('members:profile.showPhoto', { n: i + 1 })} aria-pressed={i === shown}>
                    <img src={img.thumb_filename} alt="" />
                    {img.locked && img !== profile.images[0] && <LockIcon />}
                  </button>
                </li>
              ))}
            </Thumbs>
          )}
          {profile.locked_images > 0 && <p style={{ color: '#4d5359' }}>{t('members:photos.lockedCount', { count: profile.locked_images })}</p>}
        </div>
        <div>
          <section>
            <h1>
              {profile.name}, {profile.age}
              {profile.fictional && <FictionalBadge />}
              {profile.premium && <PremiumBadge />}
              {profile.online && <Online>● {t('members:profile.online')}</Online>}
            </h1>
            <p>{[profile.city, region, countryName(profile.country, i18n.language)].filter(Boolean).join(', ')}</p>
            {profile.fictional && <FictionalNotice name={profile.name} />}
            {profile.blocked && <Notice role="status">{t('members:block.youBlocked', { name: profile.name })}</Notice>}
            <ProfileActions profile={profile} />
            {profile.about && kernel.settings.visible_profile_notes && <><h2>{t('members:fields.about')}</h2><p>{profile.about}</p></>}
          </section>
          <section style={{ marginTop: 20 }}>
            <h2>{t('members:profile.details')}</h2>
            <Facts>
              {ATTRIBUTES.filter((a) => visible.has(a) && profile[a]).map((a) => (
                <div key={a} style={{ display: 'contents' }}>
                  <dt>{t(`members:fields.${a}`)}</dt>
                  <dd>{t(`members:values.${a}.${profile[a]}`)}</dd>
                </div>
              ))}
            </Facts>
          </section>
          {profile.interests.length > 0 && (
            <section style={{ marginTop: 20 }}>
              <h2>{t('members:fields.interests')}</h2>
              <Chips>
                {profile.interests.map((k) => <li key={k}><span aria-hidden="true">{INTERESTS[k]}</span> {t(`members:interests.${k}`)}</li>)}
              </Chips>
            </section>
          )}
        </div>
      </Layout>
    </div>
  );
});
