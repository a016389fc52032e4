import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { colors } from '../../../kernel/web/theme.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';
import type { ProfileSummary } from '../../members/contract.ts';
import { swipe, swipeCards, type SwipeAction } from '../contract.ts';

/** Where the member goes when no cards are left: the search (members). */
const search = routeRef('members');

const Stage = styled.div`
  max-width: 380px;
  margin: 0 auto;
  .deck { position: relative; aspect-ratio: 1 / 1.25; outline: none; border-radius: 16px; }
  .deck:focus-visible { box-shadow: 0 0 0 4px ${colors.secondary}; }
  .card {
    position: absolute; inset: 0; border-radius: 16px; overflow: hidden; background: ${colors.light};
    box-shadow: 0 8px 28px rgba(115, 54, 117, 0.25); touch-action: none; user-select: none; cursor: grab;
  }
  .card img { display: block; width: 100%; height: 100%; object-fit: cover; pointer-events: none; }
  .info { position: absolute; left: 0; right: 0; bottom: 0; padding: 40px 16px 14px; color: #fff; background: linear-gradient(transparent, rgba(0, 0, 0, 0.7)); }
  .info strong { font-size: 22px; display: block; }
  .stamp { position: absolute; top: 22px; padding: 4px 12px; border: 4px solid; border-radius: 8px; font-size: 26px; font-weight: 800; opacity: 0; }
  .stamp.like { left: 18px; color: ${colors.success}; transform: rotate(-12deg); }
  .stamp.pass { right: 18px; color: ${colors.danger}; transform: rotate(12deg); }
  .buttons { display: flex; justify-content: center; gap: 24px; margin: 18px 0 8px; }
  .round { width: 64px; height: 64px; border-radius: 50%; font-size: 28px; padding: 0; }
  .left { text-align: center; color: #4d5359; }
`;

const THRESHOLD = 100;

/** /swipe-game: one card at a time; drag (touch or mouse), arrow keys or the buttons decide. */
export default function SwipeGamePage() {
  const { api, appState: ks } = useKernel();
  const { t } = useTranslation();
  const [cards, setCards] = useState<ProfileSummary[] | null>(null);
  const [likesLeft, setLikesLeft] = useState(0);
  const [perDay, setPerDay] = useState(4);
  const [error, setError] = useState<unknown>(null);
  const [dx, setDx] = useState(0);
  const drag = useRef<{ x: number; id: number } | null>(null);
  const busy = useRef(false);

  const load = useCallback(async () => {
    try {
      const res = await api.call(swipeCards);
      setCards(res.cards);
      setLikesLeft(res.likes_left);
      setPerDay(res.likes_per_day);
    } catch (err) {
      setError(err);
      setCards([]);
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const card = cards?.[0];
  const decide = useCallback(async (action: SwipeAction) => {
    if (!card || busy.current) return;
    busy.current = true;
    setError(null);
    try {
      const res = await api.call(swipe, { body: { id: card.id, action } });
      setLikesLeft(res.likes_left);
      if (res.match) ks.toast(t('swipe-game:match', { name: card.name }), 'success');
      const rest = cards!.slice(1);
      setCards(rest);
      if (rest.length < 3) {
        const more = await api.call(swipeCards).catch(() => null);
        if (more) setCards([...rest, ...more.cards.filter((c) => c.id !== card.id && !rest.some((r) => r.id === c.id))]);
      }
    } catch (err) {
      if (errorCode(err) === 'swipe_limit_reached') setLikesLeft(0);
      setError(err);
    } finally {
      busy.current = false;
      setDx(0);
    }
  }, [api, card, cards, ks, t]);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, id: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => { if (drag.current?.id === e.pointerId) setDx(e.clientX - drag.current.x); };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    if (dx > THRESHOLD) void decide('like');
    else if (dx < -THRESHOLD) void decide('pass');
    else setDx(0);
  };

  // The server keeps the count; its refusal is what the member sees.
  const limitReached = errorCode(error) === 'swipe_limit_reached';
  return (
    <div className="container">
      <h1 style={{ textAlign: 'center' }}>{t('swipe-game:title')}</h1>
      <Stage>
        <p className="left" aria-live="polite">{t('swipe-game:likesLeft', { count: likesLeft, total: perDay })}</p>
        {limitReached && <Notice role="alert" data-tone="info">{t('swipe-game:limit', { count: perDay })}</Notice>}
        {error != null && !limitReached && <FormError message={errorText(t, error, 'swipe-game')} />}
        {cards === null ? <Spinner /> : !card ? (
          <Notice role="status" data-tone="info">{t('swipe-game:empty')} <Link to={search}>{t('swipe-game:search')}</Link></Notice>
        ) : (
          <>
            <div className="deck" tabIndex={0} role="group" aria-roledescription={t('swipe-game:card')}
              aria-label={t('swipe-game:cardLabel', { name: card.name, age: card.age, city: card.city })}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') { e.preventDefault(); void decide('like'); }
                if (e.key === 'ArrowLeft') { e.preventDefault(); void decide('pass'); }
              }}>
              <div className="card" onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={() => { drag.current = null; setDx(0); }}
                style={{ transform: `translateX(${dx}px) rotate(${dx / 20}deg)`, transition: drag.current ? 'none' : 'transform .2s' }}>
                {card.main_image && <img src={card.main_image.match} alt="" width={380} height={475} draggable={false} />}
                <span className="stamp like" style={{ opacity: Math.max(0, dx / THRESHOLD) }} aria-hidden="true">{t('swipe-game:like')}</span>
                <span className="stamp pass" style={{ opacity: Math.max(0, -dx / THRESHOLD) }} aria-hidden="true">{t('swipe-game:pass')}</span>
                <div className="info"><strong>{card.name}, {card.age}</strong>{card.city}</div>
              </div>
            </div>
            <div className="buttons">
              <Button className="round" data-variant="outline" aria-label={t('swipe-game:passName', { name: card.name })} onClick={() => void decide('pass')}>✕</Button>
              <Button className="round" aria-label={t('swipe-game:likeName', { name: card.name })} onClick={() => void decide('like')}>♥</Button>
            </div>
            <p className="left">{t('swipe-game:hint')}</p>
          </>
        )}
      </Stage>
    </div>
  );
}
