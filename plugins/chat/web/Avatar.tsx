import { styled } from '@linaria/react';
import { colors } from '../../../kernel/web/theme.ts';
import type { ProfileSummary } from '../../members/contract.ts';

const Round = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  border-radius: 50%;
  overflow: hidden;
  background: ${colors.dark};
  color: #fff;
  font-weight: 700;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** The partner's main photo as a circle, or their initial when there is none. */
export function Avatar({ profile, size }: { profile: ProfileSummary; size: number }) {
  return (
    <Round style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden="true">
      {profile.main_image
        ? <img src={profile.main_image.thumb_filename} alt="" width={size} height={size} loading="lazy" />
        : profile.name.slice(0, 1)}
    </Round>
  );
}
