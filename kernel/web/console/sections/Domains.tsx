import { useCallback, useEffect, useMemo, useState } from 'react';
import { css } from '@linaria/core';
import { consolePlugins, consoleSite, consoleSiteCreate, consoleSiteUpdate, consoleSites, type PluginInfo, type SiteSummary } from '../../../contract/console.ts';
import { ApiError } from '../../api-error.ts';
import { useConsole } from '../context.ts';
import type { ConsoleSectionProps } from '../define.ts';
import { Button, CheckField, DataTable, Dialog, Notice, Page, SchemaForm, TextField, row } from '../ui.tsx';
import type { JsonSchema, SchemaFormTexts } from '../SchemaForm.tsx';
import { offWith } from './features.ts';

const grid = css`
  display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; margin: 8px 0 16px;
`;
const group = css`
  margin: 18px 0; h2 { font-size: 1.1rem; margin: 0 0 8px; }
  details { background: #fff; border: 1px solid #e3dce4; border-radius: 4px; padding: 6px 12px; margin: 6px 0; }
  summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
`;

const NICHES = ['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'];

/** Domains: the list, a new domain, and one domain's features (with what turns off with each) and settings. */
export default function Domains({ path }: ConsoleSectionProps) {
  return path[0] ? <DomainPage domain={path[0]} /> : <DomainList />;
}

function DomainList() {
  const { api, t, navigate } = useConsole();
  const [sites, setSites] = useState<SiteSummary[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => api.call(consoleSites).then((r) => setSites(r.sites), (e: unknown) => setError(String(e))), [api]);
  useEffect(() => { void load(); }, [load]);
  return (
    <Page title={t('domains.title')} actions={<Button kind="primary" onClick={() => setCreating(true)}>{t('domains.new')}</Button>}>
      {error && <Notice kind="error">{error}</Notice>}
      {sites && (
        <DataTable caption={t('domains.caption', { count: sites.length })} rows={sites} rowKey={(s) => s.domain} empty={t('domains.none')} columns={[
          { key: 'domain', label: t('domains.domain'), render: (s) => <a href={`/operator/domains/${encodeURIComponent(s.domain)}`} onClick={(e) => { e.preventDefault(); navigate(`domains/${encodeURIComponent(s.domain)}`); }}>{s.domain}</a> },
          { key: 'name', label: t('domains.name') },
          { key: 'niche', label: t('domains.niche'), render: (s) => `${s.niche} · ${NICHES[s.niche - 1] ?? ''}` },
          { key: 'domain_language', label: t('domains.language') },
          { key: 'countries', label: t('domains.countries'), render: (s) => s.countries.join(' ') },
          { key: 'company_id', label: t('domains.company') },
          { key: 'plugins_on', label: t('domains.features'), render: (s) => t('domains.featuresOn', { count: s.plugins_on.length }) },
        ]} />
      )}
      <NewDomain open={creating} onClose={() => setCreating(false)} onCreated={(d) => { setCreating(false); navigate(`domains/${encodeURIComponent(d)}`); }} />
    </Page>
  );
}

function NewDomain({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(domain: string): void }) {
  const { api, t } = useConsole();
  const [f, setF] = useState({ domain: '', canonical_url: 'https://', name: '', niche: '1', domain_language: 'en-GB', countries: 'GB', company_id: '1' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const err = (k: string) => (error?.field === k ? error.message : null);
  const submit = async () => {
    setError(null);
    try {
      const { site } = await api.call(consoleSiteCreate, { body: {
        domain: f.domain.trim().toLowerCase(), canonical_url: f.canonical_url.trim(), name: f.name.trim(), niche: Number(f.niche),
        domain_language: f.domain_language.trim(), countries: f.countries.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase()), company_id: Number(f.company_id),
      } }, { retries: 0 });
      onCreated(site.domain);
    } catch (e) {
      setError(e instanceof ApiError ? { field: String(e.params.field ?? ''), message: e.message } : { message: String(e) });
    }
  };
  return (
    <Dialog title={t('domains.new')} open={open} onClose={onClose} closeLabel={t('close')}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
        {error && !error.field && <Notice kind="error">{error.message}</Notice>}
        <TextField label={t('domains.domain')} hint={t('domains.domainHint')} required value={f.domain} onChange={set('domain')} error={err('domain')} />
        <TextField label={t('domains.canonical')} required value={f.canonical_url} onChange={set('canonical_url')} error={err('canonical_url')} />
        <TextField label={t('domains.name')} required value={f.name} onChange={set('name')} error={err('name')} />
        <TextField label={t('domains.niche')} hint={NICHES.map((n, i) => `${i + 1} ${n}`).join(', ')} type="number" min={1} max={7} value={f.niche} onChange={set('niche')} error={err('niche')} />
        <TextField label={t('domains.language')} hint="en-GB, nl-NL, de-DE…" value={f.domain_language} onChange={set('domain_language')} error={err('domain_language')} />
        <TextField label={t('domains.countries')} hint={t('domains.countriesHint')} value={f.countries} onChange={set('countries')} error={err('countries')} />
        <TextField label={t('domains.company')} type="number" min={1} value={f.company_id} onChange={set('company_id')} error={err('company_id')} />
        <Button kind="primary" type="submit">{t('domains.create')}</Button>
      </form>
    </Dialog>
  );
}

interface SiteData { own: Record<string, unknown>; defaults: Record<string, unknown>; effective: Record<string, unknown>; plugins_on: string[] }

function DomainPage({ domain }: { domain: string }) {
  const { api, t, navigate } = useConsole();
  const [plugins, setPlugins] = useState<PluginInfo[] | null>(null);
  const [site, setSite] = useState<SiteData | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, { path: string; message: string }>>({});
  const load = useCallback(async () => {
    const [p, s] = await Promise.all([api.call(consolePlugins), api.call(consoleSite, { query: { domain } })]);
    setPlugins(p.plugins);
    setSite(s);
  }, [api, domain]);
  useEffect(() => { load().catch((e: unknown) => setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) })); }, [load]);

  const save = async (settings: Record<string, unknown>, what: string) => {
    setMessage(null);
    try {
      await api.call(consoleSiteUpdate, { body: { domain, settings } }, { retries: 0 });
      setErrors({});
      await load();
      setMessage({ kind: 'success', text: t('domains.saved', { what }) });
    } catch (e) {
      if (e instanceof ApiError && e.params.field) {
        const field = String(e.params.field);
        setErrors({ [field]: { path: e.message.split(' ')[0], message: e.message } });
      }
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    }
  };

  const formTexts: SchemaFormTexts = useMemo(() => ({
    add: t('form.add'), remove: t('form.remove'), key: t('form.key'), none: t('form.none'), asJson: t('form.asJson'),
    invalidJson: t('form.invalidJson'), yes: t('form.yes'), no: t('form.no'),
  }), [t]);

  if (!plugins || !site) return <Page title={domain}>{message ? <Notice kind="error">{message.text}</Notice> : <p role="status">{t('loading')}</p>}</Page>;
  const switchable = plugins.filter((p) => p.feature);
  const featuresOff = new Set(switchable.filter((p) => !site.plugins_on.includes(p.id)).map((p) => p.feature!));
  const toggle = (id: string, feature: string, on: boolean) => {
    const off = new Set(featuresOff);
    if (on) off.delete(feature); else off.add(feature);
    // Shown at once; the server's answer (what really is on, with what it requires) follows.
    setSite({ ...site, plugins_on: on ? [...site.plugins_on, id] : site.plugins_on.filter((x) => !offWith(plugins, id).includes(x)) });
    void save({ plugins: ['*', ...[...off].sort().map((f) => `-${f}`)] }, t('domains.featuresTitle'));
  };

  return (
    <Page title={t('domains.domainTitle', { domain })} actions={<Button onClick={() => navigate('domains')}>{t('domains.back')}</Button>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section className={group} aria-labelledby="features-title">
        <h2 id="features-title">{t('domains.featuresTitle')}</h2>
        <div className={grid}>
          {switchable.map((p) => {
            const on = site.plugins_on.includes(p.id);
            const blockedBy = p.requires.filter((r) => !site.plugins_on.includes(r));
            const alsoOff = offWith(plugins, p.id).filter((id) => id !== p.id && site.plugins_on.includes(id));
            const hint = !on && blockedBy.length ? t('domains.needs', { list: blockedBy.join(', ') })
              : on && alsoOff.length ? t('domains.alsoOff', { list: alsoOff.join(', ') }) : undefined;
            return <CheckField key={p.id} label={p.id} hint={hint} checked={on} onChange={(v) => toggle(p.id, p.feature!, v)} />;
          })}
        </div>
      </section>
      <section className={group} aria-labelledby="settings-title">
        <h2 id="settings-title">{t('domains.settingsTitle')}</h2>
        {plugins.filter((p) => p.settings.length && (p.id === 'kernel' || site.plugins_on.includes(p.id))).map((p) => (
          <details key={p.id}>
            <summary>{p.id === 'kernel' ? t('domains.siteSettings') : p.id}</summary>
            {p.settings.map((s) => {
              const schema = s.schema as JsonSchema;
              const own = Object.prototype.hasOwnProperty.call(site.own, s.name);
              return (
                <div key={`${s.name}:${JSON.stringify(site.effective[s.name] ?? null)}`} style={{ margin: '10px 0 18px' }}>
                  <SchemaForm name={s.name} schema={schema} value={site.effective[s.name] ?? site.defaults[s.name] ?? null} texts={formTexts}
                    saveLabel={t('domains.save', { name: schema.title ?? s.name })} error={errors[s.name] ?? null}
                    onSubmit={(v) => save({ [s.name]: v }, schema.title ?? s.name)} />
                  <div className={row} style={{ marginTop: 6 }}>
                    <small>{own ? t('domains.ownValue') : t('domains.defaultValue')}</small>
                    {own && domain !== 'default' && <Button onClick={() => save({ [s.name]: null }, schema.title ?? s.name)}>{t('domains.reset', { name: schema.title ?? s.name })}</Button>}
                  </div>
                </div>
              );
            })}
          </details>
        ))}
      </section>
    </Page>
  );
}
