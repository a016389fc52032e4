/** @jsxImportSource preact */
import type { LanderFrame, ProfileLanderData } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator } from '../texts.ts';
import { Bubble, Interests, placeOf } from './profile-landing.tsx';

/**
 * The signup form beside the member: the member's card and message on one side, the site's signup
 * (the widget shown in place, client.tsx `data-signup-inline`) on the other; without JavaScript a
 * link to the signup page. After signup the conversation with the member opens (`data-after`).
 */
export default function ProfileSignup({ frame, data }: { frame: LanderFrame; data: ProfileLanderData }) {
  const t = translator(frame.texts);
  const m = data.member;
  return (
    <Frame frame={frame}>
      <div class="lr-profile-signup">
        <section class="lr-profile-signup-form">
          <h1>{t('profile.signupTitle', { name: m.name })}</h1>
          <p>{t('profile.signupLead', { name: m.name })}</p>
          <div class="lr-profile-signup-widget" data-signup-inline="" data-after={data.after}>
            <a class="lr-cta lr-profile-signup-fallback" href={frame.signupPath} data-signup="" data-after={data.after}>{t('cta')}</a>
          </div>
        </section>
        <section class="lr-profile-signup-member" aria-label={t('profile.about', { name: m.name })}>
          <img class="lr-profile-signup-photo" src={m.image} alt={t('profile.photo', { name: m.name })} width={300} height={300} fetchpriority="high" />
          <p class="lr-profile-signup-name"><strong>{m.name}</strong>, {placeOf(t, m)}
            {m.online && <span class="lr-profile-landing-online lr-profile-signup-online">{t('profile.online')}</span>}</p>
          <Bubble t={t} frame={frame} member={m} />
          <Interests t={t} member={m} />
        </section>
      </div>
    </Frame>
  );
}
