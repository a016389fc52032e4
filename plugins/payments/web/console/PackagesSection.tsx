import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, CheckField, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import {
  consoleSaveSettings, consoleSettings, CURRENCIES, METHODS, type MethodTable, type PackageTable, type PaymentMethod, type PaymentSettings,
} from '../../contract.ts';
import { failure, fromMinor, toMinor } from './format.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };
/** A package row being edited: the price as typed (major units). */
interface Draft { id: string; credits: string; price: string; popular: boolean }

const draftsOf = (table: PackageTable, currency: string): Draft[] =>
  (table[currency as keyof PackageTable] ?? []).map((p) => ({ id: String(p.id), credits: String(p.credits), price: fromMinor(p.price), popular: Boolean(p.popular) }));

/**
 * The drafts as the setting's value, or the first problem (named by currency and row). The server
 * checks the setting's schema again and names the field when something else does not fit.
 */
export function packagesOf(drafts: Record<string, Draft[]>, t: (k: string, o?: Record<string, unknown>) => string): { value: PackageTable } | { error: string } {
  const value: PackageTable = {};
  for (const [currency, rows] of Object.entries(drafts)) {
    if (!rows.length) continue;
    const list = [];
    for (const [i, d] of rows.entries()) {
      const id = Number(d.id), credits = Number(d.credits), price = toMinor(d.price);
      if (!/^\d+$/.test(d.id.trim()) || id < 1) return { error: t('packages.badTier', { currency, row: i + 1 }) };
      if (!/^\d+$/.test(d.credits.trim()) || credits < 1) return { error: t('packages.badCredits', { currency, row: i + 1 }) };
      if (price == null || price < 1) return { error: t('packages.badPrice', { currency, row: i + 1 }) };
      list.push({ id, credits, price, ...(d.popular ? { popular: true } : {}) });
    }
    value[currency as keyof PackageTable] = list;
  }
  return { value };
}

/** Packages per currency and payment methods per country of a domain (admins); members see a change at once. */
export default function PackagesSection() {
  const { api, t } = useConsole('payments');
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft[]>>({});
  const [methods, setMethods] = useState<MethodTable>({});
  const [country, setCountry] = useState('*');
  const [newCountry, setNewCountry] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const show = useCallback((s: PaymentSettings) => {
    setSettings(s);
    const table = (s.credit_packages ?? {}) as PackageTable;
    setDrafts(Object.fromEntries(CURRENCIES.map((c) => [c, draftsOf(table, c)])));
    setMethods({ ...((s.payment_methods ?? {}) as MethodTable) });
  }, []);
  const load = useCallback(async (domain?: string) => {
    try {
      show(await api.call(consoleSettings, { query: domain ? { domain } : {} }));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  }, [api, show]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(); }, []);

  const save = async (what: 'packages' | 'methods') => {
    if (!settings || busy) return;
    setMessage(null);
    let body: { domain: string; credit_packages?: unknown; payment_methods?: unknown } = { domain: settings.domain };
    if (what === 'packages') {
      const made = packagesOf(drafts, t);
      if ('error' in made) { setMessage({ kind: 'error', text: made.error }); return; }
      body = { ...body, credit_packages: made.value };
    } else {
      body = { ...body, payment_methods: Object.fromEntries(Object.entries(methods).filter(([, list]) => list.length > 0)) };
    }
    setBusy(true);
    try {
      show(await api.call(consoleSaveSettings, { body }));
      setMessage({ kind: 'success', text: what === 'packages' ? t('packages.saved', { domain: settings.domain }) : t('methods.saved', { domain: settings.domain }) });
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    } finally {
      setBusy(false);
    }
  };

  if (!settings) return <Page title={t('packages.title')}>{message ? <Notice kind={message.kind}>{message.text}</Notice> : <p>{t('loading')}</p>}</Page>;

  const edit = (currency: string, i: number, patch: Partial<Draft>) =>
    setDrafts({ ...drafts, [currency]: drafts[currency]!.map((d, j) => (j === i ? { ...d, ...patch } : patch.popular ? { ...d, popular: false } : d)) });
  const countries = Object.keys(methods).sort((a, b) => (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b)));
  const chosen = methods[country] ?? [];
  const toggle = (m: PaymentMethod, on: boolean) =>
    setMethods({ ...methods, [country]: on ? [...chosen, m] : chosen.filter((x) => x !== m) });
  const countriesOf = (currency: string) => Object.entries(settings.country_currency).filter(([, c]) => c === currency).map(([k]) => k).join(', ');

  return (
    <Page title={t('packages.title')}>
      <div className={row} style={{ marginBottom: 12 }}>
        <SelectField label={t('packages.domain')} value={settings.domain} onChange={(d) => void load(d)}
          options={settings.domains.map((d) => ({ value: d, label: d === 'default' ? t('packages.defaultRow') : d }))} />
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {settings.inherited.length > 0 && <Notice>{t('packages.inherited')}</Notice>}

      <h2>{t('packages.heading')}</h2>
      <p>{t('packages.intro')}</p>
      {CURRENCIES.map((currency) => (
        <fieldset key={currency} style={{ marginBottom: 12 }}>
          <legend>{t('packages.currency', { currency, countries: countriesOf(currency) || '—' })}</legend>
          {(drafts[currency] ?? []).map((d, i) => (
            <div key={i} className={row} style={{ marginBottom: 6 }}>
              <TextField label={t('packages.tier', { currency, row: i + 1 })} value={d.id} inputMode="numeric" onChange={(v) => edit(currency, i, { id: v })} />
              <TextField label={t('packages.credits', { currency, row: i + 1 })} value={d.credits} inputMode="numeric" onChange={(v) => edit(currency, i, { credits: v })} />
              <TextField label={t('packages.price', { currency, row: i + 1 })} value={d.price} onChange={(v) => edit(currency, i, { price: v })} />
              <CheckField label={t('packages.popular', { currency, row: i + 1 })} checked={d.popular} onChange={(v) => edit(currency, i, { popular: v })} />
              <Button onClick={() => setDrafts({ ...drafts, [currency]: drafts[currency]!.filter((_, j) => j !== i) })}>{t('packages.remove', { currency, row: i + 1 })}</Button>
            </div>
          ))}
          <Button onClick={() => setDrafts({ ...drafts, [currency]: [...(drafts[currency] ?? []), { id: String((drafts[currency]?.length ?? 0) + 1), credits: '', price: '', popular: false }] })}>
            {t('packages.add', { currency })}
          </Button>
        </fieldset>
      ))}
      <Button kind="primary" disabled={busy} onClick={() => void save('packages')}>{t('packages.save')}</Button>

      <h2 style={{ marginTop: 24 }}>{t('methods.heading')}</h2>
      <p>{t('methods.intro')}</p>
      <div className={row} style={{ marginBottom: 8 }}>
        <SelectField label={t('methods.country')} value={country} onChange={setCountry}
          options={countries.map((c) => ({ value: c, label: c === '*' ? t('methods.everywhere') : c }))} />
        <TextField label={t('methods.newCountry')} value={newCountry} onChange={(v) => setNewCountry(v.toUpperCase())} placeholder="SE" />
        <Button disabled={!/^[A-Z]{2}$/.test(newCountry) || newCountry in methods} onClick={() => {
          setMethods({ ...methods, [newCountry]: [] });
          setCountry(newCountry);
          setNewCountry('');
        }}>{t('methods.addCountry')}</Button>
      </div>
      <fieldset>
        <legend>{t('methods.offered', { country: country === '*' ? t('methods.everywhere') : country })}</legend>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 6 }}>
          {METHODS.map((m) => <CheckField key={m} label={m} checked={chosen.includes(m)} onChange={(on) => toggle(m, on)} />)}
        </div>
      </fieldset>
      <div className={row} style={{ marginTop: 8 }}>
        <Button kind="primary" disabled={busy} onClick={() => void save('methods')}>{t('methods.save')}</Button>
      </div>
    </Page>
  );
}
