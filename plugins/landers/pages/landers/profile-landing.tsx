/** @jsxImportSource preact */
import type { LanderFrame, LanderMember, ProfileLanderData } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator, type T } from '../texts.ts';

/** How many first messages each niche has in each language (`profile.message.<niche>.<1..n>`). */
const MESSAGES = 3;

/** The member's first message: one of the niche's, in the page's language, always the same for the same member. */
export function firstMessage(t: T, frame: LanderFrame, member: Pick<LanderMember, 'id'>): string {
  return t(`profile.message.${frame.niche}.${1 + (member.id % MESSAGES)}`);
}

/** "34, Exeter" (the region when no town is given): never more precise than the member's town. */
export const placeOf = (t: T, m: LanderMember) => t('profile.agePlace', { age: m.age, place: m.city || m.region });

/** The call to action: the signup (a real link), then straight on to the conversation with the member. */
export function ReplyCta({ frame, data, label, className = '' }: { frame: LanderFrame; data: ProfileLanderData; label: string; className?: string }) {
  return <a class={`lr-cta ${className}`} href={frame.signupPath} data-signup="" data-after={data.after}>{label}</a>;
}

/** The member's interests, each with its icon. */
export function Interests({ t, member, className = '' }: { t: T; member: LanderMember; className?: string }) {
  if (!member.interests.length) return null;
  return (
    <section class={`lr-profile-landing-interests ${className}`}>
      <h2>{t('profile.interests', { name: member.name })}</h2>
      <ul>
        {member.interests.map((i) => <li key={i.key}><span aria-hidden="true">{i.icon}</span> {i.label}</li>)}
      </ul>
    </section>
  );
}

/** The member's first message as a chat bubble, with their thumbnail. */
export function Bubble({ t, frame, member }: { t: T; frame: LanderFrame; member: LanderMember }) {
  return (
    <figure class="lr-profile-landing-bubble">
      <img src={member.thumb} alt="" width={40} height={50} loading="lazy" />
      <blockquote><p>{firstMessage(t, frame, member)}</p></blockquote>
      <figcaption class="lr-profile-landing-from">{t('profile.from', { name: member.name })}</figcaption>
    </figure>
  );
}

/** Profile lander 1: the member's card, their message, and the reply button. */
export default function ProfileLanding({ frame, data }: { frame: LanderFrame; data: ProfileLanderData }) {
  const t = translator(frame.texts);
  const m = data.member;
  return (
    <Frame frame={frame}>
      <article class="lr-profile-landing">
        <div class="lr-profile-landing-photo">
          <img src={m.image} alt={t('profile.photo', { name: m.name })} width={300} height={300} fetchpriority="high" />
          {m.online && <span class="lr-profile-landing-online">{t('profile.online')}</span>}
        </div>
        <div class="lr-profile-landing-body">
          <h1>{t('profile.title', { name: m.name })}</h1>
          <p class="lr-profile-landing-meta"><strong>{m.name}</strong>, {placeOf(t, m)}</p>
          <Bubble t={t} frame={frame} member={m} />
          <ReplyCta frame={frame} data={data} label={t('profile.reply', { name: m.name })} />
          <p class="lr-profile-landing-note">{t('profile.private', { name: m.name })}</p>
          <Interests t={t} member={m} />
        </div>
      </article>
    </Frame>
  );
}
