/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { requestOf } from '../../../../kernel/contract/endpoint.ts';
import { landerInterests, type IconInterest, type IconsData, type InterestCounts, type LanderFrame } from '../../contract.ts';
import { Frame } from '../Frame.tsx';
import { translator, type T } from '../texts.ts';

/** Interests shown at once; the rest behind "more interests" (a <details>, works without JavaScript). */
const SHOWN = 20;

/** How many of the niche's members share the picked interests (the landers' endpoint; the page is on the site's own origin). */
async function countShared(niche: number, picked: string[], signal: AbortSignal): Promise<InterestCounts> {
  const r = requestOf(landerInterests, { query: { interests: picked.join(','), niche } });
  const res = await fetch(`${r.path}?${new URLSearchParams(r.query)}`, { headers: { Accept: 'application/json', 'X-Request-Type': 'client' }, signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json() as Promise<InterestCounts>;
}

function Chip({ t, interest, on, full, toggle }: { t: T; interest: IconInterest; on: boolean; full: boolean; toggle(key: string): void }) {
  return (
    <li>
      <button type="button" class="lr-iconslanding-chip" aria-pressed={on ? 'true' : 'false'} disabled={full && !on} onClick={() => toggle(interest.key)}>
        <span class="lr-iconslanding-icon" aria-hidden="true">{interest.icon}</span>
        <span class="lr-iconslanding-label">{interest.label}</span>
        <span class="lr-iconslanding-count">{t(interest.count === 1 ? 'iconslanding.count1' : 'iconslanding.count', { count: interest.count })}</span>
      </button>
    </li>
  );
}

/**
 * The visitor picks interests from members' icons and sees how many members share them (counted
 * by the server as they pick); the call to action opens the signup with those interests, which the
 * new profile keeps (`data-interests`, client.tsx).
 */
export default function IconsLanding({ frame, data }: { frame: LanderFrame; data: IconsData }) {
  const t = translator(frame.texts);
  const [picked, setPicked] = useState<string[]>([]);
  const [shared, setShared] = useState<number | null>(null);
  const full = picked.length >= data.max;
  const toggle = (key: string) => setPicked((p) => (p.includes(key) ? p.filter((k) => k !== key) : p.length >= data.max ? p : [...p, key]));

  useEffect(() => {
    setShared(null);
    if (!picked.length) return;
    const ask = new AbortController();
    countShared(frame.niche, picked, ask.signal).then((c) => setShared(c.any), () => { /* left as "counting"; the link still works */ });
    return () => ask.abort();
  }, [picked.join(','), frame.niche]);

  const status = !picked.length ? t('iconslanding.none', { count: data.total })
    : shared == null ? t('iconslanding.counting')
      : t(shared === 1 ? 'iconslanding.shared1' : 'iconslanding.shared', { count: shared });
  const chip = (i: IconInterest) => <Chip key={i.key} t={t} interest={i} on={picked.includes(i.key)} full={full} toggle={toggle} />;
  const labels = picked.map((k) => data.interests.find((i) => i.key === k)?.label ?? k);
  return (
    <Frame frame={frame}>
      <section class="lr-hero lr-iconslanding-hero">
        <h1>{t('iconslanding.title')}</h1>
        <p>{t('iconslanding.lead', { max: data.max })}</p>
      </section>
      <div class="lr-iconslanding-picker" role="group" aria-label={t('iconslanding.group')}>
        <ul class="lr-iconslanding-grid">{data.interests.slice(0, SHOWN).map(chip)}</ul>
        {data.interests.length > SHOWN && (
          <details class="lr-iconslanding-more">
            <summary>{t('iconslanding.more', { count: data.interests.length - SHOWN })}</summary>
            <ul class="lr-iconslanding-grid">{data.interests.slice(SHOWN).map(chip)}</ul>
          </details>
        )}
      </div>
      <div class="lr-iconslanding-bar">
        <p class="lr-iconslanding-status" role="status">{status}{full && <> {t('iconslanding.full', { max: data.max })}</>}</p>
        {labels.length > 0 && <p class="lr-iconslanding-picked">{labels.join(' · ')}</p>}
        <a class="lr-cta lr-iconslanding-cta" href={frame.signupPath} data-signup="" data-interests={picked.length ? picked.join(',') : undefined}>
          {picked.length ? t('iconslanding.cta') : t('cta')}
        </a>
      </div>
    </Frame>
  );
}
