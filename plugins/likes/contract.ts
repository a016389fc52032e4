import type { ProfileSummary } from '../members/contract.ts';

export interface LikeEntry {
  profile: ProfileSummary;
  /** Received likes: not seen yet (opening the liker's profile clears it). */
  like_new: boolean;
  created_at: string;
}

/** `profiles`: whom I liked; `liked_by`: who liked me, new ones first. */
export interface LikesResponse { profiles: LikeEntry[]; liked_by: LikeEntry[] }
export interface LikeResponse { liked: boolean; match: boolean }
export interface AutoLikeResponse { profile: ProfileSummary | null }

export const LIKE_SOURCES = ['profile', 'search', 'swipe', 'auto', 'match-finder', 'likes'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];
export const LIKE_TABS = ['received', 'sent', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];

/** Auto-likes a member receives at most per day (demo members greeting newcomers). */
export const AUTO_LIKES_PER_DAY = 3;
/** The spec's delay before likes are reloaded after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500;
