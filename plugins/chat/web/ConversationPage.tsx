import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { ErrorPage } from '../../../kernel/web/ErrorPage.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { FictionalBadge, FictionalNotice, PremiumBadge } from '../../members/ui.ts';
import { TYPING_SEND_MS, typing as typingMessage } from '../contract.ts';
import { ConversationModel } from './conversation.ts';
import { MessageList } from './MessageList.tsx';
import { Composer } from './Composer.tsx';
import { Avatar } from './Avatar.tsx';
import { chatSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const memberProfile = routeRef('members-id');

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  max-width: 820px;
  margin: 0 auto;
  height: calc(100dvh - 64px);
  padding: 0 10px;
`;
const Head = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 4px;
  border-bottom: 1px solid ${colors.border};
  h1 { font-size: 18px; margin: 0; }
  a { color: ${colors.text}; text-decoration: none; }
  .sub { font-size: 13px; color: #4d5359; }
  .back { margin-right: 4px; font-size: 22px; line-height: 1; padding: 4px 8px; }
`;
const Typing = styled.p`
  min-height: 22px;
  margin: 2px 8px;
  font-size: 13px;
  font-style: italic;
  color: #4d5359;
`;

/** /chats/{id} and /members/{id}/chat: one conversation, live. */
export default observer(function ConversationPage({ params }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = chatSlice.of(kernel);
  const auth = authSlice.of(kernel);
  const me = kernel.appState.userId ?? 0;
  const byMember = kernel.appState.route.name === 'members-id-chat';
  const model = useMemo(() => new ConversationModel(kernel.api, me, byMember ? { member: Number(params.id) } : { id: Number(params.id) }),
    [kernel.api, me, byMember, params.id]);
  const lastTyping = useRef(0);
  const [icebreakerShown, setIcebreakerShown] = useState(false);

  useEffect(() => { void model.load(); }, [model]);

  // Once there is a conversation: it is read, its address is /chats/{id}, live events apply.
  const id = model.id;
  useEffect(() => {
    if (!id) return;
    if (byMember) kernel.router.navigate('chats-id', { id }, {}, { replace: true });
    void store.markRead(id);
    const offs = [
      kernel.bus.on('realtime:event', (e) => {
        if (e.type === 'chat:message') {
          const { message } = e;
          if (message.conversation_id !== id) return;
          model.add(message);
          if (message.sender_id !== me && document.visibilityState !== 'hidden') void store.markRead(id);
        } else if (e.type === 'chat:typing') {
          if (e.conversation_id === id) model.typing();
        } else if (e.type === 'chat:read') {
          if (e.conversation_id === id && e.reader !== me) model.setRead(e.read_up_to);
        }
      }),
      kernel.bus.on('realtime:open', ({ reconnect }) => { if (reconnect) void model.catchUp(); }),
    ];
    const onVisible = () => { if (document.visibilityState === 'visible' && store.byId(id)?.num_unread_messages) void store.markRead(id); };
    document.addEventListener('visibilitychange', onVisible);
    return () => { offs.forEach((off) => off()); document.removeEventListener('visibilitychange', onVisible); };
  }, [id, byMember, model, kernel, store, me]);

  // The typing indicator goes away by itself.
  const [, tick] = useState(0);
  useEffect(() => {
    if (!model.typingUntil) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, model.typingUntil - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [model.typingUntil]);

  const profile = model.data?.profile;
  useEffect(() => { if (profile) store.rememberOpened(profile.id); }, [profile, store]);

  // A first conversation opens with suggestions for the first message (once per visit).
  const [draft, setDraft] = useState('');
  useEffect(() => {
    if (!model.loading && model.data && !model.data.conversation && !model.data.blocker && !icebreakerShown) {
      setIcebreakerShown(true);
      kernel.appState.openModal('chat-icebreaker', { name: model.data.profile.name, onPick: (text: string) => setDraft(text) });
    }
  }, [model.loading, model.data, icebreakerShown, kernel]);

  if (model.loading && !model.data) return <Spinner />;
  if (!model.data || !profile) {
    const code = errorCode(model.error);
    if (code === 'conversation_not_found' || code === 'profile_not_found') return <ErrorPage status={404} />;
    return <ErrorPage status={403} message={errorText(t, model.error, 'chat')} />;
  }

  const onTyping = () => {
    const now = Date.now();
    if (id && now - lastTyping.current > TYPING_SEND_MS) {
      lastTyping.current = now;
      kernel.realtime.send(typingMessage, { conversation_id: id });
    }
  };
  const afterSend = (credits: number | undefined) => {
    if (credits !== undefined && auth.user && auth.user.credits !== credits) auth.setUser({ ...auth.user, credits });
  };
  const typing = model.typingUntil > Date.now();

  return (
    <Wrap>
      <Head>
        <Link to="chats" className="back" aria-label={t('chat:conversation.back')}>‹</Link>
        <Avatar profile={profile} size={44} />
        <div>
          <h1><Link to={memberProfile} params={{ id: profile.id }}>{profile.name}</Link> {profile.fictional && <FictionalBadge />} {profile.premium && <PremiumBadge />}</h1>
          <div className="sub">{t('chat:conversation.about', { age: profile.age, city: profile.city })}</div>
        </div>
      </Head>
      {profile.fictional && <FictionalNotice name={profile.name} />}
      <MessageList model={model} me={me} partner={profile.name} />
      <Typing aria-live="polite">{typing ? t('chat:conversation.typing', { name: profile.name }) : ''}</Typing>
      <Composer
        model={model}
        draft={draft}
        setDraft={setDraft}
        onTyping={onTyping}
        afterSend={afterSend}
        openIcebreaker={() => kernel.appState.openModal('chat-icebreaker', { name: profile.name, onPick: (text: string) => setDraft(text) })}
      />
      {model.error != null && model.data && <Button onClick={() => void model.load()}>{t('chat:conversation.reload')}</Button>}
    </Wrap>
  );
});
