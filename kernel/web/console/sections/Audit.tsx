import { useCallback, useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { consoleAudit, consoleAuditCsv, consoleAuditVerify, type AuditEntryView } from '../../../contract/console.ts';
import { ApiError } from '../../api-error.ts';
import { useConsole } from '../context.ts';
import { consoleTime } from '../time.ts';
import { Button, DataTable, Notice, Page, TextField, row } from '../ui.tsx';

const pre = css`
  /* Never narrower than a short key and value (on a tablet the table scrolls sideways in its frame
     instead of breaking the values a letter a line). */
  margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.8rem; min-width: 16em; max-width: 360px;
`;

const json = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 1));

/** The audit log: who changed what and when, with the values before and after; filters, CSV, the chain's check. */
export default function Audit() {
  const { api, t, i18n } = useConsole();
  const [filter, setFilter] = useState({ actor: '', action: '', target: '', from: '', to: '' });
  const [entries, setEntries] = useState<AuditEntryView[] | null>(null);
  const [more, setMore] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);
  const query = useCallback((beforeId?: number) => ({
    ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])),
    ...(beforeId ? { before_id: beforeId } : {}),
  }), [filter]);
  const load = useCallback(async (append = false) => {
    try {
      const last = append && entries?.length ? entries[entries.length - 1].id : undefined;
      const r = await api.call(consoleAudit, { query: query(last) });
      setEntries(append ? [...(entries ?? []), ...r.entries] : r.entries);
      setMore(r.entries.length === 100);
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    }
  }, [api, entries, query]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(); }, []);

  const verify = async () => {
    const r = await api.call(consoleAuditVerify);
    setMessage(r.ok ? { kind: 'success', text: t('audit.chainOk', { count: r.rows }) } : { kind: 'error', text: t('audit.chainBroken', { id: r.broken_at, why: r.why }) });
  };
  const csvHref = `${consoleAuditCsv.path}?${new URLSearchParams(query() as Record<string, string>).toString()}`;

  return (
    <Page title={t('audit.title')} actions={<>
      <Button onClick={() => void verify()}>{t('audit.verify')}</Button>
      <a href={csvHref} download="audit-log.csv">{t('audit.csv')}</a>
    </>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form className={row} onSubmit={(e) => { e.preventDefault(); void load(); }} aria-label={t('audit.filters')} style={{ marginBottom: 12 }}>
        <TextField label={t('audit.actor')} value={filter.actor} onChange={(v) => setFilter({ ...filter, actor: v })} />
        <TextField label={t('audit.action')} hint="sites.update" value={filter.action} onChange={(v) => setFilter({ ...filter, action: v })} />
        <TextField label={t('audit.target')} hint="site:example.com" value={filter.target} onChange={(v) => setFilter({ ...filter, target: v })} />
        <TextField label={t('audit.from')} type="date" value={filter.from} onChange={(v) => setFilter({ ...filter, from: v })} />
        <TextField label={t('audit.to')} type="date" value={filter.to} onChange={(v) => setFilter({ ...filter, to: v })} />
        <Button kind="primary" type="submit">{t('audit.search')}</Button>
      </form>
      {entries && (
        <DataTable caption={t('audit.caption')} rows={entries} rowKey={(e) => e.id} empty={t('audit.none')} columns={[
          { key: 'at', label: t('audit.when'), render: (e) => consoleTime(e.at, i18n.language, { seconds: true }) },
          { key: 'actor_email', label: t('audit.who'), render: (e) => <>{e.actor_email}<br /><small>{t(`roles.${e.actor_role}`)} · {e.ip}</small></> },
          { key: 'action', label: t('audit.action') },
          { key: 'target', label: t('audit.target') },
          { key: 'before', label: t('audit.before'), render: (e) => <pre className={pre}>{json(e.before)}</pre> },
          { key: 'after', label: t('audit.after'), render: (e) => <pre className={pre}>{json(e.after)}</pre> },
        ]} />
      )}
      {more && <div style={{ marginTop: 12 }}><Button onClick={() => void load(true)}>{t('audit.more')}</Button></div>}
    </Page>
  );
}
