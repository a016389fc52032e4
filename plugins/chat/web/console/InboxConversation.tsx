import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from '@linaria/core';
import { useConsole } from '../../../../kernel/web/console/context.ts';
import { Button, Notice, Page, TextField, mutedText, row } from '../../../../kernel/web/console/ui.tsx';
import { colors } from '../../../../kernel/web/theme.ts';
import type { ProfileSummary } from '../../../members/contract.ts';
import {
  inboxAnswer, inboxClaim, inboxClaimNext, inboxConversation, inboxRelease,
  type ChatMessage, type InboxConversationResponse,
} from '../../contract.ts';
import { REFRESH_MS, useVisibleInterval } from './poll.ts';
import { claimFailure, codeOf, dateTime, duration, failure, newKey } from './format.ts';

type Message = { kind: 'success' | 'error' | 'info'; text: string };

const people = css`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; margin-bottom: 16px;
`;
const card = css`
  display: flex; gap: 12px; align-items: flex-start; border: 1px solid ${colors.border}; border-radius: 4px; padding: 12px; background: ${colors.white};
  h2 { font-size: 1rem; margin: 0 0 4px; }
  p { margin: 2px 0; font-size: 0.9rem; }
  img { width: 96px; height: 96px; object-fit: cover; border-radius: 4px; }
`;
const noPhoto = css`
  width: 96px; height: 96px; border-radius: 4px; background: ${colors.light}; display: flex; align-items: center; justify-content: center;
  font-size: 0.8rem; color: ${mutedText}; text-align: center;
`;
const thread = css`
  list-style: none; margin: 0 0 16px; padding: 12px; border: 1px solid ${colors.border}; border-radius: 4px; background: #fbfbfb;
  display: flex; flex-direction: column; gap: 8px; max-height: 60vh; overflow-y: auto;
  li { max-width: 75%; padding: 8px 12px; border-radius: 6px; background: ${colors.white}; border: 1px solid ${colors.border}; }
  li[data-side='fictional'] { align-self: flex-end; background: #f4ecf4; }
  small { display: block; color: ${mutedText}; font-size: 0.78rem; margin-bottom: 2px; }
  p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  img { max-width: 200px; border-radius: 4px; }
`;

/** One conversation of the inbox: who writes to whom, every message, the claim and the answer as the profile. */
export function InboxConversation({ id }: { id: number }) {
  const { api, t, i18n, navigate } = useConsole('chat');
  const lng = i18n.language;
  const [data, setData] = useState<InboxConversationResponse | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // When the claim's seconds_left arrived: the countdown runs from the server's figure, not the device's clock.
  const [claimAt, setClaimAt] = useState(() => Date.now());
  // One idempotency key per answer: a retry of the same answer keeps it, a new answer gets a new one.
  const key = useRef(newKey());
  // Whether this page held the claim (so its loss can be told in words).
  const held = useRef(false);

  const load = useCallback(async () => {
    try {
      const res = await api.call(inboxConversation, { query: { id } });
      setData(res);
      setClaimAt(Date.now());
      if (held.current && !res.claim?.mine && res.waiting_since) {
        held.current = false;
        setMessage({ kind: 'error', text: res.claim ? t('claim.takenOver', { operator: res.claim.operator_email }) : t('claim.lost') });
      }
      if (res.claim?.mine) held.current = true;
    } catch (e) {
      setMessage({ kind: 'error', text: codeOf(e) === 'conversation_not_found' ? t('claim.gone') : failure(e) });
    }
  }, [api, id, t]);
  useEffect(() => { void load(); }, [load]);
  useVisibleInterval(() => { void load(); }, REFRESH_MS);

  const mine = data?.claim?.mine ? data.claim : null;
  const left = mine ? Math.max(0, mine.seconds_left - Math.floor((now - claimAt) / 1000)) : 0;
  useEffect(() => {
    if (!mine) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [mine]);
  // The claim ran out on this page's clock: ask the server (it decides), once per claim.
  const expiredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!mine || left > 0 || expiredFor.current === mine.until) return;
    expiredFor.current = mine.until;
    void load();
  }, [mine, left, load]);

  const claimError = (e: unknown) => claimFailure(e, t);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try { await fn(); } finally { setBusy(false); }
  };

  const take = () => run(async () => {
    try {
      const { claim } = await api.call(inboxClaim, { body: { conversation_id: id } });
      held.current = true;
      setNow(Date.now());
      setClaimAt(Date.now());
      setData((d) => (d ? { ...d, claim } : d));
      setMessage(null);
    } catch (e) {
      setMessage({ kind: 'error', text: claimError(e) });
      void load();
    }
  });

  const release = () => run(async () => {
    try {
      await api.call(inboxRelease, { body: { conversation_id: id } });
      held.current = false;
      setData((d) => (d ? { ...d, claim: null } : d));
      setMessage({ kind: 'info', text: t('claim.released') });
    } catch (e) {
      setMessage({ kind: 'error', text: claimError(e) });
      void load();
    }
  });

  const send = () => run(async () => {
    if (!text.trim()) {
      setMessage({ kind: 'error', text: t('answer.empty') });
      return;
    }
    try {
      const { message: sent } = await api.call(inboxAnswer, { body: { conversation_id: id, text, key: key.current } });
      key.current = newKey();
      held.current = false;
      setText('');
      setData((d) => (d ? {
        ...d, claim: null, waiting_since: null,
        messages: d.messages.some((m) => m.id === sent.id) ? d.messages : [...d.messages, sent],
      } : d));
      setMessage({ kind: 'success', text: t('answer.sent', { name: data?.fictional.name ?? '' }) });
    } catch (e) {
      if (codeOf(e) === 'claim_lost') held.current = false;
      setMessage({ kind: 'error', text: claimError(e) });
      void load();
    }
  });

  const next = () => run(async () => {
    try {
      const res = await api.call(inboxClaimNext, { body: {} });
      if (res.conversation_id == null) setMessage({ kind: 'info', text: t('list.nothingFree') });
      else navigate(`/operator/inbox/${res.conversation_id}`);
    } catch (e) {
      setMessage({ kind: 'error', text: failure(e) });
    }
  });

  const back = <Button onClick={() => navigate('/operator/inbox')}>{t('conversation.back')}</Button>;
  if (!data) {
    return (
      <Page title={t('conversation.title')} actions={back}>
        {message ? <Notice kind={message.kind}>{message.text}</Notice> : <p>{t('loading')}</p>}
      </Page>
    );
  }

  const { member, fictional, claim } = data;
  const other = claim && !claim.mine ? claim : null;
  const senderOf = (m: ChatMessage) => (m.sender_id === fictional.id ? fictional.name : member.name);

  return (
    <Page title={t('conversation.heading', { member: member.name, fictional: fictional.name })} actions={<>{back}<Button onClick={() => void next()} disabled={busy}>{t('list.takeNext')}</Button></>}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className={people}>
        <PersonCard title={t('conversation.member')} person={member} extra={member.about} />
        <PersonCard title={t('conversation.fictional')} person={fictional} />
      </div>

      <section aria-labelledby="inbox-claim" style={{ marginBottom: 16 }}>
        <h2 id="inbox-claim" style={{ fontSize: '1.1rem' }}>{t('claim.title')}</h2>
        {!data.waiting_since && <p>{t('claim.answered')}</p>}
        {data.waiting_since && (
          <p>{t('conversation.waitingSince', { when: dateTime(data.waiting_since, lng) })}</p>
        )}
        {mine && (
          <div className={row} style={{ alignItems: 'center' }}>
            <p role="timer" aria-live="off" style={{ margin: 0 }}>{t('claim.mine', { left: duration(left) })}</p>
            <Button onClick={() => void take()} disabled={busy}>{t('claim.extend')}</Button>
            <Button onClick={() => void release()} disabled={busy}>{t('claim.release')}</Button>
          </div>
        )}
        {other && <Notice kind="info">{t('claim.other', { operator: other.operator_email, until: dateTime(other.until, lng) })}</Notice>}
        {!claim && data.waiting_since && (
          <div className={row} style={{ alignItems: 'center' }}>
            <p style={{ margin: 0 }}>{t('claim.none')}</p>
            <Button kind="primary" onClick={() => void take()} disabled={busy}>{t('claim.take')}</Button>
          </div>
        )}
      </section>

      <h2 style={{ fontSize: '1.1rem' }}>{t('conversation.messages', { count: data.messages.length })}</h2>
      <ol className={thread} aria-label={t('conversation.messagesLabel')}>
        {data.messages.map((m) => (
          <li key={m.id} data-side={m.sender_id === fictional.id ? 'fictional' : 'member'}>
            <small>{senderOf(m)} · {dateTime(m.created_at, lng)}</small>
            {m.kind === 'text' && <p>{m.text}</p>}
            {m.kind === 'gift' && <p>{t('kind.giftNamed', { gift: m.gift ?? '' })}</p>}
            {m.kind === 'photo' && m.photo && <a href={m.photo.url} target="_blank" rel="noreferrer"><img src={m.photo.thumb} alt={t('kind.photoOf', { name: senderOf(m) })} /></a>}
          </li>
        ))}
      </ol>

      {mine && (
        <form onSubmit={(e) => { e.preventDefault(); void send(); }} aria-label={t('answer.form')}>
          <TextField multiline label={t('answer.label', { name: fictional.name })} hint={t('answer.hint')} value={text} onChange={setText} />
          <div className={row} style={{ marginTop: 8 }}>
            <Button kind="primary" type="submit" disabled={busy}>{t('answer.send')}</Button>
          </div>
        </form>
      )}
    </Page>
  );
}

function PersonCard({ title, person, extra }: { title: string; person: ProfileSummary; extra?: string }) {
  const { t } = useConsole('chat');
  const photo = person.main_image;
  return (
    <section className={card} aria-label={title}>
      {photo ? <img src={photo.thumb_filename} alt={t('conversation.photoOf', { name: person.name })} /> : <div className={noPhoto}>{t('conversation.noPhoto')}</div>}
      <div>
        <h2>{title}: {person.name}</h2>
        <p>{t('conversation.ageCity', { age: person.age, city: person.city || '—', country: person.country })}</p>
        {extra && <p style={{ color: mutedText, whiteSpace: 'pre-wrap' }}>{extra}</p>}
      </div>
    </section>
  );
}
