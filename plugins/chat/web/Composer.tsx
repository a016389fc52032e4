import { useRef, useState, type Dispatch, type FormEvent, type KeyboardEvent, type SetStateAction } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { FREE_CONVERSATIONS, type SendResponse } from '../contract.ts';
import type { ConversationModel } from './conversation.ts';
import { GiftPicker } from './GiftPicker.tsx';
import { authSlice } from '../../auth/ui.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { routeRef } from '../../../kernel/contract/routes.ts';

// Payments' pages (hidden where payments are off).
const premiumPage = routeRef('premium');
const creditsPage = routeRef('credits');

const Form = styled.form`
  border-top: 1px solid ${colors.border};
  padding: 8px 4px 12px;
  .row { display: flex; gap: 8px; align-items: flex-end; }
  textarea { flex: 1; min-height: 44px; max-height: 140px; resize: vertical; padding: 10px 12px; border: 1px solid #ced4da; border-radius: 20px; font: inherit; }
  .tools { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 6px; }
  .cost { margin: 6px 4px 0; font-size: 13px; color: #4d5359; }
  .notice a { color: inherit; font-weight: 700; }
`;

const BUY_CODES = new Set(['not_enough_credits']);
const PREMIUM_CODES = new Set(['premium_required', 'conversation_limit']);

/** Writing: text, icebreakers, gifts and photos, with what it costs and why it cannot be sent. */
export const Composer = observer(function Composer(props: {
  model: ConversationModel;
  draft: string;
  setDraft: Dispatch<SetStateAction<string>>;
  onTyping(): void;
  afterSend(credits: number | undefined): void;
  openIcebreaker(): void;
}) {
  const { model, draft, setDraft } = props;
  const kernel = useKernel();
  const { t, i18n } = useTranslation();
  const auth = authSlice.of(kernel);
  const user = auth.user;
  const [gifts, setGifts] = useState(false);
  const [notice, setNotice] = useState<unknown>(null);
  const file = useRef<HTMLInputElement>(null);
  const data = model.data!;
  const name = data.profile.name;
  const max = kernel.settings.message_length || 1000;
  const premium = Boolean(user?.paid_user);

  if (data.blocker === 'partner_unconfirmed') {
    return <Notice data-tone="info" role="status">{t('chat:blocker.partner_unconfirmed', { name })}</Notice>;
  }
  if (data.blocker === 'conversation_limit') {
    return (
      <Notice data-tone="info" role="status" className="notice">
        {t('chat:blocker.conversation_limit', { limit: FREE_CONVERSATIONS })} <Link to={premiumPage}>{t('chat:getPremium')}</Link>
      </Notice>
    );
  }

  const done = (res: SendResponse | null) => {
    if (res) { props.afterSend(res.credits); setNotice(null); return; }
    const failed = model.pending.at(-1);
    setNotice(failed?.error ?? null);
    // A refusal that no retry can fix leaves the composer (the text goes back into it).
    if (failed && errorCode(failed.error) !== 'network') {
      if (failed.kind === 'text') setDraft((d) => d || failed.text);
      model.discard(failed.key);
    }
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if ([...text].length > max) { setNotice({ tooLong: true }); return; }
    setDraft('');
    done(await model.send('text', text));
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit();
    if (e.key === 'Enter' && !e.shiftKey) e.preventDefault();
  };
  const pickPhoto = () => {
    if (!premium) { setNotice({ premiumOnly: true }); return; }
    file.current?.click();
  };
  const onPhoto = async () => {
    const f = file.current?.files?.[0];
    if (file.current) file.current.value = '';
    if (f) done(await model.sendPhoto(f));
  };

  const cost = kernel.settings.message_credits;
  const country = user?.profile?.country ?? kernel.settings.geoip_selected_country;
  const min = kernel.settings.minimum_message_costs?.[country];
  const price = min ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency: min.currency }).format(min.costs) : null;
  const credits = model.lastSend?.credits ?? user?.credits ?? 0;
  const local = notice as { tooLong?: boolean; premiumOnly?: boolean } | null;
  const code = local?.tooLong ? 'message_too_long' : local?.premiumOnly ? 'premium_required' : errorCode(notice);
  const noticeText = code === 'message_too_long' ? t('chat:errors.message_too_long', { max })
    : code === 'premium_required' ? t('kernel:errors.premium_required') : notice ? errorText(t, notice, 'chat') : null;

  return (
    <Form onSubmit={submit} aria-label={t('chat:composer.label', { name })}>
      {noticeText && (
        <Notice data-tone="danger" role="alert" className="notice">
          {noticeText}{' '}
          {BUY_CODES.has(code) && <Link to={creditsPage}>{t('chat:buyCredits')}</Link>}
          {PREMIUM_CODES.has(code) && <Link to={premiumPage}>{t('chat:getPremium')}</Link>}
        </Notice>
      )}
      <div className="tools">
        <Button data-variant="link" onClick={props.openIcebreaker}>{t('chat:icebreaker.open')}</Button>
        <Button data-variant="link" aria-expanded={gifts} onClick={() => setGifts(!gifts)}>{t('chat:gift.open')}</Button>
        <Button data-variant="link" onClick={pickPhoto}>{t('chat:photo.open')}</Button>
        <input ref={file} type="file" accept="image/jpeg,image/png,image/webp" hidden aria-label={t('chat:photo.open')} onChange={() => void onPhoto()} />
      </div>
      {gifts && (
        <GiftPicker
          name={name}
          onSend={async (gift) => { setGifts(false); done(await model.send('gift', gift)); }}
          onCancel={() => setGifts(false)}
        />
      )}
      <div className="row">
        <textarea
          aria-label={t('chat:composer.message', { name })}
          placeholder={t('chat:composer.placeholder')}
          value={draft}
          rows={1}
          maxLength={max * 2}
          onChange={(e) => { setDraft(e.target.value); props.onTyping(); }}
          onKeyDown={onKey}
        />
        <Button type="submit" disabled={!draft.trim()}>{t('chat:composer.send')}</Button>
      </div>
      <p className="cost">
        {!premium && model.freeLeft > 0 && <>{t('chat:cost.free', { count: model.freeLeft })}{' · '}</>}
        {t('chat:cost.message', { credits: cost })}
        {price && <> {t('chat:cost.from', { price })}</>}
        {' · '}{t('chat:cost.balance', { count: credits })}
      </p>
    </Form>
  );
});
