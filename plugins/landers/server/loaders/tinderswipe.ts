import { faces, type LanderLoader } from '../data.ts';
import type { TinderswipeData } from '../../web/landers/tinderswipe.tsx';

/** Cards the page starts with; the deck asks /api/lander-cards.php for more before they run out. */
export const TINDERSWIPE_FIRST_CARDS = 8;

/**
 * The swipe deck's first cards: the niche's members as a visitor sees them (main photo crops),
 * near the visitor first. The first card's photo is the page's largest picture (preloaded).
 */
const load: LanderLoader = async (ctx) => {
  const cards = await faces(ctx, TINDERSWIPE_FIRST_CARDS);
  const data: TinderswipeData = { cards };
  return { data, hero: cards[0]?.main_image?.match ?? null };
};
export default load;
