import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Panels } from '../../../kernel/web/Panels.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import type { ProfileSummary } from '../contract.ts';
import { PremiumBadge } from './PremiumBadge.tsx';
import { FictionalBadge, useFictionalWording } from './FictionalMark.tsx';

const Wrap = styled.div`
  position: relative;
  .actions { position: absolute; top: 8px; right: 8px; display: flex; gap: 6px; }
  .badge { position: absolute; top: 8px; left: 8px; pointer-events: none; }
`;
const Card = styled(Link)`
  display: block;
  overflow: hidden;
  border-radius: 12px;
  background: #fff;
  color: ${colors.text};
  text-decoration: none;
  box-shadow: 0 2px 10px rgba(115, 54, 117, 0.1);
  transition: transform 0.15s, box-shadow 0.15s;
  &:hover { transform: translateY(-2px); box-shadow: 0 6px 18px rgba(115, 54, 117, 0.2); color: ${colors.text}; }
  img { display: block; width: 100%; aspect-ratio: 4 / 5; object-fit: cover; background: ${colors.light}; }
  .initial {
    display: flex; align-items: center; justify-content: center; aspect-ratio: 4 / 5;
    background: linear-gradient(160deg, #ead9ee, ${colors.light}); color: ${colors.dark}; font-size: 48px; font-weight: 700;
  }
  .body { padding: 8px 10px 10px; }
  .name { font-weight: 700; display: flex; align-items: center; gap: 6px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  .place { color: ${colors.muted}; font-size: 14px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .fictional { margin-top: 4px; }
  .dot { width: 8px; height: 8px; border-radius: 50%; background: ${colors.success}; flex: none; }
`;

/** A member in a grid: photo, name, age, town; other plugins add buttons (a like heart) on top. */
export function ProfileCard({ profile, route = 'members-id', priority = false }: {
  profile: ProfileSummary; route?: string;
  /** Cards of the first screen: their photo loads at once (not lazily), first in line (LCP). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const fictional = useFictionalWording();
  const label = t('members:card.label', { name: profile.name, age: profile.age, city: profile.city });
  return (
    <Wrap>
      <Card to={route} params={{ id: profile.id }} aria-label={profile.fictional ? `${label}, ${fictional.singular}` : label}>
        {profile.main_image
          ? <img src={profile.main_image.thumb_filename} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} width={160} height={200} />
          : <span className="initial" aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>}
        <div className="body">
          <div className="name">
            {profile.online && <span className="dot" title={t('members:profile.online')} />}
            <span>{profile.name}, {profile.age}</span>
          </div>
          <div className="place">{profile.city}</div>
          {profile.fictional && <div className="fictional"><FictionalBadge /></div>}
        </div>
      </Card>
      {profile.premium && <span className="badge"><PremiumBadge /></span>}
      <div className="actions"><Panels slot="member-card" props={{ profile }} /></div>
    </Wrap>
  );
}
