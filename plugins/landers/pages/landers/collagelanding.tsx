/** @jsxImportSource preact */
import type { LanderFrame } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator } from '../texts.ts';

/** What the loader (server/loaders/collagelanding.ts) made: the niche's faces as small thumbnails (160x200). */
export interface CollageData { tiles: { id: number; src: string }[] }

/** Cells of the collage: enough to cover a wide screen; fewer faces are repeated to fill them. */
const CELLS = 48;
/** Tiles a phone's first screen shows (loaded at once; the rest lazily). */
const EAGER = 24;

/**
 * The first question of the signup ("who are you, whom are you looking for") as choices, the
 * niche's usual answer first: man → woman, woman → man (she), man → man (gay).
 */
const CHOICES: Record<number, readonly ('mw' | 'wm' | 'mm' | 'ww')[]> = {
  2: ['wm', 'ww', 'mw', 'mm'],
  7: ['mm', 'mw', 'wm', 'ww'],
};
const DEFAULT_CHOICES = ['mw', 'wm', 'mm', 'ww'] as const;

/**
 * A full-bleed collage of the niche's faces behind the signup's first question. Each answer is a
 * real link to the signup page (the signup dialog with JavaScript); the collage itself is a picture
 * (one link away from the signup for a tap, hidden from assistive technology: the answers say it).
 */
export default function CollageLanding({ frame, data }: { frame: LanderFrame; data: CollageData }) {
  const t = translator(frame.texts);
  const tiles = data.tiles;
  const cells = tiles.length ? Array.from({ length: CELLS }, (_, i) => tiles[i % tiles.length]) : [];
  const choices = CHOICES[frame.niche] ?? DEFAULT_CHOICES;
  return (
    <Frame frame={frame}>
      <section class="lr-collagelanding">
        {cells.length > 0 && (
          <a class="lr-collagelanding-collage" href={frame.signupPath} data-signup="" tabIndex={-1} aria-hidden="true">
            {cells.map((c, i) => (
              <img key={`${c.id}-${i}`} src={c.src} alt="" width={160} height={200} loading={i < EAGER ? 'eager' : 'lazy'} decoding="async" />
            ))}
          </a>
        )}
        <div class="lr-collagelanding-card">
          <h1>{t(`niche.${frame.niche}.headline`)}</h1>
          <p class="lr-collagelanding-lead">{t('collagelanding.lead')}</p>
          <h2 id="lr-collagelanding-q">{t('collagelanding.question')}</h2>
          <ul class="lr-collagelanding-choices" aria-labelledby="lr-collagelanding-q">
            {choices.map((c, i) => (
              <li key={c}>
                <a class={i === 0 ? 'lr-collagelanding-choice lr-collagelanding-first' : 'lr-collagelanding-choice'} href={frame.signupPath} data-signup="">
                  {t(`collagelanding.choice.${c}`)}
                </a>
              </li>
            ))}
          </ul>
          <p class="lr-collagelanding-note">{t('collagelanding.note')}</p>
        </div>
      </section>
    </Frame>
  );
}
