// The landers' pieces others may use: the swipe deck (the swipe widget on partners' pages shows the
// tinderswipe lander's deck) and the landers' small text function. Both are Preact, like the landers.
export { fetchCards, SwipeDeck, toCard, type DeckCard, type SwipeDeckProps } from './pages/SwipeDeck.tsx';
export { translator, type T } from './pages/texts.ts';
