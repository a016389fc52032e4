/** @jsxImportSource preact */
import type { LanderFrame, ProfileLanderData } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator } from '../texts.ts';
import { firstMessage, Interests, placeOf, ReplyCta } from './profile-landing.tsx';

/** Profile lander 3: a new-message notice on a dark stage: the member's portrait, their letter, "read and reply". */
export default function ProfileLanding3({ frame, data }: { frame: LanderFrame; data: ProfileLanderData }) {
  const t = translator(frame.texts);
  const m = data.member;
  return (
    <Frame frame={frame}>
      <section class="lr-profile-landing3">
        <div class="lr-profile-landing3-stage">
          <div class="lr-profile-landing3-portrait">
            <img src={m.image} alt={t('profile.photo', { name: m.name })} width={300} height={300} fetchpriority="high" />
            {m.online && <span class="lr-profile-landing3-dot">{t('profile.online')}</span>}
          </div>
          <p class="lr-profile-landing3-kicker"><span aria-hidden="true">✉</span> {t('profile.newMessage')}</p>
          <h1>{t('profile.title', { name: m.name })}</h1>
          <p class="lr-profile-landing3-meta">{m.name}, {placeOf(t, m)}</p>
          <blockquote class="lr-profile-landing3-letter"><p>{firstMessage(t, frame, m)}</p></blockquote>
          <ReplyCta frame={frame} data={data} label={t('profile.read')} className="lr-profile-landing3-cta" />
          <p class="lr-profile-landing3-note">{t('profile.private', { name: m.name })}</p>
        </div>
        <Interests t={t} member={m} className="lr-profile-landing3-interests" />
      </section>
    </Frame>
  );
}
