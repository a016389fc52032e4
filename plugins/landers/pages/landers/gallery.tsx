/** @jsxImportSource preact */
import type { LanderFrame } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator } from '../texts.ts';

/** Made by server/loaders/gallery.ts: the niche's members with their square crop (300x300), if they have one. */
export interface GalleryData { faces: { id: number; name: string; gender: string; age: number; city: string; online: boolean; src: string | null }[] }

/** A grid of the niche's members (who is online marked); any tap opens the signup, and the call to action comes again below the grid. */
export default function Gallery({ frame, data }: { frame: LanderFrame; data: GalleryData }) {
  const t = translator(frame.texts);
  return (
    <Frame frame={frame}>
      <section class="lr-hero">
        <h1>{t(`niche.${frame.niche}.headline`)}</h1>
        <p>{t('gallery.lead', { count: data.faces.length })}</p>
        <SignupCta frame={frame} label={t('cta')} />
      </section>
      <ul class="lr-grid" aria-label={t('gallery.members')}>
        {data.faces.map((f, i) => (
          <li key={f.id}>
            <a href={frame.signupPath} data-signup="" aria-label={t('gallery.meet', { name: f.name, age: f.age })}>
              {f.src
                ? <img src={f.src} alt="" width={300} height={300} loading={i < 6 ? 'eager' : 'lazy'} fetchpriority={i < 2 ? 'high' : 'auto'} />
                : <span class="lr-initial" aria-hidden="true">{f.name.slice(0, 1)}</span>}
              {f.online && <span class="lr-gallery-online">{t('gallery.online')}</span>}
              <span class="lr-name">{f.name}, {f.age}</span>
              <span class="lr-city">{f.city}</span>
            </a>
          </li>
        ))}
      </ul>
      {data.faces.length > 6 && <p class="lr-gallery-more"><SignupCta frame={frame} label={t('cta')} /></p>}
    </Frame>
  );
}
