import { useCallback, useEffect, useState } from 'react';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import {
  consolePayments, METHODS, PAYMENT_STATUSES, type ConsolePayment, type ConsolePaymentsQuery,
} from '../../contract.ts';
import { PaymentDetail } from './PaymentDetail.tsx';
import { dateTime, failure, money } from './format.ts';

interface Filter { q: string; status: string; method: string; country: string; domain: string; from: string; to: string }
const EMPTY: Filter = { q: '', status: '', method: '', country: '', domain: '', from: '', to: '' };

/** The filter as the endpoint's query: empty fields left out. */
function queryOf(f: Filter, page: number): ConsolePaymentsQuery {
  const q: ConsolePaymentsQuery = { page };
  if (f.q.trim()) q.q = f.q.trim();
  if (f.status) q.status = f.status as ConsolePaymentsQuery['status'];
  if (f.method) q.method = f.method as ConsolePaymentsQuery['method'];
  if (f.country.trim()) q.country = f.country.trim().toUpperCase();
  if (f.domain.trim()) q.domain = f.domain.trim().toLowerCase();
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  return q;
}

/** Payments (admins): searched by member, status, method, country, domain and date; one opens with its history. */
export default function PaymentsSection({ path }: ConsoleSectionProps) {
  const id = Number(path[0]);
  if (path[0] && Number.isInteger(id) && id > 0) return <PaymentDetail id={id} />;
  return <PaymentsList />;
}

function PaymentsList() {
  const { api, t, i18n, navigate } = useConsole('payments');
  // A link from elsewhere in the console (a member's page: ?q=<member id>) opens the list filtered.
  const [initial] = useState<Filter>(() => ({ ...EMPTY, q: new URLSearchParams(window.location.search).get('q')?.slice(0, 254) ?? '' }));
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ payments: ConsolePayment[]; total: number; per_page: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (f: Filter, p: number) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.call(consolePayments, { query: queryOf(f, p) }));
      setPage(p);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }, [api]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(initial, 1); }, []);

  const set = (k: keyof Filter) => (v: string) => setFilter({ ...filter, [k]: v });
  const pages = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  const lng = i18n.language;

  return (
    <Page title={t('payments.title')}>
      <form className={row} aria-label={t('payments.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); void load(filter, 1); }}>
        <TextField label={t('payments.member')} hint={t('payments.memberHint')} value={filter.q} onChange={set('q')} />
        <SelectField label={t('payments.status')} value={filter.status} onChange={set('status')}
          options={[{ value: '', label: t('payments.any') }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
        <SelectField label={t('payments.method')} value={filter.method} onChange={set('method')}
          options={[{ value: '', label: t('payments.any') }, ...METHODS.map((m) => ({ value: m, label: m }))]} />
        <TextField label={t('payments.country')} hint="NL" value={filter.country} onChange={set('country')} />
        <TextField label={t('payments.domain')} value={filter.domain} onChange={set('domain')} />
        <TextField label={t('payments.from')} type="date" value={filter.from} onChange={set('from')} />
        <TextField label={t('payments.to')} type="date" value={filter.to} onChange={set('to')} />
        <Button kind="primary" type="submit" disabled={busy}>{t('payments.search')}</Button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <>
          <DataTable caption={t('payments.caption', { total: result.total })} rows={result.payments} rowKey={(p) => p.id} empty={t('payments.none')} columns={[
            { key: 'id', label: t('payments.id'), render: (p) => <Button onClick={() => navigate(`/operator/payments/${p.id}`)} aria-label={t('payments.open', { id: p.id })}>#{p.id}</Button> },
            { key: 'created_at', label: t('payments.created'), render: (p) => dateTime(p.created_at, lng) },
            { key: 'member', label: t('payments.member'), render: (p) => (p.user_id == null ? t('payments.erased') : `${p.email ?? ''} (${p.user_id})`) },
            { key: 'domain', label: t('payments.domain') },
            { key: 'amount', label: t('payments.amount'), render: (p) => money(p.amount, p.currency, lng) },
            { key: 'credits', label: t('payments.credits') },
            { key: 'method', label: t('payments.method') },
            { key: 'country', label: t('payments.country') },
            { key: 'status', label: t('payments.status'), render: (p) => t(`status.${p.status}`) },
          ]} />
          <nav className={row} aria-label={t('payments.pages')} style={{ marginTop: 8, alignItems: 'center' }}>
            <Button disabled={busy || page <= 1} onClick={() => void load(filter, page - 1)}>{t('payments.previous')}</Button>
            <span>{t('payments.page', { page, pages })}</span>
            <Button disabled={busy || page >= pages} onClick={() => void load(filter, page + 1)}>{t('payments.next')}</Button>
          </nav>
        </>
      )}
    </Page>
  );
}
