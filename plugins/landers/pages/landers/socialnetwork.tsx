/** @jsxImportSource preact */
import type { LanderFrame } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator, type T } from '../texts.ts';

/** One post: a member's square crop (300x300) and thumbnail, made by server/loaders/socialnetwork.ts. */
export interface FeedPost { id: number; name: string; age: number; city: string; online: boolean; photo: string; avatar: string }
export interface SocialData { posts: FeedPost[] }

/** Status lines per niche in the texts (`socialnetwork.status.<niche>.<1..n>`). */
export const STATUS_LINES = 4;
/** A member's status line (1..STATUS_LINES): picked from the member's id alone, so the server and the browser pick the same. */
export function statusOf(id: number): number {
  return ((Math.imul(id, 2654435761) >>> 0) % STATUS_LINES) + 1;
}
/** The feed's status lines: each member's own, or the next one where the post above says the same. */
export function statusLines(ids: readonly number[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const own = statusOf(id);
    out.push(own === out[out.length - 1] ? (own % STATUS_LINES) + 1 : own);
  }
  return out;
}

const Heart = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
  </svg>
);
const Bubble = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M4 5.5h16v10H9.5L5.5 19v-3.5H4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
  </svg>
);

function Post({ frame, post, status, t, first }: { frame: LanderFrame; post: FeedPost; status: number; t: T; first: boolean }) {
  const nameId = `lr-socialnetwork-by-${post.id}`;
  return (
    <article class="lr-socialnetwork-post" aria-labelledby={nameId}>
      <a class="lr-socialnetwork-author" href={frame.signupPath} data-signup="">
        <img src={post.avatar} alt="" width={44} height={44} loading={first ? 'eager' : 'lazy'} decoding="async" />
        <span class="lr-socialnetwork-who">
          <span id={nameId} class="lr-socialnetwork-name">{post.name}, {post.age}</span>
          <span class="lr-socialnetwork-where">
            {post.city}
            {post.online && <span class="lr-socialnetwork-online"> · {t('socialnetwork.online')}</span>}
          </span>
        </span>
      </a>
      <p class="lr-socialnetwork-status">{t(`socialnetwork.status.${frame.niche}.${status}`)}</p>
      <a class="lr-socialnetwork-photo" href={frame.signupPath} data-signup="">
        <img src={post.photo} alt={t('socialnetwork.photoOf', { name: post.name })} width={300} height={300}
          loading={first ? 'eager' : 'lazy'} fetchpriority={first ? 'high' : 'auto'} decoding={first ? 'sync' : 'async'} />
      </a>
      <div class="lr-socialnetwork-actions">
        <a href={frame.signupPath} data-signup="" aria-label={t('socialnetwork.likeOf', { name: post.name })}><Heart />{t('socialnetwork.like')}</a>
        <a href={frame.signupPath} data-signup="" aria-label={t('socialnetwork.commentOn', { name: post.name })}><Bubble />{t('socialnetwork.comment')}</a>
      </div>
    </article>
  );
}

/** A feed of the niche's members: their latest photo and a status line; liking, commenting or posting opens the signup. */
export default function SocialNetwork({ frame, data }: { frame: LanderFrame; data: SocialData }) {
  const t = translator(frame.texts);
  const lines = statusLines(data.posts.map((p) => p.id));
  return (
    <Frame frame={frame}>
      <div class="lr-socialnetwork">
        <section class="lr-socialnetwork-intro">
          <h1>{t(`niche.${frame.niche}.headline`)}</h1>
          <p>{t('socialnetwork.lead')}</p>
          <SignupCta frame={frame} label={t('cta')} />
        </section>
        <section class="lr-socialnetwork-feed" aria-labelledby="lr-socialnetwork-feed">
          <h2 id="lr-socialnetwork-feed">{t('socialnetwork.feed')}</h2>
          <a class="lr-socialnetwork-composer" href={frame.signupPath} data-signup="">{t('socialnetwork.composer')}</a>
          {data.posts.map((p, i) => <Post key={p.id} frame={frame} post={p} status={lines[i]} t={t} first={i === 0} />)}
          <p class="lr-socialnetwork-more"><SignupCta frame={frame} label={t('socialnetwork.more')} /></p>
        </section>
      </div>
    </Frame>
  );
}
