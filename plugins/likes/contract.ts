// What both halves of the likes plugin share: its endpoints, sources, tabs and limits.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { ProfileSummary } from '../members/contract.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const LIKE_SOURCES = ['profile', 'search', 'swipe', 'auto', 'match-finder', 'likes'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];
/** The sources a member's like button may name (the swipe game and auto-likes like on the server). */
export const BUTTON_LIKE_SOURCES = ['profile', 'search', 'match-finder', 'likes'] as const satisfies readonly LikeSource[];
export type ButtonLikeSource = (typeof BUTTON_LIKE_SOURCES)[number];
export const LIKE_TABS = ['received', 'sent', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];

export const LikeEntry = Type.Object({
  profile: ProfileSummary,
  /** Received likes: not seen yet (opening the liker's profile clears it). */
  like_new: Type.Boolean(),
  created_at: Type.String(),
});
export type LikeEntry = Static<typeof LikeEntry>;

/** `profiles`: whom I liked; `liked_by`: who liked me, new ones first. */
export const LikesResponse = Type.Object({ profiles: Type.Array(LikeEntry), liked_by: Type.Array(LikeEntry) });
export type LikesResponse = Static<typeof LikesResponse>;
export const LikeResponse = Type.Object({ liked: Type.Boolean(), match: Type.Boolean() });
export type LikeResponse = Static<typeof LikeResponse>;
export const AutoLikeResponse = Type.Object({ profile: Type.Union([ProfileSummary, Type.Null()]) });
export type AutoLikeResponse = Static<typeof AutoLikeResponse>;

/** GET /api/likes.php: the likes I gave and those I received. */
export const listLikes = endpoint({ method: 'GET', path: '/api/likes.php', access: 'member', response: LikesResponse });

/** POST /api/likes.php: likes a member (idempotent); answers whether it is a match. */
export const like = endpoint({
  method: 'POST', path: '/api/likes.php', access: 'member',
  body: Type.Object({ id: Id, source: Type.Optional(Type.Enum(BUTTON_LIKE_SOURCES)) }, { additionalProperties: false }),
  response: LikeResponse,
});

/** DELETE /api/likes.php: takes a like back. */
export const unlike = endpoint({
  method: 'DELETE', path: '/api/likes.php', access: 'member',
  body: Type.Object({ id: Id }, { additionalProperties: false }),
  response: Type.Object({ liked: Type.Literal(false), match: Type.Literal(false) }),
});

/** PUT /api/likes.php: opening a liker's profile, that like is not new anymore. */
export const markSeen = endpoint({
  method: 'PUT', path: '/api/likes.php', access: 'member',
  body: Type.Object({ id: Id, seen: Type.Literal(true) }, { additionalProperties: false }),
  response: Type.Object({ seen: Type.Literal(true) }),
});

/**
 * POST /api/auto-like.php: a demo member who fits what the member looks for likes them (at most a
 * few a day); null when none is left. A POST with the client header: it writes a like.
 */
export const autoLike = endpoint({
  method: 'POST', path: '/api/auto-like.php', access: 'member',
  body: Type.Object({}, { additionalProperties: false }),
  response: AutoLikeResponse,
});

/** Auto-likes a member receives at most per day (demo members greeting newcomers). */
export const AUTO_LIKES_PER_DAY = 3;
/** The spec's delay before likes are reloaded after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500;
