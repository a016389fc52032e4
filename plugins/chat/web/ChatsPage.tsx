import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
// Intl formats the times: luxon would add 21 KiB (gzip) to every chat page for two formats.
import { timeOrDay } from '../../../kernel/web/clock.ts';
import { useHydrated } from '../../../kernel/web/ui/useHydrated.ts';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { badgeText } from '../../../kernel/web/ui/Badge.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { GIFTS, type ChatEntry } from '../contract.ts';
import { Avatar } from './Avatar.tsx';
import { FictionalBadge } from '../../members/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const membersSearch = routeRef('members');
import { chatSlice } from './store.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; align-items: center; gap: 8px; border-bottom: 1px solid ${colors.border}; }
  li > a { flex: 1; min-width: 0; display: flex; align-items: center; gap: 12px; padding: 12px 4px; color: ${colors.text}; text-decoration: none; }
  li > a:hover { background: ${colors.light}; }
  .text { flex: 1; min-width: 0; }
  .top { display: flex; justify-content: space-between; gap: 8px; }
  .name { font-weight: 700; }
  time { font-size: 12px; color: #4d5359; flex: none; }
  .preview { display: block; color: #4d5359; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 14px; }
  .unread .preview { color: ${colors.text}; font-weight: 600; }
  .count { flex: none; min-width: 22px; padding: 1px 7px; border-radius: 11px; background: ${colors.unread}; color: #fff; font-size: 13px; font-weight: 700; text-align: center; }
  .delete { flex: none; width: 40px; height: 40px; border: 0; border-radius: 50%; background: none; color: #4d5359; font-size: 22px; cursor: pointer; }
  .delete:hover { background: #fbe9eb; color: ${colors.danger}; }
`;

function Preview({ entry, me }: { entry: ChatEntry; me: number }) {
  const { t } = useTranslation();
  const m = entry.conversation.last_message;
  if (!m) return <span className="preview">{t('chat:list.noMessages')}</span>;
  const what = m.kind === 'gift' ? `${GIFTS.find((g) => g.id === m.gift)?.emoji ?? '🎁'} ${t(`chat:gifts.${m.gift}`)}`
    : m.kind === 'photo' ? t('chat:list.photo') : m.text;
  return <span className="preview">{m.sender_id === me ? t('chat:list.mine', { text: what }) : what}</span>;
}

/** /chats: conversations, newest first, with unread counts; deleting removes one at once. */
export default observer(function ChatsPage() {
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const store = chatSlice.of(kernel);
  const me = kernel.appState.userId ?? 0;
  useEffect(() => { void store.load(); }, [store]);

  const remove = async (entry: ChatEntry) => {
    if (!window.confirm(t('chat:list.confirmDelete', { name: entry.profile.name }))) return;
    try {
      await store.remove(entry.conversation.id);
    } catch (err) {
      window.alert(errorText(t, err, 'chat'));
      void store.load();
    }
  };
  const when = (iso: string) => timeOrDay(iso, i18n.language);
  // In the browser's time zone: a page the server rendered shows the times once hydrated.
  const local = useHydrated();

  return (
    <div className="container">
      <h1>{t('chat:title')}</h1>
      <FormError message={store.error ? errorText(t, store.error, 'chat') : null} />
      {store.loading && !store.loaded ? <Spinner /> : store.chats.length === 0 ? (
        <p role="status">{t('chat:list.empty')} <Link to={membersSearch}>{t('chat:list.find')}</Link></p>
      ) : (
        <List aria-label={t('chat:list.label')}>
          {store.chats.map((c) => (
            <li key={c.conversation.id} className={c.num_unread_messages ? 'unread' : undefined}>
              <Link to="chats-id" params={{ id: c.conversation.id }}>
                <Avatar profile={c.profile} size={52} />
                <span className="text">
                  <span className="top">
                    <span className="name">{c.profile.name}</span>{c.profile.fictional && <> <FictionalBadge /></>}
                    <time dateTime={c.conversation.updated_at}>{local ? when(c.conversation.updated_at) : ''}</time>
                  </span>
                  <Preview entry={c} me={me} />
                </span>
                {c.num_unread_messages > 0 && <span className="count" role="img" aria-label={t('chat:list.unread', { count: c.num_unread_messages })}>{badgeText(c.num_unread_messages)}</span>}
              </Link>
              <button type="button" className="delete" aria-label={t('chat:list.delete', { name: c.profile.name })} onClick={() => void remove(c)}>×</button>
            </li>
          ))}
        </List>
      )}
    </div>
  );
});
