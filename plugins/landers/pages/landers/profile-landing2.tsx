/** @jsxImportSource preact */
import type { LanderFrame, ProfileLanderData } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator } from '../texts.ts';
import { firstMessage, Interests, placeOf, ReplyCta } from './profile-landing.tsx';

/** Profile lander 2: the member's message as a conversation on a phone screen; its input line is the call to action. */
export default function ProfileLanding2({ frame, data }: { frame: LanderFrame; data: ProfileLanderData }) {
  const t = translator(frame.texts);
  const m = data.member;
  return (
    <Frame frame={frame}>
      <section class="lr-profile-landing2">
        <h1>{t('profile.chatTitle', { name: m.name })}</h1>
        <div class="lr-profile-landing2-screen">
          <div class="lr-profile-landing2-head">
            <img src={m.thumb} alt="" width={44} height={55} />
            <p>
              <strong>{m.name}, {m.age}</strong>
              <span class={m.online ? 'lr-profile-landing2-online' : ''}>{m.online ? t('profile.online') : (m.city || m.region)}</span>
            </p>
          </div>
          <div class="lr-profile-landing2-thread">
            <img class="lr-profile-landing2-photo" src={m.image} alt={t('profile.photo', { name: m.name })} width={300} height={300} fetchpriority="high" />
            <p class="lr-profile-landing2-msg">{firstMessage(t, frame, m)}</p>
            <p class="lr-profile-landing2-typing" aria-hidden="true"><span /><span /><span /></p>
          </div>
          <a class="lr-profile-landing2-input" href={frame.signupPath} data-signup="" data-after={data.after}>
            <span>{t('profile.writeTo', { name: m.name })}</span>
            <span class="lr-profile-landing2-send" aria-hidden="true">➤</span>
          </a>
        </div>
        <p class="lr-profile-landing2-meta">{placeOf(t, m)}</p>
        <ReplyCta frame={frame} data={data} label={t('profile.reply', { name: m.name })} />
        <p class="lr-profile-landing-note">{t('profile.private', { name: m.name })}</p>
        <Interests t={t} member={m} />
      </section>
    </Frame>
  );
}
