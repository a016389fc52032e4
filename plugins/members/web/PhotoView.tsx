import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import type { ProfileImage } from '../contract.ts';

// Where a locked photo leads: premium (payments), else the credits page, where that plugin is on.
const upgradeRoutes = [routeRef('premium'), routeRef('credits')];

const Frame = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: 12px;
  background: ${colors.light};
  img { display: block; width: 100%; aspect-ratio: 4 / 5; object-fit: cover; }
  .lock {
    position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
    gap: 10px; padding: 16px; text-align: center; color: #fff; background: rgba(60, 20, 62, 0.35);
    font-weight: 600; text-shadow: 0 1px 3px rgba(0, 0, 0, 0.6);
  }
  .lock svg { width: 40px; height: 40px; fill: #fff; }
`;

export const LockIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3zm0 9a2 2 0 0 0-1 3.7V19h2v-2.3A2 2 0 0 0 12 13z" /></svg>
);

/** A large photo; a locked one is the server's blurred copy with a lock and the way to premium. */
export function PhotoView({ image, name }: { image: ProfileImage; name: string }) {
  const { t } = useTranslation();
  const { router } = useKernel();
  const upgrade = upgradeRoutes.find((r) => router.resolve(r) != null);
  return (
    <Frame>
      <img src={image.filename} alt={image.locked ? t('members:photos.lockedAlt', { name }) : t('members:profile.photoOf', { name })} width={480} height={600} />
      {image.locked && (
        <div className="lock">
          <LockIcon />
          <span>{t('members:photos.locked')}</span>
          {upgrade && <Link to={upgrade} className={buttonClass}>{t('members:photos.getPremium')}</Link>}
        </div>
      )}
    </Frame>
  );
}
