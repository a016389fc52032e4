/** @jsxImportSource preact */
import type { LanderFrame } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator } from '../texts.ts';

/** The portraits of the show (square crops, 300x300), made by server/loaders/transitionsvideolanding.ts. */
export interface TransitionsData { portraits: { id: number; name: string; age: number; city: string; src: string }[] }

/** The show always has this many slides (its CSS keyframes are made for six); fewer faces take turns. */
const SLIDES = 6;

/**
 * Portraits that follow one another with a crossfade and a slow zoom (CSS only: it runs without
 * JavaScript and needs nothing after hydration). A checkbox styled as a pause button stops it
 * (WCAG 2.2.2, also without JavaScript); under prefers-reduced-motion the same portraits stand
 * still in a grid. The whole show is one link to the signup.
 */
export default function TransitionsVideoLanding({ frame, data }: { frame: LanderFrame; data: TransitionsData }) {
  const t = translator(frame.texts);
  const list = data.portraits;
  const slides = list.length ? Array.from({ length: SLIDES }, (_, i) => list[i % list.length]) : [];
  return (
    <Frame frame={frame}>
      <div class="lr-transitionsvideolanding">
        <section class="lr-transitionsvideolanding-intro">
          <h1>{t(`niche.${frame.niche}.headline`)}</h1>
          <p>{t('transitionsvideolanding.lead')}</p>
          <SignupCta frame={frame} label={t('cta')} />
        </section>
        {slides.length > 0 && (
          <div class="lr-transitionsvideolanding-show">
            <input type="checkbox" id="lr-transitionsvideolanding-pause" class="lr-transitionsvideolanding-toggle" />
            <label for="lr-transitionsvideolanding-pause" class="lr-transitionsvideolanding-pause">
              <span class="lr-transitionsvideolanding-icon" aria-hidden="true" />
              {t('transitionsvideolanding.pause')}
            </label>
            <a class="lr-transitionsvideolanding-stage" href={frame.signupPath} data-signup=""
              aria-label={t('transitionsvideolanding.meet', { names: list.slice(0, 3).map((p) => p.name).join(', ') })}>
              {slides.map((p, i) => (
                <span key={`${p.id}-${i}`} class={i < list.length ? 'lr-transitionsvideolanding-slide' : 'lr-transitionsvideolanding-slide lr-transitionsvideolanding-again'}>
                  <img src={p.src} alt="" width={300} height={300} loading={i === 0 ? 'eager' : 'lazy'} fetchpriority={i === 0 ? 'high' : 'auto'} decoding={i === 0 ? 'sync' : 'async'} />
                  <span class="lr-transitionsvideolanding-caption" aria-hidden="true">
                    <strong>{p.name}, {p.age}</strong> {p.city}
                  </span>
                </span>
              ))}
            </a>
          </div>
        )}
      </div>
    </Frame>
  );
}
