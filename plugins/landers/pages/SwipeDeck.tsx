/** @jsxImportSource preact */
// The swipe deck of the tinderswipe lander (rendered on the server, hydrated by web/client.tsx) and of
// the swipe widget on partners' pages (widgets/swipe, in a shadow root): one card of the niche's
// members at a time; drag it (touch or mouse), press → / ← while the deck has the focus, or use the
// buttons. More cards come from GET /api/lander-cards.php before the deck runs out. The third like
// opens the "they like you too — sign up to chat" step. Nothing is kept on the server: the visitor
// has no account yet, the likes live in this component only.
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { requestOf } from '../../../kernel/contract/endpoint.ts';
import { landerCards, type Face } from '../contract.ts';
import type { T } from './texts.ts';

/** How far (px) a card must be dragged sideways to count as a like (right) or a pass (left); shorter drags snap back. */
export const SWIPE_THRESHOLD = 90;
/** The like that opens the "they like you too" step. */
export const LIKES_FOR_MATCH = 3;
/** Photos of the cards after the top one that are fetched and decoded ahead. */
const PRELOAD_AHEAD = 3;
/** More cards are asked for while this many or fewer are left (the top one included). */
const REFILL_AT = 4;
/** How long a card takes to fly off (the CSS animation's length, plus a margin for a missed animationend). */
const FLING_MS = 320;
/** The `exclude` parameter's limit (contract: 2000 characters). */
const EXCLUDE_MAX_CHARS = 2000;

export type Decision = 'like' | 'pass';
/**
 * What a card shows: a member of the niche with the square crop of the main photo. The endpoint's
 * `Face` fits; the lander's loader sends only these fields (the page stays small).
 */
export type DeckCard = Pick<Face, 'id' | 'name' | 'age' | 'city' | 'online'> & { main_image: { match: string } | null };

/** A face as a card: only what the card shows. */
export const toCard = (f: DeckCard): DeckCard => ({ id: f.id, name: f.name, age: f.age, city: f.city, online: f.online, main_image: f.main_image ? { match: f.main_image.match } : null });

export interface SwipeDeckProps {
  /** The first cards (the lander's loader made them; the widget starts with none and asks). */
  cards: DeckCard[];
  /** The landers namespace in the visitor's language. */
  t: T;
  /** The visitor's language (names in the step are listed in it: "Anna, Bea and Cleo"). */
  lang: string;
  /** The signup page: the call to action is a real link to it (works without JavaScript). */
  signupHref: string;
  /** More cards, none of `exclude` (ids already in the deck); an empty list when the niche has no more. */
  loadMore?(exclude: number[]): Promise<DeckCard[]>;
  /** A like or a pass, with every member liked so far. */
  onDecide?(face: DeckCard, decision: Decision, liked: DeckCard[]): void;
  /** The third like: the "they like you too" step is showing. */
  onMatch?(liked: DeckCard[]): void;
  /**
   * A click on a call to action (the step's or the end's; the step's carries `data-after`, the
   * conversation to continue in). Without it the link is followed — on a lander web/client.tsx turns
   * `a[data-signup]` into the signup dialog; the widget opens its own.
   */
  onSignup?(liked: DeckCard[], event: MouseEvent): void;
  /** The step's heading level: 2 on a lander (under its h1), 3 in the widget (under its own h2). */
  headingLevel?: 2 | 3;
}

interface Ghost { key: number; face: DeckCard; decision: Decision; from: string }
interface DeckState {
  queue: DeckCard[];
  /** The top card's place in `queue` (those before it are decided). */
  index: number;
  liked: DeckCard[];
  /** Cards flying off (they leave the stack at once; these copies only animate). */
  ghosts: Ghost[];
  /** What the live region says after a decision. */
  said: string;
  /** No more cards to ask for (the niche is through, or there is nothing to ask). */
  exhausted: boolean;
}

/** The ids of the deck for `exclude`, the latest first kept when they would not fit. */
export function excludeIds(queue: DeckCard[]): number[] {
  const ids: number[] = [];
  let length = 0;
  for (let i = queue.length - 1; i >= 0; i--) {
    length += String(queue[i].id).length + (ids.length ? 1 : 0);
    if (length > EXCLUDE_MAX_CHARS) break;
    ids.push(queue[i].id);
  }
  return ids;
}

/**
 * More cards of `niche` from the site at `origin` ('' = this page's own site), none of `exclude`:
 * the lander's way (the widget calls through its own client, widgets/kernel/api.ts).
 */
export async function fetchCards(origin: string, niche: number, exclude: number[]): Promise<DeckCard[]> {
  const r = requestOf(landerCards, { query: { niche, exclude: exclude.join(',') } });
  const url = new URL(r.path, origin || location.origin);
  for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`lander cards: HTTP ${res.status}`);
  return ((await res.json()) as { cards: Face[] }).cards.map(toCard);
}

/** Where the step's signup continues: the conversation with the first member who "likes you too" (`data-after`). */
export const chatAfterSignup = (liked: DeckCard[]) => (liked[0] ? `/members/${liked[0].id}/chat` : undefined);

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function listNames(names: string[], lang: string): string {
  try {
    return new Intl.ListFormat(lang === 'nb' ? 'nb' : lang, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

const HeartIcon = () => (
  <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M12 21.2 10.6 20C5.4 15.3 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.8-8.6 11.5L12 21.2Z" />
  </svg>
);
const CrossIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" d="M6 6l12 12M18 6 6 18" />
  </svg>
);

/** A member's square crop; `priority`: the top card's is the page's largest picture, the one behind it waits for it. */
function Photo({ face, t, size, priority = 'auto' }: { face: DeckCard; t: T; size: number; priority?: 'high' | 'low' | 'auto' }) {
  return face.main_image
    ? <img class="lr-deck-photo" src={face.main_image.match} alt={t('tinderswipe.photo', { name: face.name })} width={size} height={size}
      decoding="async" fetchpriority={priority} />
    : <span class="lr-deck-initial" aria-hidden="true">{face.name.slice(0, 1)}</span>;
}

/** A card's face: photo, stamps that show while dragging, name, age, city. */
function CardBody({ face, t, top }: { face: DeckCard; t: T; top?: boolean }) {
  return (
    <>
      <Photo face={face} t={t} size={300} priority={top ? 'high' : 'low'} />
      <span class="lr-deck-stamp is-like" aria-hidden="true">{t('tinderswipe.stampLike')}</span>
      <span class="lr-deck-stamp is-pass" aria-hidden="true">{t('tinderswipe.stampPass')}</span>
      <span class="lr-deck-info">
        <span class="lr-deck-name">{face.name}, {face.age}</span>
        <span class="lr-deck-city">{face.city}</span>
        {face.online && <span class="lr-deck-online">{t('tinderswipe.online')}</span>}
      </span>
    </>
  );
}

/** Follows a dragged card: position, tilt and how strongly the LIKE / NOPE stamp shows. */
function paint(el: HTMLElement, dx: number, dy: number) {
  el.style.transform = dx || dy ? `translate(${dx}px, ${Math.round(dy * 0.25)}px) rotate(${(dx / 18).toFixed(2)}deg)` : '';
  const p = Math.max(-1, Math.min(1, dx / SWIPE_THRESHOLD));
  el.style.setProperty('--lr-deck-like', String(Math.max(0, p)));
  el.style.setProperty('--lr-deck-pass', String(Math.max(0, -p)));
}

export function SwipeDeck(props: SwipeDeckProps) {
  const { t, signupHref } = props;
  const [state, setState] = useState<DeckState>(() => ({
    queue: props.cards, index: 0, liked: [], ghosts: [], said: '', exhausted: !props.loadMore,
  }));
  // Handlers read the latest state from here: two decisions may come before a render.
  const live = useRef(state);
  const update = (patch: Partial<DeckState>) => {
    live.current = { ...live.current, ...patch };
    setState(live.current);
  };
  const propsRef = useRef(props);
  propsRef.current = props;
  const drag = useRef<{ id: number; x: number; y: number; dx: number; dy: number } | null>(null);
  const loading = useRef(false);
  const ghostKey = useRef(0);
  const preloaded = useRef(new Set<string>());
  const heading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();
  const titleId = useId();

  const { queue, index, liked, ghosts } = state;
  const matched = liked.length >= LIKES_FOR_MATCH;
  const face = queue[index] as DeckCard | undefined;
  const behind = queue[index + 1] as DeckCard | undefined;

  function decide(decision: Decision, from = '') {
    const s = live.current;
    const current = s.queue[s.index];
    if (!current || s.liked.length >= LIKES_FOR_MATCH) return;
    const nowLiked = decision === 'like' ? [...s.liked, current] : s.liked;
    const upcoming = s.queue[s.index + 1];
    const said = t(decision === 'like' ? 'tinderswipe.liked' : 'tinderswipe.passed', { name: current.name })
      + (upcoming && nowLiked.length < LIKES_FOR_MATCH ? ` ${t('tinderswipe.next', { name: upcoming.name, age: upcoming.age, city: upcoming.city })}` : '');
    const fly = nowLiked.length < LIKES_FOR_MATCH && !reducedMotion();
    const ghost: Ghost | null = fly ? { key: ++ghostKey.current, face: current, decision, from: from || 'none' } : null;
    update({ index: s.index + 1, liked: nowLiked, said, ghosts: ghost ? [...s.ghosts, ghost] : s.ghosts });
    if (ghost) setTimeout(() => dropGhost(ghost.key), FLING_MS + 150);
    propsRef.current.onDecide?.(current, decision, nowLiked);
    if (nowLiked.length >= LIKES_FOR_MATCH) propsRef.current.onMatch?.(nowLiked);
  }
  function dropGhost(key: number) {
    if (live.current.ghosts.some((g) => g.key === key)) update({ ghosts: live.current.ghosts.filter((g) => g.key !== key) });
  }

  // More cards before the deck runs out (the ids it holds are excluded).
  useEffect(() => {
    const { loadMore } = propsRef.current;
    if (!loadMore || state.exhausted || matched || loading.current || queue.length - index > REFILL_AT) return;
    loading.current = true;
    loadMore(excludeIds(live.current.queue)).then((more) => {
      const have = new Set(live.current.queue.map((f) => f.id));
      const fresh = more.filter((f) => !have.has(f.id));
      update(fresh.length ? { queue: [...live.current.queue, ...fresh] } : { exhausted: true });
    }, () => update({ exhausted: true })).finally(() => { loading.current = false; });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, queue.length, state.exhausted, matched]);

  // The next photos are fetched and decoded ahead: a card shows at once when it comes up.
  useEffect(() => {
    for (const f of queue.slice(index + 1, index + 1 + PRELOAD_AHEAD)) {
      const src = f.main_image?.match;
      if (!src || preloaded.current.has(src)) continue;
      preloaded.current.add(src);
      const img = new Image();
      img.decoding = 'async';
      img.src = src;
      img.decode?.().catch(() => { /* shown as it comes */ });
    }
  }, [index, queue]);

  // The step takes the focus (the buttons that had it are gone): its heading is read out.
  useEffect(() => { if (matched) heading.current?.focus(); }, [matched]);

  const onKeyDown = (e: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowRight') { e.preventDefault(); decide('like'); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); decide('pass'); }
  };
  const onPointerDown = (e: JSX.TargetedPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, dy: 0 };
    try { e.currentTarget.setPointerCapture(e.pointerId); } catch { /* moves still arrive while over the card */ }
    e.currentTarget.classList.add('is-dragging');
  };
  const onPointerMove = (e: JSX.TargetedPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    d.dx = e.clientX - d.x;
    d.dy = e.clientY - d.y;
    paint(e.currentTarget, d.dx, d.dy);
  };
  const onPointerEnd = (e: JSX.TargetedPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    const el = e.currentTarget;
    el.classList.remove('is-dragging');
    if (e.type === 'pointerup') {
      d.dx = e.clientX - d.x;
      d.dy = e.clientY - d.y;
    }
    const decision: Decision | null = e.type !== 'pointerup' ? null : d.dx >= SWIPE_THRESHOLD ? 'like' : d.dx <= -SWIPE_THRESHOLD ? 'pass' : null;
    if (!decision) return paint(el, 0, 0);
    paint(el, d.dx, d.dy);
    decide(decision, el.style.transform);
  };
  const cta = (label: string, after?: string) => (
    <a class="lr-deck-cta" href={signupHref} data-signup="" data-after={after} onClick={(e) => propsRef.current.onSignup?.(live.current.liked, e)}>{label}</a>
  );
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';

  let body;
  if (matched) {
    body = (
      <section class="lr-deck-match" aria-labelledby={titleId}>
        <ul class="lr-deck-faces">
          {liked.map((f) => <li key={f.id}><Photo face={f} t={t} size={96} /></li>)}
        </ul>
        <Heading id={titleId} ref={heading} tabIndex={-1}>{t('tinderswipe.match.title')}</Heading>
        <p>{t('tinderswipe.match.text', { names: listNames(liked.map((f) => f.name), props.lang) })}</p>
        {cta(t('tinderswipe.match.cta'), chatAfterSignup(liked))}
      </section>
    );
  } else if (face || !state.exhausted) {
    // While more cards are on their way the deck stays (and keeps the focus), saying it is loading.
    body = (
      <div class="lr-deck-play" onKeyDown={onKeyDown}>
        <div class="lr-deck-stack" tabIndex={0} role="group" aria-label={t('tinderswipe.deck')} aria-describedby={hintId} aria-busy={face ? undefined : 'true'}>
          {behind && <div key={behind.id} class="lr-deck-card is-next" aria-hidden="true"><CardBody face={behind} t={t} /></div>}
          {face ? (
            <div key={face.id} class="lr-deck-card is-top" data-member={face.id}
              onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerEnd} onPointerCancel={onPointerEnd}>
              <CardBody face={face} t={t} top />
            </div>
          ) : <p key="loading" class="lr-deck-loading">{t('tinderswipe.loading')}</p>}
          {ghosts.map((g) => (
            <div key={`ghost-${g.key}`} class={`lr-deck-card lr-deck-ghost is-${g.decision}`} style={`--lr-deck-from: ${g.from}`} aria-hidden="true"
              onAnimationEnd={() => dropGhost(g.key)}>
              <CardBody face={g.face} t={t} />
            </div>
          ))}
        </div>
        <p id={hintId} class="lr-deck-hint">{t('tinderswipe.hint')}</p>
        {/* Without JavaScript the buttons submit to the signup page (the lander's only way on then). */}
        <form class="lr-deck-buttons" action={signupHref} method="get" onSubmit={(e) => e.preventDefault()}>
          <button type="submit" class="lr-deck-btn lr-deck-pass" aria-label={t('tinderswipe.pass')}
            onClick={(e) => { e.preventDefault(); decide('pass'); }}><CrossIcon /></button>
          <button type="submit" class="lr-deck-btn lr-deck-like" aria-label={t('tinderswipe.like')}
            onClick={(e) => { e.preventDefault(); decide('like'); }}><HeartIcon /></button>
        </form>
      </div>
    );
  } else {
    body = (
      <div class="lr-deck-end">
        <p>{t('tinderswipe.end')}</p>
        {cta(t('tinderswipe.endCta'))}
      </div>
    );
  }
  return (
    <div class="lr-deck">
      {body}
      <p class="lr-deck-sr" role="status">{state.said}</p>
    </div>
  );
}
