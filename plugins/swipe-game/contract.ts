import type { ProfileSummary } from '../members/contract.ts';

/** The spec's daily like allowance of the swipe game. */
export const SWIPE_LIKES_PER_DAY = 4;
export const SWIPE_BATCH = 10;
/** A passed member comes back into the game after this many days. */
export const PASS_DAYS = 30;

export interface SwipeResponse { cards: ProfileSummary[]; likes_left: number; likes_per_day: number }
export interface SwipeActionResponse { likes_left: number; match: boolean }
export type SwipeAction = 'like' | 'pass';
