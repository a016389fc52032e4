import { useCallback, useEffect, useState } from 'react';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, Dialog, Notice, Page, SelectField, TextField, row } from '../../../../kernel/web/console/ui.tsx';
import {
  MODERATION_CLAIM_MINUTES, REPORT_DECISIONS, consoleReportClaim, consoleReportDecide, consoleReportRelease, consoleReports,
  type ConsoleReport, type ReportDecision,
} from '../../contract.ts';
import { Pager, QueueFilters, claimText, failure, queryOf, when, type Message, type QueueFilter } from './shared.tsx';

/** The reports queue (operators): members' reports, claimed by one operator, decided with a note, closed. */
export default function ReportsSection(_: ConsoleSectionProps) {
  const { api, t, i18n } = useConsole('members');
  const lng = i18n.language;
  const [filter, setFilter] = useState<QueueFilter>({ status: 'open', member: '' });
  const [data, setData] = useState<{ items: ConsoleReport[]; total: number; page: number; per_page: number } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [deciding, setDeciding] = useState<ConsoleReport | null>(null);

  const load = useCallback(async (f: QueueFilter, page = 1) => {
    try {
      setData(await api.call(consoleReports, { query: queryOf(f, page) }));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(t, e) });
    }
  }, [api, t]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(filter); }, []);

  const replace = (r: ConsoleReport) => setData((d) => (d ? { ...d, items: d.items.map((x) => (x.id === r.id ? r : x)) } : d));
  const act = async (r: ConsoleReport, what: 'claim' | 'release') => {
    try {
      const { report } = await api.call(what === 'claim' ? consoleReportClaim : consoleReportRelease, { body: { id: r.id } });
      replace(report);
      setMessage({ kind: 'success', text: t(what === 'claim' ? 'reports.claimed' : 'reports.released', { id: r.id, name: r.reported.name }) });
    } catch (e) {
      setMessage({ kind: 'error', text: failure(t, e) });
      void load(filter, data?.page ?? 1);
    }
  };

  return (
    <Page title={t('reports.title')}>
      <p>{t('reports.intro', { minutes: MODERATION_CLAIM_MINUTES })}</p>
      <QueueFilters t={t} label={t('reports.filters')} filter={filter} onChange={setFilter} onSubmit={() => void load(filter)} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data && (
        <>
          <DataTable caption={t(`reports.caption.${filter.status}`)} rows={data.items} rowKey={(r) => r.id} empty={t('reports.none')} columns={[
            { key: 'reported', label: t('reports.reported'), render: (r) => <>{r.reported.name || '—'}<br /><small>{r.reported.email} (#{r.reported.id})</small></> },
            { key: 'reason', label: t('reports.reason'), render: (r) => t(`report.reasons.${r.reason}`) },
            { key: 'comment', label: t('reports.comment'), render: (r) => r.comment || '—' },
            { key: 'reporter', label: t('reports.reporter'), render: (r) => (r.reporter ? <>{r.reporter.name || '—'}<br /><small>{r.reporter.email} (#{r.reporter.id})</small></> : t('reports.reporterGone')) },
            { key: 'created_at', label: t('reports.when'), render: (r) => when(r.created_at, lng) },
            { key: 'reports_against', label: t('reports.against'), render: (r) => String(r.reports_against) },
            { key: 'claim', label: t('queue.state'), render: (r) => (
              <>
                {claimText(t, lng, r)}
                {r.decision && <><br /><strong>{t(`reports.decisions.${r.decision}`)}</strong></>}
                {r.note && <><br /><small>{t('queue.note', { note: r.note })}</small></>}
              </>
            ) },
            { key: 'actions', label: t('queue.actions'), render: (r) => (
              <span className={row}>
                {r.status === 'open' && <Button onClick={() => void act(r, 'claim')} aria-label={t('reports.claimLabel', { id: r.id, name: r.reported.name })}>{t('queue.claim')}</Button>}
                {r.status === 'claimed' && !r.mine && <Button onClick={() => void act(r, 'claim')} aria-label={t('reports.claimLabel', { id: r.id, name: r.reported.name })}>{t('queue.claim')}</Button>}
                {r.mine && <Button kind="primary" onClick={() => setDeciding(r)} aria-label={t('reports.decideLabel', { id: r.id, name: r.reported.name })}>{t('queue.decide')}</Button>}
                {r.mine && <Button onClick={() => void act(r, 'release')} aria-label={t('reports.releaseLabel', { id: r.id, name: r.reported.name })}>{t('queue.release')}</Button>}
              </span>
            ) },
          ]} />
          <Pager t={t} page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => void load(filter, p)} />
        </>
      )}
      {deciding && (
        <DecideReport report={deciding} onClose={() => setDeciding(null)} onDecided={(r) => {
          replace(r);
          setDeciding(null);
          setMessage({ kind: 'success', text: t('reports.decided', { id: r.id, name: r.reported.name, decision: t(`reports.decisions.${r.decision ?? 'no_action'}`) }) });
        }} />
      )}
    </Page>
  );
}

function DecideReport({ report, onClose, onDecided }: { report: ConsoleReport; onClose(): void; onDecided(r: ConsoleReport): void }) {
  const { api, t } = useConsole('members');
  const [decision, setDecision] = useState<ReportDecision>('no_action');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (note.length > 2000) { setError(t('errors.noteTooLong')); return; }
    setBusy(true);
    setError(null);
    try {
      const body: { id: number; decision: ReportDecision; note?: string } = { id: report.id, decision };
      if (note.trim()) body.note = note.trim();
      onDecided((await api.call(consoleReportDecide, { body })).report);
    } catch (e) {
      setError(failure(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={t('reports.decideTitle', { name: report.reported.name || `#${report.reported.id}` })} onClose={onClose} closeLabel={t('close')}>
      <p>{t(`report.reasons.${report.reason}`)}{report.comment ? `: “${report.comment}”` : ''}</p>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <SelectField label={t('reports.decision')} hint={t('reports.decisionHint')} value={decision}
          onChange={(v) => setDecision((REPORT_DECISIONS as readonly string[]).includes(v) ? v as ReportDecision : 'no_action')}
          options={REPORT_DECISIONS.map((d) => ({ value: d, label: t(`reports.decisions.${d}`) }))} />
        <div style={{ marginTop: 8 }}>
          <TextField label={t('queue.noteLabel')} hint={t('queue.noteHint')} multiline value={note} onChange={setNote} error={note.length > 2000 ? t('errors.noteTooLong') : null} />
        </div>
        <div className={row} style={{ marginTop: 12 }}>
          <Button kind="primary" type="submit" disabled={busy}>{t('reports.decideSubmit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
