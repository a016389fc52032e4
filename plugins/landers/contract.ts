// What the landers' two halves share: the landers there are, the data each page is rendered from
// (the same on the server and in the browser: the browser hydrates what the server wrote), and the
// endpoint the swipe deck (lander and widget) asks for more cards.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import { NICHES } from '../../kernel/contract/settings.ts';
import { INTEREST_KEYS, ProfileSummary } from '../members/contract.ts';

/** `/landers/{name}/{slug?}` (spec section 2); `/landers/tinderswipe` is the swipe deck. */
export const LANDER_NAMES = ['tinderswipe', 'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video'] as const;
export type LanderName = (typeof LANDER_NAMES)[number];
/** The profile landers (`/members/{id}/landing`, `landing2`, `landing3`, `signup`): one member, three looks and the signup beside them. */
export const PROFILE_LANDERS = ['landing', 'landing2', 'landing3', 'signup'] as const;
export type ProfileLanderName = (typeof PROFILE_LANDERS)[number];

/**
 * The niche a lander shows: its slug by number (1–7) or name (default, she, bdsm, …), else the
 * domain's. An unknown slug is the domain's niche too: paid traffic never hits a dead end.
 */
export function nicheOfSlug(slug: string | undefined, siteNiche: number): number {
  if (!slug) return siteNiche;
  const n = Number(slug);
  if (Number.isInteger(n) && n >= 1 && n <= NICHES.length) return n;
  const i = (NICHES as readonly string[]).indexOf(slug.toLowerCase());
  return i >= 0 ? i + 1 : siteNiche;
}

export const Face = ProfileSummary;
export type Face = Static<typeof Face>;

/** What every lander page carries (besides its own data): the site, the language, the niche, where the call to action goes. */
export interface LanderFrame {
  lander: LanderName | ProfileLanderName;
  niche: number;
  locale: string;
  site: { name: string; domain: string };
  /** The signup page (works without JavaScript); with it, the signup dialog opens instead. */
  signupPath: string;
  /** Links of the footer: label and path of each page that is on for this site. */
  footer: { label: string; path: string }[];
  /** The lander's texts in this language (namespace `landers`), and the kernel's footer texts. */
  texts: Record<string, unknown>;
}

/** GET /api/lander-cards.php: more faces of a niche for a swipe deck (the tinderswipe lander, the swipe widget). */
export const landerCards = endpoint({
  method: 'GET', path: '/api/lander-cards.php', access: 'visitor',
  query: Type.Object({
    niche: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
    exclude: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  }, { additionalProperties: false }),
  response: Type.Object({ cards: Type.Array(Face) }),
});

/** The interests a visitor may pick on the icons lander (members' interests) and carry into the signup: at most this many. */
export const LANDER_INTERESTS_MAX = 10;
/** How many of a niche's members share each interest, and how many share at least one of them. */
export const InterestCounts = Type.Object({ any: Type.Integer(), each: Type.Record(Type.String(), Type.Integer()) });
export type InterestCounts = Static<typeof InterestCounts>;

/** Interest keys from a comma-separated list: members' keys only, each once, at most LANDER_INTERESTS_MAX. */
export function interestList(csv: string | null | undefined): string[] {
  const known = new Set<string>(INTEREST_KEYS);
  return [...new Set((csv ?? '').split(',').map((k) => k.trim()).filter((k) => known.has(k)))].slice(0, LANDER_INTERESTS_MAX);
}

/** GET /api/lander-interests.php?interests=a,b: how many of the niche's members share the icons lander's picked interests. */
export const landerInterests = endpoint({
  method: 'GET', path: '/api/lander-interests.php', access: 'visitor',
  query: Type.Object({
    interests: Type.String({ maxLength: 600, pattern: '^[a-z_]*(,[a-z_]+)*$' }),
    niche: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  }, { additionalProperties: false }),
  response: InterestCounts,
});

// The data of the geo landers (alonetonight, iconslanding, maplanding) and the profile landers.

/** alonetonight: a member near the visitor, labelled by region (their country elsewhere): no town, no position. */
export interface NearbyFace { id: number; name: string; age: number; image: string | null; online: boolean; place: string }
export interface AloneTonightData {
  country: string;
  countryName: string;
  /** Members of the visitor's country (geo-IP), seen recently first. */
  near: NearbyFace[];
  /** Members of other countries, when the visitor's has too few. */
  elsewhere: NearbyFace[];
  /** Of those shown, how many were seen in the last minutes (the `online` badge). */
  online: number;
}

/** iconslanding: one of members' interests, its icon, its name in the page's language, how many of the niche share it. */
export interface IconInterest { key: string; icon: string; label: string; count: number }
export interface IconsData {
  interests: IconInterest[];
  /** Members of the niche with at least one interest. */
  total: number;
  /** The most interests a visitor may pick (what the signup takes). */
  max: number;
}

/**
 * maplanding: a region on the map: where its centre falls (SVG units), the circle's size, how many
 * members live there, and the radius of the disc around its centre that, with its neighbours', draws the land.
 */
export interface MapRegion { code: string; name: string; x: number; y: number; r: number; count: number; land: number }
export interface MapData {
  country: string;
  countryName: string;
  width: number;
  height: number;
  regions: MapRegion[];
  total: number;
}

/** The profile landers: one member as a visitor may see them (the main photo's crops), name, age, place, interests. */
export interface LanderMember {
  id: number;
  name: string;
  age: number;
  city: string;
  region: string;
  online: boolean;
  /** The main photo's square crop (300 px) and thumbnail. */
  image: string;
  thumb: string;
  interests: { key: string; icon: string; label: string }[];
}
export interface ProfileLanderData {
  member: LanderMember;
  /** Where the signup continues: the conversation with this member (the call to action's data-after). */
  after: string;
}
