import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { MemberId, ProfileSummary } from '../members/contract.ts';

/** The spec's daily like allowance of the swipe game. */
export const SWIPE_LIKES_PER_DAY = 4;
export const SWIPE_BATCH = 10;
/** A passed member comes back into the game after this many days. */
export const PASS_DAYS = 30;

export const SwipeAction = Type.Enum(['like', 'pass']);
export type SwipeAction = Static<typeof SwipeAction>;

/** GET /api/swipe.php: the next cards (members with a photo, the member's country first) and today's likes left. */
export const swipeCards = endpoint({
  method: 'GET', path: '/api/swipe.php', access: 'member',
  response: Type.Object({ cards: Type.Array(ProfileSummary), likes_left: Type.Integer(), likes_per_day: Type.Integer() }),
});
export type SwipeResponse = Static<typeof swipeCards.response>;

/** POST /api/swipe.php: likes or passes one card (429 `swipe_limit_reached` past the day's likes). */
export const swipe = endpoint({
  method: 'POST', path: '/api/swipe.php', access: 'member',
  body: Type.Object({ id: MemberId, action: SwipeAction }, { additionalProperties: false }),
  response: Type.Object({ likes_left: Type.Integer(), match: Type.Boolean() }),
});
export type SwipeActionResponse = Static<typeof swipe.response>;
