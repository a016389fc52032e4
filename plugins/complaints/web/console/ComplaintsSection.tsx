import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from '@linaria/core';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { consoleTime } from '../../../../kernel/web/console/time.ts';
import { Button, CheckField, DataTable, Notice, Page, SelectField, TextField, mutedText, row } from '../../../../kernel/web/console/ui.tsx';
import { colors } from '../../../../kernel/web/theme.ts';
import {
  ANSWER_LIMITS, COMPLAINT_STATUSES, consoleComplaint, consoleComplaintAnswer, consoleComplaints, consoleComplaintStatus,
  type ComplaintDetail, type ConsoleComplaint, type ConsoleComplaintsQuery,
} from '../../contract.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** Complaints (operators): listed by status, one opens with its answers, answered by mail, closed or opened again. */
export default function ComplaintsSection({ path }: ConsoleSectionProps) {
  const id = Number(path[0]);
  if (path[0] && Number.isInteger(id) && id > 0) return <ComplaintView key={id} id={id} />;
  return <ComplaintsList />;
}

interface Filter { status: string; q: string }

function ComplaintsList() {
  const { api, t, i18n, navigate } = useConsole('complaints');
  const [filter, setFilter] = useState<Filter>({ status: 'open', q: '' });
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ items: ConsoleComplaint[]; total: number; per_page: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lng = i18n.language;

  const load = useCallback(async (f: Filter, p: number) => {
    setBusy(true);
    setError(null);
    try {
      const query: ConsoleComplaintsQuery = { page: p };
      if ((COMPLAINT_STATUSES as readonly string[]).includes(f.status)) query.status = f.status as ConsoleComplaintsQuery['status'];
      if (f.q.trim()) query.q = f.q.trim();
      setResult(await api.call(consoleComplaints, { query }));
      setPage(p);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [api]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void load(filter, 1); }, []);

  const pages = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  return (
    <Page title={t('list.title')}>
      <form className={row} aria-label={t('list.filters')} style={{ marginBottom: 12 }} onSubmit={(e) => { e.preventDefault(); void load(filter, 1); }}>
        <SelectField label={t('list.status')} value={filter.status}
          onChange={(status) => { const f = { ...filter, status }; setFilter(f); void load(f, 1); }}
          options={[...COMPLAINT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })), { value: '', label: t('list.any') }]} />
        <TextField label={t('list.search')} hint={t('list.searchHint')} value={filter.q} onChange={(q) => setFilter({ ...filter, q })} />
        <Button kind="primary" type="submit" disabled={busy}>{t('list.find')}</Button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <>
          <DataTable caption={t('list.caption', { total: result.total })} rows={result.items} rowKey={(c) => c.id} empty={t('list.none')} columns={[
            { key: 'reference', label: t('list.reference'), render: (c) => <Button style={{ whiteSpace: 'nowrap' }} onClick={() => navigate(`/operator/complaints/${c.id}`)} aria-label={t('list.open', { reference: c.reference })}>{c.reference}</Button> },
            { key: 'created_at', label: t('list.received'), render: (c) => consoleTime(c.created_at, lng) },
            { key: 'name', label: t('list.from'), render: (c) => `${c.name} <${c.email}>` },
            { key: 'topic', label: t('list.topic'), render: (c) => t(`topic.${c.topic}`) },
            { key: 'text', label: t('list.text'), render: (c) => <span style={{ display: 'block', maxWidth: 380, overflowWrap: 'anywhere' }}>{c.text.length > 140 ? `${c.text.slice(0, 140)}…` : c.text}</span> },
            { key: 'status', label: t('list.status'), render: (c) => t(`status.${c.status}`) },
            { key: 'answers', label: t('list.answers') },
          ]} />
          <nav className={row} aria-label={t('list.pages')} style={{ marginTop: 8, alignItems: 'center' }}>
            <Button disabled={busy || page <= 1} onClick={() => void load(filter, page - 1)}>{t('list.previous')}</Button>
            <span>{t('list.page', { page, pages })}</span>
            <Button disabled={busy || page >= pages} onClick={() => void load(filter, page + 1)}>{t('list.next')}</Button>
          </nav>
        </>
      )}
    </Page>
  );
}

const facts = css`
  display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; font-size: 0.9rem;
  dt { font-weight: 600; } dd { margin: 0; }
`;
const quote = css`
  white-space: pre-wrap; overflow-wrap: anywhere; border-left: 4px solid ${colors.border}; padding: 8px 12px; margin: 0 0 16px; background: ${colors.white};
`;
const answerList = css`
  list-style: none; padding: 0; margin: 0 0 16px; display: flex; flex-direction: column; gap: 8px;
  li { border: 1px solid ${colors.border}; border-radius: 4px; padding: 8px 12px; background: ${colors.white}; }
  small { display: block; color: ${mutedText}; margin-bottom: 4px; }
  p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

function ComplaintView({ id }: { id: number }) {
  const { api, t, i18n, navigate } = useConsole('complaints');
  const lng = i18n.language;
  const [data, setData] = useState<ComplaintDetail | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [text, setText] = useState('');
  const [close, setClose] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const load = useCallback(async () => {
    try {
      setData(await api.call(consoleComplaint, { query: { id } }));
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError && e.code === 'complaint_not_found' ? t('detail.notFound') : e instanceof Error ? e.message : String(e) });
    }
  }, [api, id, t]);
  useEffect(() => { void load(); }, [load]);

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'closed') return t('detail.closedError');
    if (e instanceof ApiError && e.code === 'answer_too_short') return t('answer.tooShort', { min: ANSWER_LIMITS.min });
    return e instanceof Error ? e.message : String(e);
  };
  // One request at a time: a double click sends one mail.
  const run = async (fn: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try { await fn(); } finally { busy.current = false; setPending(false); }
  };

  const send = () => run(async () => {
    const body = text.trim();
    if ([...body].length < ANSWER_LIMITS.min) {
      setFieldError(t('answer.tooShort', { min: ANSWER_LIMITS.min }));
      return;
    }
    setFieldError(null);
    try {
      const res = await api.call(consoleComplaintAnswer, { body: { id, text: body, ...(close ? { close: true } : {}) } });
      setData(res);
      setText('');
      setClose(false);
      setMessage({ kind: 'success', text: t(res.complaint.status === 'closed' ? 'answer.sentClosed' : 'answer.sent', { email: res.complaint.email }) });
    } catch (e) {
      setMessage({ kind: 'error', text: failed(e) });
    }
  });

  const setStatus = (status: 'open' | 'closed') => run(async () => {
    try {
      setData(await api.call(consoleComplaintStatus, { body: { id, status } }));
      setMessage({ kind: 'success', text: t(status === 'closed' ? 'detail.closedNow' : 'detail.openedNow') });
    } catch (e) {
      setMessage({ kind: 'error', text: failed(e) });
    }
  });

  const back = <Button onClick={() => navigate('/operator/complaints')}>{t('detail.back')}</Button>;
  if (!data) {
    return <Page title={t('detail.loadingTitle')} actions={back}>{message ? <Notice kind={message.kind}>{message.text}</Notice> : <p>{t('loading')}</p>}</Page>;
  }
  const c = data.complaint;
  return (
    <Page title={t('detail.title', { reference: c.reference })} actions={<>
      {back}
      {c.status === 'closed'
        ? <Button onClick={() => void setStatus('open')} disabled={pending}>{t('detail.reopen')}</Button>
        : <Button kind="danger" onClick={() => void setStatus('closed')} disabled={pending}>{t('detail.close')}</Button>}
    </>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <dl className={facts}>
        <dt>{t('list.status')}</dt><dd>{t(`status.${c.status}`)}</dd>
        <dt>{t('list.received')}</dt><dd>{consoleTime(c.created_at, lng)}</dd>
        <dt>{t('list.from')}</dt><dd>{c.name} &lt;{c.email}&gt;{c.user_id != null && <> · {t('detail.member', { id: c.user_id })}</>}</dd>
        <dt>{t('list.topic')}</dt><dd>{t(`topic.${c.topic}`)}</dd>
        <dt>{t('detail.site')}</dt><dd>{c.domain} ({c.locale})</dd>
      </dl>
      <h2 style={{ fontSize: '1.1rem' }}>{t('detail.complaint')}</h2>
      <blockquote className={quote}>{c.text}</blockquote>
      <h2 style={{ fontSize: '1.1rem' }}>{t('detail.answers', { count: data.answers.length })}</h2>
      {data.answers.length === 0
        ? <p>{t('detail.noAnswers')}</p>
        : (
          <ol className={answerList} aria-label={t('detail.answersLabel')}>
            {data.answers.map((a) => (
              <li key={a.id}>
                <small>{t('detail.sentBy', { when: consoleTime(a.sent_at, lng), staff: a.staff?.email ?? t('detail.unknownStaff') })}</small>
                <p>{a.text}</p>
              </li>
            ))}
          </ol>
        )}
      {c.status === 'closed'
        ? <Notice kind="info">{t('detail.closedNote')}</Notice>
        : (
          <form aria-label={t('answer.form')} onSubmit={(e) => { e.preventDefault(); void send(); }} style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 720 }}>
            <TextField multiline label={t('answer.label', { email: c.email })} hint={t('answer.hint', { locale: c.locale })} error={fieldError} value={text} onChange={setText} />
            <CheckField label={t('answer.close')} checked={close} onChange={setClose} />
            <div className={row}><Button kind="primary" type="submit" disabled={pending}>{t('answer.send')}</Button></div>
          </form>
        )}
    </Page>
  );
}
