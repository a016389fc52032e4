/** @jsxImportSource preact */
import type { LanderFrame } from '../../contract.ts';
import { Frame, SignupCta } from '../Frame.tsx';
import { fetchCards, SwipeDeck, type DeckCard } from '../SwipeDeck.tsx';
import { translator } from '../texts.ts';

export interface TinderswipeData { cards: DeckCard[] }

/**
 * A swipe deck of the niche's members (pages/SwipeDeck.tsx): drag, arrow keys or buttons; after the
 * third like, "they like you too — sign up to chat" with the signup as the way on. The server renders
 * the first cards and the buttons; the deck asks the site for more as the visitor swipes.
 */
export default function Tinderswipe({ frame, data }: { frame: LanderFrame; data: TinderswipeData }) {
  const t = translator(frame.texts);
  return (
    <Frame frame={frame}>
      <div class="lr-tinderswipe">
        <section class="lr-tinderswipe-intro">
          <h1>{t(`niche.${frame.niche}.headline`)}</h1>
          <p>{t('tinderswipe.lead')}</p>
        </section>
        <div class="lr-tinderswipe-deck">
          <SwipeDeck cards={data.cards} t={t} lang={frame.locale} signupHref={frame.signupPath}
            loadMore={(exclude) => fetchCards('', frame.niche, exclude)} />
        </div>
        <p class="lr-tinderswipe-skip">
          <span>{t('tinderswipe.skip')}</span>
          <SignupCta frame={frame} label={t('cta')} />
        </p>
      </div>
    </Frame>
  );
}
