import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { consoleTime, utcFromField } from '../../../../kernel/web/console/time.ts';
import { Button, CheckField, DataTable, Dialog, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { CURRENCIES, METHODS } from '../../../payments/contract.ts';
import { consoleCode, consoleCodes, consoleCodeStatus, consoleCreateCode, type CodeUse, type ConsoleCode, type ConsoleCreateCode } from '../../contract.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };
const failure = (e: unknown) => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));

/** Discount codes (admins): made with every field of the spec's discount code, switched off, their uses seen. */
export default function DiscountCodesSection({ path }: ConsoleSectionProps) {
  return path[0] ? <CodeUses code={decodeURIComponent(path[0])} /> : <CodesList />;
}

function CodesList() {
  const { api, t, i18n, navigate } = useConsole('bonuses');
  const [filter, setFilter] = useState({ q: '', status: '' });
  const [codes, setCodes] = useState<ConsoleCode[] | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [creating, setCreating] = useState(false);
  const lng = i18n.language;

  const load = useCallback(async (f: { q: string; status: string }) => {
    try {
      const query: { q?: string; status?: 'active' | 'inactive' } = {};
      if (f.q.trim()) query.q = f.q.trim();
      if (f.status === 'active' || f.status === 'inactive') query.status = f.status;
      setCodes((await api.call(consoleCodes, { query })).codes);
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  }, [api]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(filter); }, []);

  const setStatus = async (c: ConsoleCode, status: 'active' | 'inactive') => {
    try {
      const { code } = await api.call(consoleCodeStatus, { body: { code: c.code, status } });
      setCodes((codes ?? []).map((x) => (x.code === code.code ? code : x)));
      setMessage({ kind: 'success', text: t(status === 'inactive' ? 'codes.deactivated' : 'codes.activated', { code: code.code }) });
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  };

  return (
    <Page title={t('codes.title')} actions={<Button kind="primary" onClick={() => setCreating(true)}>{t('codes.new')}</Button>}>
      <form className={row} aria-label={t('codes.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); void load(filter); }}>
        <TextField label={t('codes.search')} value={filter.q} onChange={(q) => setFilter({ ...filter, q })} />
        <SelectField label={t('codes.status')} value={filter.status} onChange={(status) => setFilter({ ...filter, status })}
          options={[{ value: '', label: t('codes.any') }, { value: 'active', label: t('codes.active') }, { value: 'inactive', label: t('codes.inactive') }]} />
        <Button type="submit">{t('codes.find')}</Button>
      </form>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {codes && (
        <DataTable caption={t('codes.caption')} rows={codes} rowKey={(c) => c.id} empty={t('codes.none')} columns={[
          { key: 'code', label: t('codes.code') },
          { key: 'value_percentage', label: t('codes.percentage'), render: (c) => `${c.value_percentage} %` },
          { key: 'validity', label: t('codes.validity'), render: (c) => t(`validity.${c.validity}`) },
          { key: 'status', label: t('codes.status'), render: (c) => (c.expired ? t('codes.expired') : t(`codes.${c.status}`)) },
          { key: 'limits', label: t('codes.limits'), render: (c) => [
            c.country && t('codes.onlyCountry', { country: c.country }),
            c.currency && t('codes.onlyCurrency', { currency: c.currency }),
            c.minimum_order_value != null && t('codes.minimum', { value: c.minimum_order_value }),
            c.user_id != null && t('codes.onlyMember', { id: c.user_id }),
            c.paymentmethods && t('codes.onlyMethods', { methods: c.paymentmethods.join(', ') }),
          ].filter(Boolean).join('; ') },
          { key: 'expires', label: t('codes.expires'), render: (c) => consoleTime(c.expires, lng) },
          { key: 'uses', label: t('codes.uses'), render: (c) => t('codes.useCounts', c.uses) },
          { key: 'created_by', label: t('codes.origin'), render: (c) => (c.created_by == null ? t('codes.seed') : t('codes.staff', { id: c.created_by })) },
          { key: 'actions', label: t('codes.actions'), render: (c) => (
            <span className={row}>
              <Button onClick={() => navigate(`/operator/discount-codes/${encodeURIComponent(c.code)}`)} aria-label={t('codes.showUses', { code: c.code })}>{t('codes.usesButton')}</Button>
              {c.status === 'active'
                ? <Button kind="danger" onClick={() => void setStatus(c, 'inactive')} aria-label={t('codes.deactivate', { code: c.code })}>{t('codes.deactivateButton')}</Button>
                : <Button onClick={() => void setStatus(c, 'active')} aria-label={t('codes.activate', { code: c.code })}>{t('codes.activateButton')}</Button>}
            </span>
          ) },
        ]} />
      )}
      <CreateCode open={creating} onClose={() => setCreating(false)} onCreated={(c) => {
        setCodes([c, ...(codes ?? [])]);
        setCreating(false);
        setMessage({ kind: 'success', text: t('codes.created', { code: c.code }) });
      }} />
    </Page>
  );
}

interface Form {
  code: string; value_percentage: string; validity: 'once_per_user' | 'reusable'; status: 'active' | 'inactive';
  country: string; user_id: string; expires: string; currency: string; minimum_order_value: string; paymentmethods: string[];
}
const EMPTY: Form = { code: '', value_percentage: '', validity: 'once_per_user', status: 'active', country: '', user_id: '', expires: '', currency: '', minimum_order_value: '', paymentmethods: [] };

/** "19.99" -> 1999, exact; null when no amount. */
const toMinor = (text: string) => {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

/** The form as the endpoint's body, or the field that does not fit (checked again by the server). */
export function bodyOf(f: Form): { body: ConsoleCreateCode } | { field: keyof Form } {
  const pct = Number(f.value_percentage.replace(',', '.'));
  if (!/^\d{1,2}(?:[.,]\d{1,2})?$/.test(f.value_percentage.trim()) || !(pct > 0) || pct > 90) return { field: 'value_percentage' };
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(f.code.trim())) return { field: 'code' };
  const body: ConsoleCreateCode = { code: f.code.trim(), value_percentage: pct, validity: f.validity, status: f.status };
  if (f.country.trim()) {
    if (!/^[A-Za-z]{2}$/.test(f.country.trim())) return { field: 'country' };
    body.country = f.country.trim().toUpperCase();
  }
  if (f.user_id.trim()) {
    if (!/^\d{1,10}$/.test(f.user_id.trim())) return { field: 'user_id' };
    body.user_id = Number(f.user_id.trim());
  }
  if (f.expires) {
    const at = utcFromField(f.expires);
    if (!at) return { field: 'expires' };
    body.expires = at.toISOString();
  }
  if (f.currency) body.currency = f.currency as ConsoleCreateCode['currency'];
  if (f.minimum_order_value.trim()) {
    const minor = toMinor(f.minimum_order_value);
    if (minor == null) return { field: 'minimum_order_value' };
    body.minimum_order_value = minor;
  }
  if (f.paymentmethods.length) body.paymentmethods = f.paymentmethods as ConsoleCreateCode['paymentmethods'];
  return { body };
}

function CreateCode({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(c: ConsoleCode): void }) {
  const { api, t } = useConsole('bonuses');
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<{ field?: keyof Form; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(k: K) => (v: Form[K]) => setForm({ ...form, [k]: v });
  const errorOf = (k: keyof Form) => (error?.field === k ? error.text : null);
  const submit = async () => {
    if (busy) return;
    const made = bodyOf(form);
    if ('field' in made) { setError({ field: made.field, text: t(`form.invalid.${made.field}`) }); return; }
    setBusy(true);
    setError(null);
    try {
      onCreated((await api.call(consoleCreateCode, { body: made.body })).code);
      setForm(EMPTY);
    } catch (e) {
      setError({ text: failure(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('form.title')} open={open} onClose={onClose} closeLabel={t('close')} wide>
      {error && !error.field && <Notice kind="error">{error.text}</Notice>}
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <div className={row}>
          <TextField label={t('form.code')} hint={t('form.codeHint')} value={form.code} onChange={set('code')} error={errorOf('code')} required />
          <TextField label={t('form.percentage')} hint={t('form.percentageHint')} value={form.value_percentage} onChange={set('value_percentage')} error={errorOf('value_percentage')} required />
          <SelectField label={t('form.validity')} value={form.validity} onChange={(v) => set('validity')(v === 'reusable' ? 'reusable' : 'once_per_user')}
            options={[{ value: 'once_per_user', label: t('validity.once_per_user') }, { value: 'reusable', label: t('validity.reusable') }]} />
          <SelectField label={t('form.status')} value={form.status} onChange={(v) => set('status')(v === 'inactive' ? 'inactive' : 'active')}
            options={[{ value: 'active', label: t('codes.active') }, { value: 'inactive', label: t('codes.inactive') }]} />
        </div>
        <div className={row} style={{ marginTop: 8 }}>
          <TextField label={t('form.country')} hint={t('form.countryHint')} value={form.country} onChange={set('country')} error={errorOf('country')} />
          <SelectField label={t('form.currency')} value={form.currency} onChange={set('currency')}
            options={[{ value: '', label: t('form.anyCurrency') }, ...CURRENCIES.map((c) => ({ value: c, label: c }))]} />
          <TextField label={t('form.minimum')} hint={t('form.minimumHint')} value={form.minimum_order_value} onChange={set('minimum_order_value')} error={errorOf('minimum_order_value')} />
          <TextField label={t('form.member')} hint={t('form.memberHint')} value={form.user_id} onChange={set('user_id')} error={errorOf('user_id')} inputMode="numeric" />
          <TextField label={t('form.expires')} hint={t('form.expiresHint')} type="datetime-local" value={form.expires} onChange={set('expires')} error={errorOf('expires')} />
        </div>
        <fieldset style={{ marginTop: 8 }}>
          <legend>{t('form.methods')}</legend>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 6 }}>
            {METHODS.map((m) => (
              <CheckField key={m} label={m} checked={form.paymentmethods.includes(m)}
                onChange={(on) => set('paymentmethods')(on ? [...form.paymentmethods, m] : form.paymentmethods.filter((x) => x !== m))} />
            ))}
          </div>
        </fieldset>
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="primary" type="submit" disabled={busy}>{t('form.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function CodeUses({ code }: { code: string }) {
  const { api, t, i18n, navigate } = useConsole('bonuses');
  const [data, setData] = useState<{ code: ConsoleCode; uses: CodeUse[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call(consoleCode, { query: { code } }).then(setData, (e: unknown) => setError(failure(e)));
  }, [api, code]);
  const lng = i18n.language;
  return (
    <Page title={t('uses.title', { code })} actions={<Button onClick={() => navigate('/operator/discount-codes')}>{t('uses.back')}</Button>}>
      {error && <Notice kind="error">{error}</Notice>}
      {data && (
        <>
          <p>{t('uses.summary', { percentage: data.code.value_percentage, ...data.code.uses })}</p>
          <DataTable caption={t('uses.caption')} rows={data.uses} rowKey={(u) => u.id} empty={t('uses.none')} columns={[
            { key: 'created_at', label: t('uses.when'), render: (u) => consoleTime(u.created_at, lng) },
            { key: 'member', label: t('uses.member'), render: (u) => `${u.email ?? ''} (${u.user_id})` },
            { key: 'payment_id', label: t('uses.payment'), render: (u) => <Button onClick={() => navigate(`/operator/payments/${u.payment_id}`)} aria-label={t('uses.openPayment', { id: u.payment_id })}>#{u.payment_id}</Button> },
            { key: 'status', label: t('uses.status'), render: (u) => t(`useStatus.${u.status}`) },
          ]} />
        </>
      )}
    </Page>
  );
}
