import { useCallback, useEffect, useMemo, useState } from 'react';
import { css } from '@linaria/core';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { Button, DataTable, Notice, Page, SelectField, TextField, row, type Column } from '../../../../kernel/web/console/ui.tsx';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import {
  consoleAffiliateDomains, consoleFigures, consoleFiguresCsv, consolePostbackRetry, consolePostbacks,
  type FigureRow, type FiguresQuery, type PostbackView, type SourceRow,
} from '../../contract.ts';
import { dayBefore, formatRevenue, fromSegment, sourceSegment } from './format.ts';
import { Embed } from './Embed.tsx';

const block = css`
  margin: 20px 0;
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
`;

interface Domain { domain: string; origin: string; widget_origins: string[] }
interface Period { from: string; to: string; domain: string }
/** A traffic source in the filter: a network and a ref, '' where the visit had none. */
interface Source { network: string; ref: string }

/** The affiliates: traffic sources with their figures per day, one source's page (postbacks, embed snippets). */
export default function AffiliatesSection({ path }: ConsoleSectionProps) {
  return path[0] === 'source'
    ? <SourcePage source={{ network: fromSegment(path[1]), ref: fromSegment(path[2]) }} />
    : <Overview />;
}

/** The query of the figures endpoints: period, domain, and the source ('' = none). */
function queryOf(p: Period, s?: Source): FiguresQuery {
  return {
    from: p.from, to: p.to,
    ...(p.domain ? { domain: p.domain } : {}),
    ...(s ? (s.network ? { network: s.network } : { no_network: true }) : {}),
    ...(s ? (s.ref ? { ref: s.ref } : { no_ref: true }) : {}),
  };
}
const csvHref = (q: FiguresQuery) => `${consoleFiguresCsv.path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;

function usePeriod() {
  const [period, setPeriod] = useState<Period>({ from: dayBefore(29), to: dayBefore(0), domain: '' });
  return [period, setPeriod] as const;
}

function useDomains() {
  const { api } = useConsole('affiliates');
  const [domains, setDomains] = useState<Domain[]>([]);
  useEffect(() => { api.call(consoleAffiliateDomains).then((r) => setDomains(r.domains), () => {}); }, [api]);
  return domains;
}

/** The period and domain filters; `onShow` with the values once submitted. */
function PeriodForm({ value, domains, onShow }: { value: Period; domains: Domain[]; onShow(p: Period): void }) {
  const { t } = useConsole('affiliates');
  const [draft, setDraft] = useState(value);
  return (
    <form className={row} aria-label={t('figures.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); onShow(draft); }}>
      <TextField label={t('figures.from')} type="date" value={draft.from} onChange={(v) => setDraft({ ...draft, from: v })} required />
      <TextField label={t('figures.to')} type="date" value={draft.to} onChange={(v) => setDraft({ ...draft, to: v })} required />
      <SelectField label={t('figures.domain')} value={draft.domain} onChange={(v) => setDraft({ ...draft, domain: v })}
        options={[{ value: '', label: t('figures.allDomains') }, ...domains.map((d) => ({ value: d.domain, label: d.domain }))]} />
      <Button kind="primary" type="submit">{t('figures.show')}</Button>
    </form>
  );
}

function useFigures(period: Period, source?: Source) {
  const { api } = useConsole('affiliates');
  const [data, setData] = useState<{ days: FigureRow[]; sources: SourceRow[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify([period, source]);
  const load = useCallback(async () => {
    setError(null);
    try {
      setData(await api.call(consoleFigures, { query: queryOf(period, source) }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);
  useEffect(() => { void load(); }, [load]);
  return { data, error, reload: load };
}

/** The figure columns shared by the per-source and per-day tables. */
function useCountColumns<R extends Omit<FigureRow, 'day' | 'network' | 'ref'>>(): Column<R>[] {
  const { t, i18n } = useConsole('affiliates');
  return [
    { key: 'visits', label: t('figures.visits') },
    { key: 'bounces', label: t('figures.bounces') },
    { key: 'signups', label: t('figures.signups') },
    { key: 'activations', label: t('figures.activations') },
    { key: 'first_purchases', label: t('figures.firstPurchases') },
    { key: 'revenue', label: t('figures.revenue'), render: (r) => formatRevenue(r.revenue, i18n.language) },
    { key: 'postbacks_sent', label: t('figures.postbacksSent') },
    { key: 'postbacks_failed', label: t('figures.postbacksFailed') },
  ];
}

function Overview() {
  const { t, navigate } = useConsole('affiliates');
  const domains = useDomains();
  const [period, setPeriod] = usePeriod();
  const { data, error } = useFigures(period);
  const counts = useCountColumns<SourceRow>();
  const dayCounts = useCountColumns<FigureRow>();
  const none = t('figures.none');
  const open = (s: Source) => navigate(`affiliates/source/${sourceSegment(s.network)}/${sourceSegment(s.ref)}`);
  return (
    <Page title={t('figures.title')} actions={<a href={csvHref(queryOf(period))} download>{t('figures.csv')}</a>}>
      <PeriodForm value={period} domains={domains} onShow={setPeriod} />
      {error && <Notice kind="error">{error}</Notice>}
      {data && (
        <>
          <div className={block}>
            <DataTable caption={t('figures.sourcesCaption')} rows={data.sources} rowKey={(s) => `${s.network}\u0000${s.ref}`} empty={t('figures.empty')} columns={[
              { key: 'network', label: t('figures.network'), render: (s) => s.network || none },
              { key: 'ref', label: t('figures.ref'), render: (s) => s.ref || none },
              ...counts,
              { key: 'open', label: t('figures.details'), render: (s) => (
                <Button onClick={() => open(s)} aria-label={t('figures.openSource', { network: s.network || none, ref: s.ref || none })}>{t('figures.open')}</Button>
              ) },
            ]} />
          </div>
          <div className={block}>
            <DataTable caption={t('figures.daysCaption')} rows={data.days} rowKey={(d) => `${d.day}\u0000${d.network}\u0000${d.ref}`} empty={t('figures.empty')} columns={[
              { key: 'day', label: t('figures.day') },
              { key: 'network', label: t('figures.network'), render: (d) => d.network || none },
              { key: 'ref', label: t('figures.ref'), render: (d) => d.ref || none },
              ...dayCounts,
            ]} />
          </div>
        </>
      )}
    </Page>
  );
}

function SourcePage({ source }: { source: Source }) {
  const { t, navigate, staff } = useConsole('affiliates');
  const domains = useDomains();
  const [period, setPeriod] = usePeriod();
  const { data, error, reload } = useFigures(period, source);
  const dayCounts = useCountColumns<FigureRow>();
  const none = t('figures.none');
  const title = t('source.title', { network: source.network || none, ref: source.ref || none });
  return (
    <Page title={title} actions={<>
      <Button onClick={() => navigate('affiliates')}>{t('source.back')}</Button>
      <a href={csvHref(queryOf(period, source))} download>{t('figures.csv')}</a>
    </>}>
      <PeriodForm value={period} domains={domains} onShow={setPeriod} />
      {error && <Notice kind="error">{error}</Notice>}
      {data && (
        <div className={block}>
          <DataTable caption={t('source.daysCaption')} rows={data.days} rowKey={(d) => d.day} empty={t('figures.empty')} columns={[
            { key: 'day', label: t('figures.day') }, ...dayCounts,
          ]} />
        </div>
      )}
      <FailedPostbacks period={period} source={source} canRetry={staff.role === 'admin'} onRetried={() => void reload()} />
      <Embed network={source.network} affiliateRef={source.ref} domains={domains} preferred={period.domain} />
    </Page>
  );
}

function FailedPostbacks({ period, source, canRetry, onRetried }: { period: Period; source: Source; canRetry: boolean; onRetried(): void }) {
  const { api, t } = useConsole('affiliates');
  const [postbacks, setPostbacks] = useState<PostbackView[] | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // By value: a parent's render makes new objects of the same period and source.
  const key = JSON.stringify(queryOf(period, source));
  const query = useMemo<FiguresQuery>(() => JSON.parse(key), [key]);
  const load = useCallback(async () => {
    // Postbacks go to networks: a source without one has none.
    if (!source.network) return setPostbacks([]);
    try {
      setPostbacks((await api.call(consolePostbacks, { query: { ...query, status: 'failed' } })).postbacks);
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    }
  }, [api, query, source.network]);
  useEffect(() => { void load(); }, [load]);
  const retry = async (p: PostbackView) => {
    setBusy(p.id);
    setMessage(null);
    try {
      await api.call(consolePostbackRetry, { body: { id: p.id } });
      setMessage({ kind: 'success', text: t('postbacks.retried', { event: t(`events.${p.event}`), day: p.day }) });
      await load();
      onRetried();
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={block}>
      <h2>{t('postbacks.title')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {postbacks && (
        <DataTable caption={t('postbacks.caption')} rows={postbacks} rowKey={(p) => p.id} empty={t('postbacks.none')} columns={[
          { key: 'day', label: t('figures.day') },
          { key: 'event', label: t('postbacks.event'), render: (p) => t(`events.${p.event}`) },
          { key: 'domain', label: t('figures.domain') },
          { key: 'attempts', label: t('postbacks.attempts') },
          { key: 'last_outcome', label: t('postbacks.outcome'), render: (p) => [p.last_outcome, p.last_http_status].filter((v) => v != null).join(' ') },
          { key: 'last_error', label: t('postbacks.error') },
          ...(canRetry ? [{ key: 'retry', label: t('postbacks.action'), render: (p: PostbackView) => (
            <Button onClick={() => void retry(p)} disabled={busy !== null} aria-label={t('postbacks.retryOne', { event: t(`events.${p.event}`), day: p.day, id: p.id })}>{t('postbacks.retry')}</Button>
          ) }] : []),
        ]} />
      )}
    </div>
  );
}
