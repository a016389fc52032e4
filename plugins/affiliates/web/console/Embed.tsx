import { useEffect, useId, useState } from 'react';
import { css } from '@linaria/core';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, Notice, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { embedSnippet } from './embed.ts';

const block = css`
  margin: 20px 0;
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
  textarea { width: 100%; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.8rem; min-height: 7.5em; }
`;
const snippetBox = css`
  margin: 10px 0; label { font-weight: 600; display: block; margin-bottom: 4px; }
`;

const LANGUAGES = ['', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'nb', 'pl', 'sv'];
const NICHES = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'];

/** Puts text on the clipboard (the async API, else a hidden textarea and the copy command). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = (() => { try { return document.execCommand('copy'); } catch { return false; } })();
    area.remove();
    return ok;
  }
}

/** The embed snippets of the signup and swipe widgets with this affiliate's parameters, each copied with one click. */
export function Embed({ network, affiliateRef, domains, preferred }: { network: string; affiliateRef: string; domains: { domain: string; origin: string; widget_origins: string[] }[]; preferred?: string }) {
  const { t } = useConsole('affiliates');
  const [domain, setDomain] = useState('');
  const [sub1, setSub1] = useState('');
  const [lang, setLang] = useState('');
  const [niche, setNiche] = useState('');
  const [copied, setCopied] = useState<{ widget: string; ok: boolean } | null>(null);
  // The domain the figures are filtered by, else the first one.
  useEffect(() => { if (preferred) setDomain(preferred); }, [preferred]);
  useEffect(() => { if (!domain && domains[0]) setDomain(domains[0].domain); }, [domain, domains]);
  const site = domains.find((d) => d.domain === domain);
  const params = { network, ref: affiliateRef, sub1, lang, niche };
  const copy = async (widget: 'signup' | 'swipe', text: string) => setCopied({ widget, ok: await copyText(text) });
  return (
    <div className={block}>
      <h2>{t('embed.title')}</h2>
      <p>{t('embed.intro')}</p>
      <div className={row}>
        <SelectField label={t('embed.site')} value={domain} onChange={setDomain} options={domains.map((d) => ({ value: d.domain, label: `${d.domain} (${d.origin})` }))} />
        <TextField label={t('embed.sub1')} value={sub1} onChange={setSub1} hint={t('embed.sub1Hint')} />
        <SelectField label={t('embed.language')} value={lang} onChange={setLang} options={LANGUAGES.map((l) => ({ value: l, label: l || t('embed.pageLanguage') }))} />
        <SelectField label={t('embed.niche')} value={niche} onChange={setNiche} options={NICHES.map((n) => ({ value: n, label: n || t('embed.siteNiche') }))} />
      </div>
      {site && site.widget_origins.length === 0 && <Notice kind="info">{t('embed.noOrigins', { domain: site.domain })}</Notice>}
      {site && (['signup', 'swipe'] as const).map((widget) => (
        <Snippet key={widget} label={t(`embed.${widget}`)} text={embedSnippet(site.origin, widget, params)}
          copyLabel={t('embed.copy', { widget: t(`embed.${widget}`) })} onCopy={(text) => void copy(widget, text)} />
      ))}
      {copied && <Notice kind={copied.ok ? 'success' : 'error'}>{copied.ok ? t('embed.copied', { widget: t(`embed.${copied.widget}`) }) : t('embed.copyFailed')}</Notice>}
    </div>
  );
}

function Snippet({ label, text, copyLabel, onCopy }: { label: string; text: string; copyLabel: string; onCopy(text: string): void }) {
  const id = useId();
  return (
    <div className={snippetBox}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly value={text} rows={6} onFocus={(e) => e.currentTarget.select()} />
      <Button onClick={() => onCopy(text)}>{copyLabel}</Button>
    </div>
  );
}
