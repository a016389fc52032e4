/** @jsxImportSource preact */
import type { JSX } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { SwipeDeck, type DeckCard, type SwipeDeckProps } from '../../plugins/landers/ui.ts';
import type { T } from '../../plugins/landers/ui.ts';

export interface SwipeWidgetProps extends Pick<SwipeDeckProps, 'loadMore' | 'onDecide' | 'onMatch' | 'onSignup'> {
  t: T;
  lang: string;
  /** The niche whose members the deck shows (its headline is the widget's title). */
  niche: number;
  /** A dialog over the page (no target given) or a panel in the page. */
  modal: boolean;
  /** The first cards (may be none: the deck asks for more at once). */
  cards: DeckCard[];
  /** The site's signup page (the call to action's address where JavaScript fails). */
  signupHref: string;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex="0"]';

/**
 * The swipe widget on a partner's page: the tinderswipe lander's deck (plugins/landers/pages/SwipeDeck.tsx)
 * under the niche's headline, as a panel in the page or a dialog over it. Preact, like the landers:
 * the widget's first render carries no React (the signup dialog brings it after the third like).
 */
export function SwipeWidget(props: SwipeWidgetProps) {
  const { t, modal } = props;
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(props.onClose);
  close.current = props.onClose;

  // A dialog takes the focus (the deck itself: the arrow keys work at once), closes on Escape and
  // gives the focus back to the page when it closes.
  useEffect(() => {
    if (!modal) return;
    const previous = document.activeElement as HTMLElement | null;
    (panel.current?.querySelector<HTMLElement>('.lr-deck-stack') ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Escape inside the signup dialog (opened over this one) is the signup's own.
      if (e.key === 'Escape' && (e.target as Element | null)?.localName !== 'flirt-signup') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [modal]);
  const trapTab = (e: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    if (!modal || e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    // Inside a shadow root the document sees only the host element: ask the root what has the focus.
    const active = (e.currentTarget.getRootNode() as Document | ShadowRoot).activeElement;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && active === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && active === last) { e.preventDefault(); first.focus(); }
  };

  const content = (
    <div ref={panel} class="flirt-swipe-panel" tabIndex={-1} onKeyDown={trapTab} aria-labelledby={titleId}
      {...(modal ? { role: 'dialog', 'aria-modal': 'true' } : { role: 'region' })}>
      {modal && <button type="button" class="flirt-close" aria-label={t('tinderswipe.close')} onClick={() => close.current()}>×</button>}
      <h2 id={titleId} class="flirt-swipe-title">{t(`niche.${props.niche}.headline`)}</h2>
      <p class="flirt-swipe-lead">{t('tinderswipe.lead')}</p>
      <SwipeDeck cards={props.cards} t={t} lang={props.lang} signupHref={props.signupHref} headingLevel={3}
        loadMore={props.loadMore} onDecide={props.onDecide} onMatch={props.onMatch} onSignup={props.onSignup} />
    </div>
  );
  if (!modal) return content;
  return (
    <div class="flirt-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) close.current(); }}>
      {content}
    </div>
  );
}
