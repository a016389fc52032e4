/** @jsxImportSource preact */
import type { LanderFrame, MapData } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { translator } from '../texts.ts';

/** Circles at least this big carry their count as text. */
const LABELLED_R = 10;
/** Regions listed at once; the rest behind "all regions". */
const LISTED = 12;

/**
 * A map of the visitor's country drawn on the server from the project's own region data (no map
 * tiles): a circle per region, sized by how many of the niche's members live there, never anyone's
 * position. Each region is a link to the signup, named "Devon: 12 members"; the same counts follow
 * as a list.
 */
export default function MapLanding({ frame, data }: { frame: LanderFrame; data: MapData }) {
  const t = translator(frame.texts);
  const peopled = data.regions.filter((r) => r.count > 0);
  const ranked = [...peopled].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  // "1 member" has a text of its own (the landers' texts carry no plural rules).
  const label = (r: { name: string; count: number }) => t(r.count === 1 ? 'maplanding.region1' : 'maplanding.region', { region: r.name, count: r.count });
  const item = (r: (typeof ranked)[number]) => (
    <li key={r.code}><a href={frame.signupPath} data-signup=""><span>{r.name}</span> <strong>{t(r.count === 1 ? 'maplanding.members1' : 'maplanding.members', { count: r.count })}</strong></a></li>
  );
  return (
    <Frame frame={frame}>
      <section class="lr-hero lr-maplanding-hero">
        <h1>{t('maplanding.title', { country: data.countryName })}</h1>
        <p>{t('maplanding.lead', { count: data.total, regions: peopled.length })}</p>
      </section>
      {data.regions.length > 0 && (
        <figure class="lr-maplanding-map">
          <svg viewBox={`0 0 ${data.width} ${data.height}`} width={data.width} height={data.height} role="group" aria-labelledby="lr-maplanding-title">
            <title id="lr-maplanding-title">{t('maplanding.mapTitle', { country: data.countryName })}</title>
            <g class="lr-maplanding-coast" aria-hidden="true">{data.regions.map((r) => <circle key={r.code} cx={r.x} cy={r.y} r={r.land + 2} />)}</g>
            <g class="lr-maplanding-land" aria-hidden="true">{data.regions.map((r) => <circle key={r.code} cx={r.x} cy={r.y} r={r.land} />)}</g>
            <g class="lr-maplanding-empty" aria-hidden="true">{data.regions.filter((r) => !r.count).map((r) => <circle key={r.code} cx={r.x} cy={r.y} r={r.r} />)}</g>
            <g class="lr-maplanding-dots">
              {peopled.map((r) => (
                <a key={r.code} href={frame.signupPath} data-signup="" aria-label={label(r)}>
                  <circle cx={r.x} cy={r.y} r={r.r} />
                  {r.r >= LABELLED_R && <text x={r.x} y={r.y} dy="0.35em" aria-hidden="true">{r.count}</text>}
                </a>
              ))}
            </g>
          </svg>
          <figcaption>{t('maplanding.privacy')}</figcaption>
        </figure>
      )}
      <p class="lr-maplanding-cta"><SignupCta frame={frame} label={t('maplanding.cta')} /></p>
      {ranked.length > 0 && (
        <section class="lr-maplanding-regions" aria-labelledby="lr-maplanding-list">
          <h2 id="lr-maplanding-list">{t('maplanding.listTitle')}</h2>
          <ul class="lr-maplanding-list">{ranked.slice(0, LISTED).map(item)}</ul>
          {ranked.length > LISTED && (
            <details>
              <summary>{t('maplanding.more', { count: ranked.length - LISTED })}</summary>
              <ul class="lr-maplanding-list">{ranked.slice(LISTED).map(item)}</ul>
            </details>
          )}
        </section>
      )}
    </Frame>
  );
}
