import { useCallback, useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { consoleTime } from '../../../../kernel/web/console/time.ts';
import { Button, CheckField, DataTable, Dialog, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import { AFFILIATE_EVENTS, consoleAffiliateDomains, consoleNetworkCreate, consoleNetworks, consoleNetworkUpdate, type AffiliateEvent, type NetworkView } from '../../contract.ts';

const secretBox = css`
  code { display: block; font-size: 0.95rem; padding: 8px; margin: 6px 0; background: #fff; border: 1px solid #c9c9c9; word-break: break-all; user-select: all; }
`;
const events = css`
  border: 1px solid #ddd; border-radius: 4px; padding: 6px 10px; margin: 8px 0;
  legend { font-weight: 600; font-size: 0.9rem; }
  display: flex; flex-wrap: wrap; gap: 6px 16px;
`;
const form = css`
  display: flex; flex-direction: column; gap: 10px;
`;

interface Form {
  name: string; domain: string; postback_url: string; method: 'GET' | 'POST'; events: AffiliateEvent[]; active: boolean;
  secret: string; new_secret: boolean;
}
const blank: Form = { name: '', domain: '', postback_url: 'https://', method: 'GET', events: [...AFFILIATE_EVENTS], active: true, secret: '', new_secret: false };

/** Affiliate networks (admins): their postback URL templates, methods, events and secrets. */
export default function NetworksSection() {
  const { api, t, i18n } = useConsole('affiliates');
  const [networks, setNetworks] = useState<NetworkView[] | null>(null);
  const [domains, setDomains] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<NetworkView | 'new' | null>(null);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const load = useCallback(async () => {
    try {
      setNetworks((await api.call(consoleNetworks)).networks);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => { api.call(consoleAffiliateDomains).then((r) => setDomains(r.domains.map((d) => d.domain)), () => {}); }, [api]);
  const close = useCallback(() => setEditing(null), []);

  return (
    <Page title={t('networks.title')} actions={<Button kind="primary" onClick={() => { setShown(null); setEditing('new'); }}>{t('networks.new')}</Button>}>
      <p>{t('networks.intro')}</p>
      {error && <Notice kind="error">{error}</Notice>}
      {shown && (
        <div className={secretBox}>
          <Notice kind="success">
            {t('networks.secretOnce', { name: shown.name })}
            <code aria-label={t('networks.secret')}>{shown.secret}</code>
            <Button onClick={() => { void navigator.clipboard?.writeText(shown.secret).catch(() => {}); }}>{t('networks.copySecret')}</Button>{' '}
            <Button onClick={() => setShown(null)}>{t('networks.secretStored')}</Button>
          </Notice>
        </div>
      )}
      {networks && (
        <DataTable caption={t('networks.caption')} rows={networks} rowKey={(n) => n.id} empty={t('networks.none')} columns={[
          { key: 'name', label: t('networks.name') },
          { key: 'domain', label: t('networks.domain'), render: (n) => n.domain ?? t('networks.everyDomain') },
          { key: 'postback_url', label: t('networks.url'), render: (n) => <code style={{ wordBreak: 'break-all' }}>{n.postback_url}</code> },
          { key: 'method', label: t('networks.method') },
          { key: 'events', label: t('networks.events'), render: (n) => n.events.map((e) => t(`events.${e}`)).join(', ') },
          { key: 'active', label: t('networks.active'), render: (n) => (n.active ? t('networks.on') : t('networks.off')) },
          { key: 'secret_hint', label: t('networks.secret'), render: (n) => <span style={{ whiteSpace: 'nowrap' }}>{n.secret_hint}</span> },
          { key: 'origin', label: t('networks.origin'), render: (n) => t(`networks.origins.${n.origin}`) },
          { key: 'updated_at', label: t('networks.updated'), render: (n) => consoleTime(n.updated_at, i18n.language) },
          { key: 'edit', label: t('networks.action'), render: (n) => <Button onClick={() => { setShown(null); setEditing(n); }} aria-label={t('networks.editOne', { name: n.name, domain: n.domain ?? t('networks.everyDomain') })}>{t('networks.edit')}</Button> },
        ]} />
      )}
      {editing && (
        <NetworkDialog network={editing === 'new' ? null : editing} domains={domains} onClose={close}
          onSaved={(n, secret) => { setEditing(null); if (secret) setShown({ name: n.name, secret }); void load(); }} />
      )}
    </Page>
  );
}

function NetworkDialog({ network, domains, onClose, onSaved }: { network: NetworkView | null; domains: string[]; onClose(): void; onSaved(n: NetworkView, secret: string | null): void }) {
  const { api, t } = useConsole('affiliates');
  const [f, setF] = useState<Form>(network ? { ...blank, name: network.name, domain: network.domain ?? '', postback_url: network.postback_url, method: network.method, events: network.events, active: network.active } : blank);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const err = (k: string) => (error?.field === k ? error.message : null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((old) => ({ ...old, [k]: v }));
  const submit = async () => {
    setError(null);
    if (!f.events.length) return setError({ field: 'events', message: t('networks.eventsNeeded') });
    setBusy(true);
    try {
      const secret = f.secret.trim() ? { secret: f.secret.trim() } : {};
      const r = network
        ? await api.call(consoleNetworkUpdate, { body: { id: network.id, postback_url: f.postback_url.trim(), method: f.method, events: f.events, active: f.active, ...secret, ...(f.new_secret && !f.secret.trim() ? { new_secret: true } : {}) } })
        : await api.call(consoleNetworkCreate, { body: { name: f.name.trim(), domain: f.domain || null, postback_url: f.postback_url.trim(), method: f.method, events: f.events, active: f.active, ...secret } });
      onSaved(r.network, r.secret);
    } catch (e) {
      if (e instanceof ApiError) {
        const field = typeof e.params.field === 'string' ? e.params.field.replace(/^\/?(body\/)?/, '') : undefined;
        setError({ field, message: e.message });
      } else setError({ message: String(e) });
    } finally {
      setBusy(false);
    }
  };
  const known = ['name', 'domain', 'postback_url', 'secret', 'events'];
  return (
    <Dialog title={network ? t('networks.editTitle', { name: network.name }) : t('networks.newTitle')} open onClose={onClose} closeLabel={t('networks.cancel')} wide>
      <form className={form} onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        {error && !known.includes(error.field ?? '') && <Notice kind="error">{error.message}</Notice>}
        {!network && (
          <div className={row}>
            <TextField label={t('networks.name')} value={f.name} onChange={(v) => set('name', v)} hint={t('networks.nameHint')} error={err('name')} required />
            <SelectField label={t('networks.domain')} value={f.domain} onChange={(v) => set('domain', v)} error={err('domain')}
              options={[{ value: '', label: t('networks.everyDomain') }, ...domains.map((d) => ({ value: d, label: d }))]} />
          </div>
        )}
        <TextField label={t('networks.url')} value={f.postback_url} onChange={(v) => set('postback_url', v)} hint={t('networks.urlHint')} error={err('postback_url')} required />
        <SelectField label={t('networks.method')} value={f.method} onChange={(v) => set('method', v === 'POST' ? 'POST' : 'GET')}
          options={[{ value: 'GET', label: t('networks.get') }, { value: 'POST', label: t('networks.post') }]} />
        <fieldset className={events}>
          <legend>{t('networks.events')}</legend>
          {AFFILIATE_EVENTS.map((e) => (
            <CheckField key={e} label={t(`events.${e}`)} checked={f.events.includes(e)}
              onChange={(on) => set('events', on ? AFFILIATE_EVENTS.filter((x) => x === e || f.events.includes(x)) : f.events.filter((x) => x !== e))} />
          ))}
          {err('events') && <Notice kind="error">{err('events')}</Notice>}
        </fieldset>
        <CheckField label={t('networks.activeLabel')} hint={t('networks.activeHint')} checked={f.active} onChange={(v) => set('active', v)} />
        <TextField label={network ? t('networks.newSecretTyped') : t('networks.secretTyped')} type="password" autoComplete="new-password" value={f.secret}
          onChange={(v) => set('secret', v)} hint={network ? t('networks.secretKeepHint') : t('networks.secretMakeHint')} error={err('secret')} />
        {network && <CheckField label={t('networks.makeNewSecret')} hint={t('networks.makeNewSecretHint')} checked={f.new_secret} onChange={(v) => set('new_secret', v)} disabled={!!f.secret.trim()} />}
        <div className={row}>
          <Button kind="primary" type="submit" disabled={busy}>{network ? t('networks.save') : t('networks.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
