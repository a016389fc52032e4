/** @jsxImportSource preact */
import type { AloneTonightData, LanderFrame, NearbyFace } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator, type T } from '../texts.ts';

/** Pictures above the fold load at once; the rest when scrolled to. */
const EAGER = 6;

function Face({ frame, t, face, index }: { frame: LanderFrame; t: T; face: NearbyFace; index: number }) {
  const label = t(face.online ? 'alonetonight.meetOnline' : 'alonetonight.meet', { name: face.name, age: face.age, place: face.place });
  return (
    <li>
      <a href={frame.signupPath} data-signup="" aria-label={label}>
        {face.image
          ? <img src={face.image} alt="" width={300} height={300} loading={index < EAGER ? 'eager' : 'lazy'} fetchpriority={index < 2 ? 'high' : 'auto'} />
          : <span class="lr-initial" aria-hidden="true">{face.name.slice(0, 1)}</span>}
        {face.online && <span class="lr-alonetonight-badge" aria-hidden="true">{t('alonetonight.online')}</span>}
        <span class="lr-name">{face.name}, {face.age}</span>
        <span class="lr-city lr-alonetonight-place">{face.place}</span>
      </a>
    </li>
  );
}

/**
 * "Alone tonight?": the niche's members near the visitor (country by geo-IP), those seen recently
 * first, each labelled by region; the online badge only on members seen in the last minutes.
 */
export default function AloneTonight({ frame, data }: { frame: LanderFrame; data: AloneTonightData }) {
  const t = translator(frame.texts);
  const section = (id: string, title: string, faces: NearbyFace[], from: number) => (
    <section class="lr-alonetonight-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul class="lr-grid">{faces.map((f, i) => <Face key={f.id} frame={frame} t={t} face={f} index={from + i} />)}</ul>
    </section>
  );
  return (
    <Frame frame={frame}>
      <section class="lr-hero lr-alonetonight-hero">
        <p class="lr-alonetonight-area"><span aria-hidden="true">📍</span> {t('alonetonight.area', { country: data.countryName })}</p>
        <h1>{t('alonetonight.title')}</h1>
        <p>{t(`niche.${frame.niche}.headline`)}</p>
        {data.online > 0 && <p class="lr-alonetonight-live"><span aria-hidden="true" class="lr-alonetonight-pulse" />{t('alonetonight.live', { count: data.online })}</p>}
        <SignupCta frame={frame} label={t('cta')} />
      </section>
      {data.near.length > 0 && section('lr-alonetonight-near', t('alonetonight.near'), data.near, 0)}
      {data.elsewhere.length > 0 && section('lr-alonetonight-elsewhere', t(data.near.length ? 'alonetonight.elsewhere' : 'alonetonight.others'), data.elsewhere, data.near.length)}
      <p class="lr-alonetonight-end"><SignupCta frame={frame} label={t('alonetonight.cta')} /></p>
    </Frame>
  );
}
