import { faces, type LanderLoader } from '../data.ts';

/** Cards the page starts with; the deck asks /api/lander-cards.php for more before they run out. */
export const TINDERSWIPE_FIRST_CARDS = 8;

/**
 * The swipe deck's first cards (`TinderswipeData` of pages/landers/tinderswipe.tsx): the niche's
 * members as a visitor sees them, near the visitor first, each with only what a card shows (the
 * deck's `DeckCard`: name, age, city, online, the square crop of the main photo). The first card's
 * photo is the page's largest picture (preloaded).
 */
const load: LanderLoader = async (ctx) => {
  const cards = (await faces(ctx, TINDERSWIPE_FIRST_CARDS)).map((f) => ({
    id: f.id, name: f.name, age: f.age, city: f.city, online: f.online, main_image: f.main_image ? { match: f.main_image.match } : null,
  }));
  return { data: { cards }, hero: cards[0]?.main_image?.match ?? null };
};
export default load;
