/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LanderFrame } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator } from '../texts.ts';

/** Made by server/loaders/video.ts: the site's `lander_video` setting and a row of the niche's faces (thumbnails, 160x200). */
export interface VideoData {
  video: { src: string; poster: string; type: string };
  faces: { id: number; name: string; age: number; src: string }[];
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The <video> element as markup: the browser's own `muted` attribute (which Preact would set as a
 * property, so a browser render would differ from the server's), the same on both sides. No
 * `autoplay`: the page starts it after hydration unless the visitor asked for reduced motion, so
 * without JavaScript, and under reduced motion, the poster stands still and nothing moves that the
 * visitor could not stop.
 */
function videoHtml(v: VideoData['video'], label: string) {
  return `<video class="lr-video-media" muted loop playsinline preload="none" width="480" height="600" poster="${escapeAttr(v.poster)}" aria-label="${escapeAttr(label)}">`
    + `<source src="${escapeAttr(v.src)}" type="${escapeAttr(v.type)}"></video>`;
}

type PlayState = 'still' | 'playing' | 'paused';
const REDUCED = '(prefers-reduced-motion: reduce)';

/** A muted looping video of members with a pause button (WCAG 2.2.2), the offer beside it and faces of the niche below. */
export default function VideoLander({ frame, data }: { frame: LanderFrame; data: VideoData }) {
  const t = translator(frame.texts);
  const box = useRef<HTMLDivElement>(null);
  // 'still' until the page has hydrated: the server's and the browser's first render are the same.
  const [state, setState] = useState<PlayState>('still');

  useEffect(() => {
    const video = box.current?.querySelector('video');
    // (Not a copy rendered off the page: only the video the visitor sees plays.)
    if (!video?.isConnected) return;
    const onPlay = () => setState('playing');
    const onPause = () => setState('paused');
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.muted = true;
    const reduced = window.matchMedia(REDUCED);
    if (reduced.matches) setState('paused');
    else video.play().catch(() => setState('paused'));
    // Asked for reduced motion while here: the video stops (the visitor may still start it).
    const onChange = () => { if (reduced.matches) video.pause(); };
    reduced.addEventListener('change', onChange);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      reduced.removeEventListener('change', onChange);
    };
  }, []);

  const toggle = () => {
    const video = box.current?.querySelector('video');
    if (!video) return;
    if (video.paused) void video.play().catch(() => setState('paused'));
    else video.pause();
  };

  return (
    <Frame frame={frame}>
      <div class="lr-video">
        <section class="lr-video-intro">
          <h1>{t(`niche.${frame.niche}.headline`)}</h1>
          <p>{t('video.lead')}</p>
          <SignupCta frame={frame} label={t('cta')} />
        </section>
        <div class="lr-video-player">
          <div ref={box} class="lr-video-box" dangerouslySetInnerHTML={{ __html: videoHtml(data.video, t('video.label', { name: frame.site.name })) }} />
          <button type="button" class="lr-video-pause" hidden={state === 'still'} onClick={toggle}>
            <span class={state === 'playing' ? 'lr-video-icon' : 'lr-video-icon lr-video-icon-play'} aria-hidden="true" />
            {state === 'playing' ? t('video.pause') : t('video.play')}
          </button>
        </div>
        {data.faces.length > 0 && (
          <section class="lr-video-faces" aria-labelledby="lr-video-faces">
            <h2 id="lr-video-faces">{t('video.members')}</h2>
            <ul>
              {data.faces.map((f, i) => (
                <li key={f.id}>
                  <a href={frame.signupPath} data-signup="" aria-label={t('video.meet', { name: f.name, age: f.age })}>
                    <img src={f.src} alt="" width={160} height={200} loading={i < 3 ? 'eager' : 'lazy'} decoding="async" />
                    <span aria-hidden="true">{f.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Frame>
  );
}
