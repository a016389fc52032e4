/** @jsxImportSource preact */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import type { Face } from '../contract.ts';
import { excludeIds, LIKES_FOR_MATCH, SWIPE_THRESHOLD, SwipeDeck, type SwipeDeckProps } from './SwipeDeck.tsx';
import { translator } from './texts.ts';
import en from '../locales/en.json';

const t = translator(en);
const face = (id: number, name: string, extra: Partial<Face> = {}): Face => ({
  id, name, gender: 'female', age: 20 + id, city: `City ${id}`, country: 'GB', region: 'bristol', online: false, premium: false, fictional: false,
  main_image: { id: id * 10, filename: `/media/${id}-full.jpg`, thumb_filename: `/media/${id}-thumb.jpg`, match: `/media/${id}-match.jpg`, status: 'approved', is_main: true, locked: false },
  ...extra,
});
const CARDS = [face(1, 'Anna'), face(2, 'Bea'), face(3, 'Cleo', { online: true }), face(4, 'Dora'), face(5, 'Eva'), face(6, 'Fay'), face(7, 'Gina')];

let root: HTMLDivElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function mount(props: Partial<SwipeDeckProps> = {}) {
  const all: SwipeDeckProps = { cards: CARDS, t, lang: 'en', signupHref: '/signup', ...props };
  act(() => render(<SwipeDeck {...all} />, root));
  return all;
}
const $ = <E extends Element = HTMLElement>(sel: string) => root.querySelector<E & HTMLElement>(sel);
const top = () => $('.lr-deck-card.is-top')!;
const topName = () => top().querySelector('.lr-deck-name')!.textContent;
const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name)!;
const key = (el: Element, k: string, init: KeyboardEventInit = {}) => act(() => { el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, ...init })); });
const pointer = (el: Element, type: string, clientX: number, clientY = 200) =>
  act(() => { el.dispatchEvent(new PointerEvent(type, { clientX, clientY, pointerId: 7, pointerType: 'touch', bubbles: true })); });
/** A drag of the top card by `dx` pixels, let go there. */
function drag(dx: number) {
  const el = top();
  pointer(el, 'pointerdown', 100);
  pointer(el, 'pointermove', 100 + dx / 2);
  pointer(el, 'pointermove', 100 + dx);
  pointer(el, 'pointerup', 100 + dx);
  return el;
}
const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

describe('SwipeDeck', () => {
  it('shows the top card (photo, name, age, city) with the next one behind it, and named like and pass buttons', () => {
    mount();
    const cards = root.querySelectorAll('.lr-deck-card:not(.lr-deck-ghost)');
    expect(cards).toHaveLength(2);
    expect(topName()).toBe('Anna, 21');
    expect(top().querySelector('.lr-deck-city')!.textContent).toBe('City 1');
    const img = top().querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/1-match.jpg');
    expect(img.getAttribute('alt')).toBe('Photo of Anna');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '300']);
    expect($('.lr-deck-card.is-next')!.getAttribute('aria-hidden')).toBe('true');
    expect(button('Like')).toBeTruthy();
    expect(button('Pass')).toBeTruthy();
    // The deck takes the focus (arrow keys) and says how it works.
    const stack = $('.lr-deck-stack')!;
    expect(stack.tabIndex).toBe(0);
    expect(stack.getAttribute('aria-label')).toBe(en.tinderswipe.deck);
    expect($(`#${CSS.escape(stack.getAttribute('aria-describedby')!)}`)!.textContent).toBe(en.tinderswipe.hint);
  });

  it('renders on the server exactly what the browser renders from the same cards (hydration)', () => {
    const props: SwipeDeckProps = { cards: CARDS, t, lang: 'en', signupHref: '/signup', loadMore: async () => [] };
    const html = renderToString(<SwipeDeck {...props} />);
    act(() => render(<SwipeDeck {...props} />, root));
    // Compared as the browser reads the server's HTML (as e2e/landers-helpers.ts does).
    const served = document.createElement('div');
    served.innerHTML = html;
    expect(root.innerHTML).toBe(served.innerHTML);
    // Without JavaScript the buttons submit to the signup page.
    expect(html).toMatch(/<form class="lr-deck-buttons" action="\/signup" method="get">/);
  });

  it('likes and passes with the buttons, and says so to screen readers', () => {
    const onDecide = vi.fn();
    mount({ onDecide });
    act(() => button('Like').click());
    expect(topName()).toBe('Bea, 22');
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[0], 'like', [CARDS[0]]);
    expect($('[role="status"]')!.textContent).toBe('You liked Anna. Next: Bea, 22, City 2.');
    act(() => button('Pass').click());
    expect(topName()).toBe('Cleo, 23');
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[1], 'pass', [CARDS[0]]);
    expect($('[role="status"]')!.textContent).toBe('You passed on Bea. Next: Cleo, 23, City 3.');
    expect(top().querySelector('.lr-deck-online')!.textContent).toBe(en.tinderswipe.online);
  });

  it('likes with → and passes with ← while the deck has the focus; other keys and modified arrows do nothing', () => {
    const onDecide = vi.fn();
    mount({ onDecide });
    const stack = $('.lr-deck-stack')!;
    stack.focus();
    key(stack, 'ArrowRight');
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[0], 'like', [CARDS[0]]);
    key(stack, 'ArrowLeft');
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[1], 'pass', [CARDS[0]]);
    key(stack, 'ArrowUp');
    key(stack, 'Enter');
    key(stack, 'ArrowRight', { ctrlKey: true });
    key(stack, 'ArrowLeft', { altKey: true });
    expect(onDecide).toHaveBeenCalledTimes(2);
    expect(topName()).toBe('Cleo, 23');
    // The keys work from the buttons too (they are inside the deck).
    key(button('Pass'), 'ArrowLeft');
    expect(topName()).toBe('Dora, 24');
  });

  it(`decides a drag only from ${SWIPE_THRESHOLD} px sideways: shorter drags snap back`, () => {
    const onDecide = vi.fn();
    mount({ onDecide });
    let el = drag(SWIPE_THRESHOLD - 1);
    expect(onDecide).not.toHaveBeenCalled();
    expect(topName()).toBe('Anna, 21');
    expect(el.style.transform).toBe('');
    el = drag(-(SWIPE_THRESHOLD - 1));
    expect(onDecide).not.toHaveBeenCalled();
    drag(SWIPE_THRESHOLD);
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[0], 'like', [CARDS[0]]);
    expect(topName()).toBe('Bea, 22');
    drag(-SWIPE_THRESHOLD - 40);
    expect(onDecide).toHaveBeenLastCalledWith(CARDS[1], 'pass', [CARDS[0]]);
    expect(topName()).toBe('Cleo, 23');
  });

  it('follows the finger while dragging (tilt, the LIKE stamp growing) and lets go on a cancelled pointer', () => {
    mount();
    const el = top();
    pointer(el, 'pointerdown', 100);
    pointer(el, 'pointermove', 100 + SWIPE_THRESHOLD / 2);
    expect(el.classList.contains('is-dragging')).toBe(true);
    expect(el.style.transform).toMatch(/^translate\(45px, 0px\) rotate\(2\.50deg\)$/);
    expect(el.style.getPropertyValue('--lr-deck-like')).toBe('0.5');
    expect(el.style.getPropertyValue('--lr-deck-pass')).toBe('0');
    pointer(el, 'pointermove', 100 + SWIPE_THRESHOLD * 2);
    pointer(el, 'pointercancel', 100 + SWIPE_THRESHOLD * 2);
    expect(el.classList.contains('is-dragging')).toBe(false);
    expect(el.style.transform).toBe('');
    expect(topName()).toBe('Anna, 21');
    // A move of another pointer (a second finger) does not drag.
    pointer(el, 'pointerdown', 100);
    act(() => { el.dispatchEvent(new PointerEvent('pointermove', { clientX: 400, pointerId: 8, bubbles: true })); });
    expect(el.style.transform).toBe('');
  });

  it('flings a decided card off as a copy that goes away, unless the visitor asked for reduced motion', async () => {
    mount();
    act(() => button('Like').click());
    const ghost = $('.lr-deck-ghost')!;
    expect(ghost.classList.contains('is-like')).toBe(true);
    expect(ghost.getAttribute('aria-hidden')).toBe('true');
    expect(ghost.querySelector('.lr-deck-name')!.textContent).toBe('Anna, 21');
    act(() => { ghost.dispatchEvent(new AnimationEvent('animationend', { bubbles: true })); });
    expect($('.lr-deck-ghost')).toBeNull();

    render(null, root);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    mount();
    drag(SWIPE_THRESHOLD + 10);
    expect(topName()).toBe('Bea, 22');
    expect($('.lr-deck-ghost')).toBeNull();
  });

  it(`opens the "they like you too" step after the ${LIKES_FOR_MATCH}rd like: the liked faces and the call to action to the signup`, () => {
    const onMatch = vi.fn();
    const onSignup = vi.fn((_liked: Face[], e: MouseEvent) => e.preventDefault());
    mount({ onMatch, onSignup, signupHref: '/signup?ref=r1' });
    act(() => button('Like').click());
    act(() => button('Pass').click());
    act(() => button('Like').click());
    expect(onMatch).not.toHaveBeenCalled();
    key($('.lr-deck-stack')!, 'ArrowRight');
    const liked = [CARDS[0], CARDS[2], CARDS[3]];
    expect(onMatch).toHaveBeenCalledWith(liked);
    // The deck and its buttons are gone; the step has the focus on its heading.
    expect($('.lr-deck-stack')).toBeNull();
    expect(root.querySelectorAll('button')).toHaveLength(0);
    const heading = $('h2')!;
    expect(heading.textContent).toBe(en.tinderswipe.match.title);
    expect(document.activeElement).toBe(heading);
    expect([...root.querySelectorAll('.lr-deck-faces img')].map((i) => [i.getAttribute('src'), i.getAttribute('alt')])).toEqual([
      ['/media/1-match.jpg', 'Photo of Anna'], ['/media/3-match.jpg', 'Photo of Cleo'], ['/media/4-match.jpg', 'Photo of Dora'],
    ]);
    expect($('.lr-deck-match p')!.textContent).toBe('Anna, Cleo, and Dora liked you back. Sign up free to chat with them.');
    const cta = $<HTMLAnchorElement>('a.lr-deck-cta')!;
    expect(cta.textContent).toBe(en.tinderswipe.match.cta);
    expect(cta.getAttribute('href')).toBe('/signup?ref=r1');
    expect(cta.hasAttribute('data-signup')).toBe(true);
    // After the signup: the conversation with the first of them.
    expect(cta.getAttribute('data-after')).toBe('/members/1/chat');
    act(() => cta.click());
    expect(onSignup).toHaveBeenCalledWith(liked, expect.any(MouseEvent));
    // Nothing more to decide: keys do nothing now.
    key(root.querySelector('.lr-deck')!, 'ArrowRight');
    expect(onMatch).toHaveBeenCalledTimes(1);
  });

  it('uses the level 3 heading in the step where asked (the widget, under its own title)', () => {
    mount({ headingLevel: 3, cards: CARDS.slice(0, 3) });
    for (let i = 0; i < 3; i++) act(() => button('Like').click());
    expect($('h3')!.textContent).toBe(en.tinderswipe.match.title);
    expect($('h2')).toBeNull();
  });

  it('asks for more cards before it runs out, excluding those it has, and ends with a call to action when there are no more', async () => {
    const more = [face(8, 'Hana'), face(1, 'Anna'), face(9, 'Ida')];
    const loadMore = vi.fn().mockResolvedValueOnce(more).mockResolvedValueOnce([]);
    mount({ cards: CARDS.slice(0, 5), loadMore });
    await flush();
    // Five cards, the top one included: more than four left, nothing asked yet.
    expect(loadMore).not.toHaveBeenCalled();
    act(() => button('Pass').click());
    await flush();
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(loadMore.mock.calls[0][0].sort()).toEqual([1, 2, 3, 4, 5]);
    for (const name of ['Bea', 'Cleo', 'Dora', 'Eva']) {
      expect(topName()).toMatch(new RegExp(`^${name}`));
      act(() => button('Pass').click());
      await flush();
    }
    // The new cards follow, the duplicate left out.
    expect(topName()).toBe('Hana, 28');
    expect(loadMore).toHaveBeenCalledTimes(2);
    expect(loadMore.mock.calls[1][0].sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 8, 9]);
    act(() => button('Pass').click());
    act(() => button('Pass').click());
    await flush();
    expect($('.lr-deck-stack')).toBeNull();
    expect($('.lr-deck-end p')!.textContent).toBe(en.tinderswipe.end);
    expect($('.lr-deck-end a.lr-deck-cta')!.getAttribute('href')).toBe('/signup');
    expect($('.lr-deck-end a.lr-deck-cta')!.hasAttribute('data-after')).toBe(false);
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('starts without cards (the widget): loading, then the first cards', async () => {
    let resolve!: (cards: Face[]) => void;
    const loadMore = vi.fn(() => new Promise<Face[]>((r) => { resolve = r; }));
    mount({ cards: [], loadMore });
    expect($('.lr-deck-loading')!.textContent).toBe(en.tinderswipe.loading);
    await flush();
    expect(loadMore).toHaveBeenCalledWith([]);
    await act(async () => { resolve(CARDS.slice(0, 2)); });
    await flush();
    expect(topName()).toBe('Anna, 21');
  });

  it('fetches and decodes the next photos ahead', () => {
    const made: { src: string; decoded: boolean }[] = [];
    vi.stubGlobal('Image', class {
      decoding = '';
      entry = { src: '', decoded: false };
      constructor() { made.push(this.entry); }
      set src(v: string) { this.entry.src = v; }
      decode() { this.entry.decoded = true; return Promise.resolve(); }
    });
    mount();
    expect(made.map((m) => m.src)).toEqual(['/media/2-match.jpg', '/media/3-match.jpg', '/media/4-match.jpg']);
    expect(made.every((m) => m.decoded)).toBe(true);
    act(() => button('Pass').click());
    expect(made.map((m) => m.src).slice(3)).toEqual(['/media/5-match.jpg']);
  });

  it('keeps the exclude list within the endpoint\'s 2000 characters, the latest ids first', () => {
    const many = Array.from({ length: 400 }, (_, i) => face(100000 + i, `M${i}`));
    const ids = excludeIds(many);
    expect(ids.join(',').length).toBeLessThanOrEqual(2000);
    expect(ids[0]).toBe(100399);
    expect(ids.length).toBe(Math.floor(2001 / 7));
  });
});
