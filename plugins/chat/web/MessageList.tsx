import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
// Intl formats the times: luxon would add 21 KiB (gzip) to every chat page for two formats.
import { timeOfDay } from '../../../kernel/web/clock.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { errorText } from '../../../kernel/web/errors.ts';
import { GIFTS, type ChatMessage } from '../contract.ts';
import type { ConversationModel, Pending } from './conversation.ts';

const List = styled.ol`
  flex: 1;
  overflow-y: auto;
  list-style: none;
  margin: 0;
  padding: 12px 4px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  li { max-width: 78%; display: flex; flex-direction: column; }
  li.mine { align-self: flex-end; align-items: flex-end; }
  li.theirs { align-self: flex-start; align-items: flex-start; }
  .bubble { padding: 8px 12px; border-radius: 16px; white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.4; }
  .mine .bubble { background: #fde7bd; border-bottom-right-radius: 4px; }
  .theirs .bubble { background: ${colors.light}; border: 1px solid #ead9ee; border-bottom-left-radius: 4px; }
  .gift { font-size: 44px; line-height: 1.1; text-align: center; }
  .gift small { display: block; font-size: 13px; }
  .photo img { display: block; max-width: 220px; max-height: 260px; border-radius: 10px; }
  .meta { font-size: 12px; color: #4d5359; margin: 2px 6px 0; }
  .failed { color: ${colors.danger}; }
  .link { background: none; border: 0; padding: 0; font: inherit; color: ${colors.dark}; text-decoration: underline; cursor: pointer; }
  .note { align-self: center; max-width: 100%; font-size: 13px; color: #4d5359; text-align: center; }
`;

function Body({ m }: { m: Pick<ChatMessage, 'kind' | 'text' | 'gift' | 'photo'> }) {
  const { t } = useTranslation();
  if (m.kind === 'gift') {
    const g = GIFTS.find((x) => x.id === m.gift);
    return <div className="bubble gift"><span aria-hidden="true">{g?.emoji ?? '🎁'}</span><small>{t('chat:gift.sent', { gift: t(`chat:gifts.${m.gift}`) })}</small></div>;
  }
  if (m.kind === 'photo') {
    return m.photo
      ? <a className="bubble photo" href={m.photo.url} target="_blank" rel="noopener noreferrer"><img src={m.photo.thumb} alt={t('chat:photo.alt')} /></a>
      : <div className="bubble">{t('chat:photo.sending')}</div>;
  }
  return <div className="bubble">{m.text}</div>;
}

/** The messages, newest at the bottom (kept in view as new ones come), with read and failed states. */
export const MessageList = observer(function MessageList({ model, me, partner }: { model: ConversationModel; me: number; partner: string }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLOListElement>(null);
  const count = model.messages.length + model.pending.length;
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);
  const lastMine = [...model.messages].reverse().find((m) => m.sender_id === me);
  const time = (iso: string) => timeOfDay(iso, i18n.language);

  return (
    <List ref={ref} aria-label={t('chat:conversation.messages', { name: partner })} aria-live="polite">
      {model.data?.has_hidden && <li className="note">{t('chat:conversation.hidden')}</li>}
      {count === 0 && <li className="note">{t('chat:conversation.empty', { name: partner })}</li>}
      {model.messages.map((m) => {
        const mine = m.sender_id === me;
        return (
          <li key={m.id} className={mine ? 'mine' : 'theirs'}>
            <span className="visually-hidden">{mine ? t('chat:conversation.you') : partner}:</span>
            <Body m={m} />
            <span className="meta">
              <time dateTime={m.created_at}>{time(m.created_at)}</time>
              {m === lastMine && model.readUpTo >= m.id && <> · {t('chat:conversation.read')}</>}
            </span>
          </li>
        );
      })}
      {model.pending.map((p: Pending) => (
        <li key={p.key} className="mine">
          <Body m={{ ...p, photo: null }} />
          {p.error
            ? (
              <span className="meta failed" role="alert">
                {errorText(t, p.error, 'chat')}{' '}
                <button type="button" className="link" onClick={() => model.discard(p.key)}>{t('chat:conversation.discard')}</button>
              </span>
            )
            : <span className="meta">{t('chat:conversation.sending')}</span>}
        </li>
      ))}
    </List>
  );
});
