/** @jsxImportSource preact */
import { render } from 'preact';
import { siteSettings } from '../../kernel/contract/api.ts';
import { DEFAULT_LOCALE, toLocale } from '../../kernel/contract/locales.ts';
import { Bus } from '../../kernel/web/bus.ts';
import { colors } from '../../kernel/web/theme.ts';
import { landerCards, nicheOfSlug } from '../../plugins/landers/contract.ts';
import { toCard, type DeckCard } from '../../plugins/landers/ui.ts';
import { translator } from '../../plugins/landers/ui.ts';
import '../../plugins/landers/web/styles/swipedeck.css';
import { TRACKING_KEYS, trackingFrom, type Tracking } from '../../plugins/signup/contract.ts';
import type { MountArgs } from '../loader.ts';
import { createWidgetApi } from '../kernel/api.ts';
import type { WidgetEvents } from '../kernel/context.ts';
import { addWidgetFonts } from '../kernel/fonts.ts';
import { fetchTexts } from '../kernel/i18n.ts';
import { adoptWidgetStyles } from '../kernel/styles.ts';
import { SwipeWidget } from './SwipeWidget.tsx';

/** What the page hears of a like (a DOM CustomEvent `swipe-like` on the widget's element, see README). */
export interface SwipeLikeDetail { widget: 'swipe'; member: number; likes: number; tracking: Tracking }
/** What the page hears when the visitor asks for the signup after the third like (`swipe-signup`, cancelable). */
export interface SwipeSignupDetail { widget: 'swipe'; liked: number[]; tracking: Tracking }

/** The dialog and panel around the deck (the deck brings its own styles, plugins/landers/web/styles/swipedeck.css). */
const SWIPE_CSS = `
.flirt-backdrop {
  position: fixed; inset: 0; z-index: 2147482000; display: flex; align-items: flex-start; justify-content: center;
  padding: 24px 10px; overflow-y: auto; background: rgba(30, 10, 32, 0.6);
}
.flirt-swipe-panel {
  position: relative; width: 100%; max-width: 420px; margin: 0 auto; padding: 20px 16px 16px; text-align: center;
  /* A card dragged or flying off stays inside the panel: the partner's page never scrolls sideways. */
  overflow-x: hidden; overflow-x: clip;
  background: ${colors.white}; border-radius: 12px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
}
.flirt-inline .flirt-swipe-panel { box-shadow: 0 4px 18px rgba(115, 54, 117, 0.12); }
.flirt-swipe-panel:focus { outline: none; }
.flirt-root h2.flirt-swipe-title { margin: 0 24px 6px; font-size: 22px; }
.flirt-root p.flirt-swipe-lead { margin: 0 0 16px; font-size: 15px; color: #5d4a5e; }
.flirt-close {
  position: absolute; top: 8px; right: 10px; padding: 4px 8px; border: 0; background: none;
  font-size: 26px; line-height: 1; cursor: pointer; color: #555;
}
.flirt-root[data-theme='dark'] .flirt-swipe-panel { background: #2a1b2b; color: ${colors.light}; }
.flirt-root[data-theme='dark'] h2.flirt-swipe-title { color: ${colors.primaryOnDark}; }
.flirt-root[data-theme='dark'] p.flirt-swipe-lead, .flirt-root[data-theme='dark'] .flirt-close { color: #e5dbe6; }
.flirt-root[data-theme='dark'] .lr-deck { --lr-deck-muted: #e5dbe6; --lr-deck-dark: ${colors.primaryOnDark}; --lr-deck-surface: #2a1b2b; --lr-deck-pass-ink: #ff7a8c; }
`;

/** A card of the site's answer with its photo's address made absolute (the page is on another origin). */
const onSite = (origin: string) => (face: DeckCard): DeckCard => {
  const card = toCard(face);
  return card.main_image ? { ...card, main_image: { match: new URL(card.main_image.match, origin).href } } : card;
};

/** The signup widget: its chunk is fetched after the third like only (it brings React). */
const signupWidget = () => import(/* webpackChunkName: "widget-signup" */ '../signup/mount.tsx');

/** Starts the swipe widget: its element and shadow root, fonts, styles, texts, settings and first cards. */
export async function mount({ origin, options }: MountArgs) {
  const target = typeof options.target === 'string' ? document.querySelector(options.target) : options.target instanceof Element ? options.target : null;
  if (options.target && !target) throw new Error(`no element ${String(options.target)} to show the swipe widget in`);
  addWidgetFonts();
  const modal = !target;
  const host = document.createElement('flirt-swipe');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptWidgetStyles(shadow, SWIPE_CSS);
  const el = document.createElement('div');
  el.className = modal ? 'flirt-root' : 'flirt-root flirt-inline';
  el.dataset.theme = options.theme === 'dark' ? 'dark' : 'light';
  shadow.appendChild(el);

  const api = createWidgetApi(origin, new Bus<WidgetEvents>());
  // The language: the `lang` option, else the page's <html lang>, else the site's (as the signup widget's).
  const chosen = toLocale(typeof options.lang === 'string' ? options.lang : null) ?? toLocale(document.documentElement.lang);
  // The niche: the `niche` option (1–7 or a name: she, gay, …), else the site's.
  const asked = options.niche === undefined || options.niche === null ? 0 : nicheOfSlug(String(options.niche), 0);
  // Settings, texts and the first cards in parallel.
  const first = api.call(landerCards, { query: { niche: asked || undefined } }).then((r) => r.cards.map(onSite(origin)), () => [] as DeckCard[]);
  const [{ settings }, early] = await Promise.all([api.call(siteSettings), chosen ? fetchTexts('landers', chosen) : Promise.resolve(null)]);
  const locale = chosen ?? toLocale(settings.domain_language) ?? DEFAULT_LOCALE;
  const texts = early ?? await fetchTexts('landers', locale);
  const cards = await first;
  const niche = asked || settings.niche;

  const tracking = trackingFrom(Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])));
  const site = (settings.canonical_url || origin).replace(/\/+$/, '');
  // Without JavaScript on the way (a click before this runs, a failed chunk) the link still leads to the signup, tracking kept.
  const signupHref = `${site}/signup${Object.keys(tracking).length ? `?${new URLSearchParams(TRACKING_KEYS.flatMap((k) => (tracking[k] ? [[k, tracking[k]!]] : [])))}` : ''}`;
  const onComplete = typeof options.onComplete === 'function' ? options.onComplete : undefined;
  const emit = <D,>(type: string, detail: D, cancelable = false) =>
    host.dispatchEvent(new CustomEvent<D>(type, { detail, bubbles: true, composed: true, cancelable }));

  let opening = false;
  const openSignup = async (liked: DeckCard[], after: string | null) => {
    // Cancelable: a page that handles the signup itself calls preventDefault().
    if (opening || !emit<SwipeSignupDetail>('swipe-signup', { widget: 'swipe', liked: liked.map((f) => f.id), tracking }, true)) return;
    opening = true;
    try {
      const { mount: mountSignup } = await signupWidget();
      // The signup widget as a dialog, with the same tracking data; it hands the visitor to the site, logged in.
      // `after`: the hand-off leads to the conversation with a member who "likes you too".
      await mountSignup({ origin, options: { ...tracking, lang: locale, theme: options.theme === 'dark' ? 'dark' : 'light', ...(after ? { after } : {}), ...(onComplete ? { onComplete } : {}) } });
    } catch (err) {
      console.error('flirt: swipe → signup', err);
      window.location.assign(signupHref);
    } finally {
      opening = false;
    }
  };

  (target ?? document.body).appendChild(host);
  el.lang = locale;
  const close = () => {
    render(null, el);
    host.remove();
  };
  render(
    <SwipeWidget
      t={translator(texts)} lang={locale} niche={niche} modal={modal} cards={cards} signupHref={signupHref} onClose={close}
      loadMore={(exclude) => api.call(landerCards, { query: { niche, exclude: exclude.join(',') } }).then((r) => r.cards.map(onSite(origin)))}
      onDecide={(face, decision, liked) => {
        if (decision === 'like') emit<SwipeLikeDetail>('swipe-like', { widget: 'swipe', member: face.id, likes: liked.length, tracking });
      }}
      // The third like: the signup's code starts loading while the visitor looks at the step.
      onMatch={() => { void signupWidget().catch(() => { /* tried again on the click */ }); }}
      onSignup={(liked, e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        void openSignup(liked, e.currentTarget instanceof Element ? e.currentTarget.getAttribute('data-after') : null);
      }}
    />,
    el,
  );
}
