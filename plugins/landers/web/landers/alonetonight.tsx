/** @jsxImportSource preact */
import type { AloneTonightData, LanderFrame, NearbyFace } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator, type T } from '../texts.ts';

/** Pictures above the fold load at once; the rest when scrolled to. */
const EAGER = 6;

function Face({ frame, t, face, index }: { frame: LanderFrame; t: T; face: NearbyFace; index: number }) {
  const label = t(face.online ? 'alonetonight.meetOnline' : 'alonetonight.meet', { name: face.name, age: face.age });
  return (
    <li>
      <a href={frame.signupPath} data-signup="" aria-label={label}>
        {face.image
          ? <img src={face.image} alt="" width={300} height={300} loading={index < EAGER ? 'eager' : 'lazy'} fetchpriority={index < 2 ? 'high' : 'auto'} />
          : <span class="lr-initial" aria-hidden="true">{face.name.slice(0, 1)}</span>}
        {face.online && <span class="lr-alonetonight-badge" aria-hidden="true">{t('alonetonight.online')}</span>}
        <span class="lr-name">{face.name}, {face.age}</span>
      </a>
    </li>
  );
}

/**
 * "Alone tonight?": the niche's members seen recently near the visitor (country by geo-IP), grouped
 * by region; the online badge only on members seen in the last minutes.
 */
export default function AloneTonight({ frame, data }: { frame: LanderFrame; data: AloneTonightData }) {
  const t = translator(frame.texts);
  let index = 0;
  return (
    <Frame frame={frame}>
      <section class="lr-hero lr-alonetonight-hero">
        <h1>{t('alonetonight.title', { country: data.countryName })}</h1>
        <p>{t(`niche.${frame.niche}.headline`)}</p>
        {data.online > 0 && <p class="lr-alonetonight-live"><span aria-hidden="true" class="lr-alonetonight-pulse" />{t('alonetonight.live', { count: data.online })}</p>}
        <SignupCta frame={frame} label={t('cta')} />
      </section>
      {data.groups.map((g) => (
        <section key={g.region} class="lr-alonetonight-region" aria-labelledby={`lr-alonetonight-${g.region}`}>
          <h2 id={`lr-alonetonight-${g.region}`}>{t('alonetonight.near', { region: g.name })}</h2>
          <ul class="lr-grid">
            {g.faces.map((f) => <Face key={f.id} frame={frame} t={t} face={f} index={index++} />)}
          </ul>
        </section>
      ))}
      {data.elsewhere.length > 0 && (
        <section class="lr-alonetonight-region" aria-labelledby="lr-alonetonight-elsewhere">
          <h2 id="lr-alonetonight-elsewhere">{t(data.groups.length ? 'alonetonight.elsewhere' : 'alonetonight.others')}</h2>
          <ul class="lr-grid">
            {data.elsewhere.map((f) => <Face key={f.id} frame={frame} t={t} face={f} index={index++} />)}
          </ul>
        </section>
      )}
      <p class="lr-alonetonight-end"><SignupCta frame={frame} label={t('alonetonight.cta')} /></p>
    </Frame>
  );
}
