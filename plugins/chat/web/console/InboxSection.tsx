import { useCallback, useEffect, useState } from 'react';
import type { ConsoleSectionProps } from '../../../../kernel/web/console/define.ts';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, DataTable, Notice, Page, mutedText, row } from '../../../../kernel/web/console/ui.tsx';
import { inboxClaim, inboxClaimNext, inboxList, type InboxEntry, type InboxListResponse } from '../../contract.ts';
import { InboxConversation } from './InboxConversation.tsx';
import { claimFailure, dateTime, duration, failure } from './format.ts';
import { REFRESH_MS, useVisibleInterval } from './poll.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** The operators' inbox: conversations waiting for an answer, oldest first; one opens by its id. */
export default function InboxSection({ path }: ConsoleSectionProps) {
  const id = Number(path[0]);
  if (path[0] && Number.isInteger(id) && id > 0) return <InboxConversation key={id} id={id} />;
  return <InboxList />;
}

function InboxList() {
  const { api, t, i18n, navigate } = useConsole('chat');
  const [data, setData] = useState<InboxListResponse | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const lng = i18n.language;

  const load = useCallback(async () => {
    try {
      setData(await api.call(inboxList));
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  useVisibleInterval(() => { void load(); }, REFRESH_MS);

  const claimError = (e: unknown) => claimFailure(e, t);

  const takeNext = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await api.call(inboxClaimNext, { body: {} });
      if (res.conversation_id == null) {
        setMessage({ kind: 'info', text: t('list.nothingFree') });
        void load();
      } else {
        navigate(`/operator/inbox/${res.conversation_id}`);
      }
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    } finally {
      setBusy(false);
    }
  };

  const take = async (entry: InboxEntry) => {
    setBusy(true);
    setMessage(null);
    try {
      await api.call(inboxClaim, { body: { conversation_id: entry.conversation_id } });
      navigate(`/operator/inbox/${entry.conversation_id}`);
    } catch (e) {
      setMessage({ kind: 'error', text: claimError(e) });
      void load();
    } finally {
      setBusy(false);
    }
  };

  const lastOf = (e: InboxEntry) => (e.last_kind === 'text' ? e.last_text : t(`kind.${e.last_kind}`));
  const claimOf = (e: InboxEntry) => {
    if (!e.claim) return t('list.free');
    const until = dateTime(e.claim.until, lng);
    return e.claim.mine ? t('list.claimMine', { until }) : t('list.claimOther', { operator: e.claim.operator_email, until });
  };

  return (
    <Page title={t('list.title')} actions={<Button kind="primary" disabled={busy} onClick={() => void takeNext()}>{t('list.takeNext')}</Button>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {!data && !message && <p>{t('loading')}</p>}
      {data && (
        <>
          <dl className={row} style={{ gap: 24, margin: '0 0 12px' }} aria-label={t('counts.title')}>
            <div><dt style={{ color: mutedText }}>{t('counts.waiting')}</dt><dd style={{ margin: 0, fontSize: '1.4rem', fontWeight: 600 }}>{data.counts.waiting}</dd></div>
            <div><dt style={{ color: mutedText }}>{t('counts.answeredToday')}</dt><dd style={{ margin: 0, fontSize: '1.4rem', fontWeight: 600 }}>{data.counts.answered_today}</dd></div>
          </dl>
          <DataTable caption={t('list.caption', { count: data.waiting.length })} rows={data.waiting} rowKey={(e) => e.conversation_id} empty={t('list.none')} columns={[
            { key: 'member', label: t('list.member'), render: (e) => `${e.member.name} (${e.member.country})` },
            { key: 'fictional', label: t('list.fictional'), render: (e) => e.fictional.name },
            { key: 'waiting_since', label: t('list.waitingSince'), render: (e) => dateTime(e.waiting_since, lng) },
            { key: 'last', label: t('list.last'), render: (e) => <span style={{ display: 'block', maxWidth: 360, overflowWrap: 'anywhere' }}>{lastOf(e)}</span> },
            { key: 'claim', label: t('list.claim'), render: claimOf },
            {
              key: 'actions', label: t('list.actions'), render: (e) => (e.claim?.mine
                ? <Button onClick={() => navigate(`/operator/inbox/${e.conversation_id}`)} aria-label={t('list.continueLabel', { member: e.member.name, fictional: e.fictional.name })}>{t('list.continue')}</Button>
                : <Button disabled={busy || !!e.claim} onClick={() => void take(e)} aria-label={t('list.takeLabel', { member: e.member.name, fictional: e.fictional.name })}>{t('list.take')}</Button>),
            },
          ]} />
          <h2 style={{ fontSize: '1.1rem', marginTop: 24 }}>{t('counts.operators')}</h2>
          <DataTable caption={t('counts.operatorsCaption')} rows={data.counts.operators} rowKey={(o) => o.operator_id} empty={t('counts.noAnswers')} columns={[
            { key: 'email', label: t('counts.operator') },
            { key: 'answered', label: t('counts.answered') },
            { key: 'median', label: t('counts.median'), render: (o) => (o.median_seconds == null ? '' : duration(o.median_seconds)) },
          ]} />
        </>
      )}
    </Page>
  );
}
