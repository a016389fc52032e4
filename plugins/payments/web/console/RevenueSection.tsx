import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, downloadCsv, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import { consoleRevenue, CURRENCIES, type RevenueRow } from '../../contract.ts';
import type { ChartSeries } from './RevenueChart.tsx';
import { failure, money } from './format.ts';

// uPlot comes with the chart, in its own chunk of the console build.
const RevenueChart = lazy(() => import('./RevenueChart.tsx'));

const DAY = 86_400;
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Every day from `from` to `to` (YYYY-MM-DD, UTC), as seconds. */
function daysBetween(from: string, to: string): number[] {
  const out: number[] = [];
  for (let s = secondsOf(from); s <= secondsOf(to) && out.length < 800; s += DAY) out.push(s);
  return out;
}

/** The chart's lines: net takings per domain and day in one currency (major units), 0 where nothing was sold. */
export function chartSeries(rows: RevenueRow[], currency: string, days: number[]): ChartSeries[] {
  const domains = [...new Set(rows.filter((r) => r.currency === currency).map((r) => r.domain))].sort();
  return domains.map((domain) => {
    const byDay = new Map(rows.filter((r) => r.currency === currency && r.domain === domain).map((r) => [secondsOf(r.day), r.net]));
    return { label: domain, values: days.map((d) => (byDay.get(d) ?? 0) / 100) };
  });
}

/** Revenue per domain and day (admins): a chart per currency, the table, CSV export. */
export default function RevenueSection() {
  const { api, t, i18n } = useConsole('payments');
  const [filter, setFilter] = useState({ from: '', to: '', domain: '' });
  const [data, setData] = useState<{ from: string; to: string; rows: RevenueRow[] } | null>(null);
  const [currency, setCurrency] = useState('EUR');
  const [error, setError] = useState<string | null>(null);
  const lng = i18n.language;

  const load = useCallback(async (f: typeof filter) => {
    setError(null);
    try {
      const query = Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()]));
      const r = await api.call(consoleRevenue, { query });
      setData(r);
      const present = [...new Set(r.rows.map((x) => x.currency))];
      if (present.length && !present.includes(currency as RevenueRow['currency'])) setCurrency(present[0]!);
    } catch (e) {
      setError(failure(e));
    }
  }, [api, currency]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(filter); }, []);

  const days = useMemo(() => (data ? daysBetween(data.from, data.to) : []), [data]);
  const series = useMemo(() => (data ? chartSeries(data.rows, currency, days) : []), [data, currency, days]);
  const format = useCallback((v: number) => money(Math.round(v * 100), currency, lng), [currency, lng]);
  const totals = useMemo(() => {
    const all = (data?.rows ?? []).filter((r) => r.currency === currency);
    return all.reduce((s, r) => ({ gross: s.gross + r.gross, refunded: s.refunded + r.refunded, charged_back: s.charged_back + r.charged_back, net: s.net + r.net }),
      { gross: 0, refunded: 0, charged_back: 0, net: 0 });
  }, [data, currency]);
  const exportCsv = () => {
    if (!data) return;
    // Amounts in minor units (cents), exact, as the server keeps them.
    downloadCsv(`revenue-${data.from}-${data.to}.csv`, data.rows.map((r) => ({ ...r })),
      ['day', 'domain', 'currency', 'payments', 'gross', 'refunded', 'charged_back', 'net']);
  };

  return (
    <Page title={t('revenue.title')} actions={<Button onClick={exportCsv} disabled={!data?.rows.length}>{t('revenue.csv')}</Button>}>
      <form className={row} aria-label={t('revenue.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); void load(filter); }}>
        <TextField label={t('payments.from')} type="date" value={filter.from} onChange={(v) => setFilter({ ...filter, from: v })} />
        <TextField label={t('payments.to')} type="date" value={filter.to} onChange={(v) => setFilter({ ...filter, to: v })} />
        <TextField label={t('payments.domain')} hint={t('revenue.allDomains')} value={filter.domain} onChange={(v) => setFilter({ ...filter, domain: v })} />
        <Button kind="primary" type="submit">{t('revenue.show')}</Button>
        <SelectField label={t('revenue.currency')} value={currency} onChange={setCurrency} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {data && (
        <>
          <p>{t('revenue.period', { from: data.from, to: data.to })} · {t('revenue.totals', {
            gross: money(totals.gross, currency, lng), refunded: money(totals.refunded, currency, lng),
            charged_back: money(totals.charged_back, currency, lng), net: money(totals.net, currency, lng),
          })}</p>
          {series.length > 0
            ? <Suspense fallback={<p>{t('loading')}</p>}><RevenueChart days={days} series={series} title={t('revenue.chart', { currency })} format={format} /></Suspense>
            : <Notice>{t('revenue.nothing', { currency })}</Notice>}
          <div style={{ height: 16 }} />
          <DataTable caption={t('revenue.caption')} rows={data.rows} rowKey={(r) => `${r.day}|${r.domain}|${r.currency}`} empty={t('revenue.none')} columns={[
            { key: 'day', label: t('revenue.day') },
            { key: 'domain', label: t('payments.domain') },
            { key: 'payments', label: t('revenue.payments') },
            { key: 'gross', label: t('revenue.gross'), render: (r) => money(r.gross, r.currency, lng) },
            { key: 'refunded', label: t('revenue.refunded'), render: (r) => money(r.refunded, r.currency, lng) },
            { key: 'charged_back', label: t('revenue.chargedBack'), render: (r) => money(r.charged_back, r.currency, lng) },
            { key: 'net', label: t('revenue.net'), render: (r) => money(r.net, r.currency, lng) },
          ]} />
        </>
      )}
    </Page>
  );
}
