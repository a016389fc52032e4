// Types and vocabularies shared by the members plugin's browser and server halves.

export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red', 'grey', 'bald'] as const;
export const EYE_COLORS = ['brown', 'blue', 'green', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const RELATIONSHIP_STATUSES = [
  'single', 'married', 'divorced', 'widowed', 'living_together', 'unmarried',
] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['relationship', 'friendship', 'casual', 'chat', 'adventure'] as const;
export const REGION_WORDS = ['province', 'state', 'canton', 'county', 'voivodeship', 'region'] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];
export type HairColor = (typeof HAIR_COLORS)[number];
export type EyeColor = (typeof EYE_COLORS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type Tattoos = (typeof TATTOOS)[number];
/** The genders a member looks for, from their own gender and sexuality. */
export function soughtGenders(gender: Gender, sexuality: Sexuality): Gender[] {
  if (sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'hetero') return [gender === 'male' ? 'female' : 'male'];
  return [gender];
}

export type SignupReason = (typeof SIGNUP_REASONS)[number];
export type RegionWord = (typeof REGION_WORDS)[number];

/** The ~50 interest keys of the spec, each with its icon (an emoji: no image requests, works in every locale). */
export const INTERESTS = {
  adventure: '🧭', anal_sex: '🍑', animals: '🐾', art: '🎨', astrology: '🔮', barbecue: '🍖',
  beach: '🏖️', beer: '🍺', biking: '🚴', bondage: '⛓️', coffee: '☕', cooking: '🍳', dancing: '💃',
  exchanging_pictures: '📸', fashion: '👗', foodie: '🍽️', gardening: '🌱', gym: '🏋️', hiking: '🥾',
  hugging: '🤗', kissing: '💋', lingerie: '👙', massages: '💆', masturbating: '🔥', movies: '🎬',
  music: '🎵', one_night_stand: '🌙', oral_sex: '👅', outdoors: '🌲', party: '🎉', photography: '📷',
  politics: '🏛️', public_sex: '🌆', reading: '📚', relationship: '💞', sadomasochism: '🖤',
  safe_sex: '🛡️', sex: '❤️‍🔥', sex_toys: '🎀', shopping: '🛍️', sports: '⚽', sushi: '🍣',
  tattoos: '🖋️', tea: '🍵', theater: '🎭', threesome: '👥', travelling: '✈️', vegetarian: '🥗',
  video_games: '🎮', wine: '🍷',
} as const;
export type InterestKey = keyof typeof INTERESTS;
export const INTEREST_KEYS = Object.keys(INTERESTS) as InterestKey[];

export interface Interest { key: InterestKey; icon: string }

/**
 * One photo as this viewer may see it. URLs are signed and expire; `locked` means the large
 * rendition is a blurred copy (premium shows the photo itself).
 */
export interface ProfileImage {
  id: number;
  filename: string;        // large URL (blurred copy when locked)
  thumb_filename: string;  // thumbnail URL
  status: 'approved' | 'pending';
  match: string;           // square crop URL used in match/like modals
  is_main: boolean;
  locked: boolean;
}

export const PHOTO_LIMITS = {
  free: 3,
  premium: 25,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minSide: 200,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** A member as the search grid and the profile page see it. */
export interface ProfileSummary {
  id: number;
  name: string;
  gender: Gender;
  age: number;
  city: string;
  country: string;          // ISO 3166-1 alpha-2
  region: string;           // region code, see regions.php
  main_image: ProfileImage | null;
  online: boolean;
  /** Has bought credits: shows the premium badge. */
  premium: boolean;
}

export interface Profile extends ProfileSummary {
  sexuality: Sexuality;
  hair_color: HairColor;
  eye_color: EyeColor;
  body_type: BodyType;
  relationship_status: RelationshipStatus;
  tattoos: Tattoos;
  signup_reason: SignupReason;
  interests: InterestKey[];
  about: string;
  images: ProfileImage[];
  /** Photos this viewer cannot open (blurred); the count tells what premium would show. */
  locked_images: number;
  /** The viewer has blocked this member. */
  blocked: boolean;
}

/** The member's own profile for editing: every attribute, the birth date, all photos. */
export interface OwnProfile extends Profile {
  birthdate: string;        // YYYY-MM-DD
  sexuality: Sexuality;
  invisible: boolean;
  photo_limit: number;
}

export type ProfileUpdate = Partial<{
  name: string; gender: Gender; sexuality: Sexuality; birthdate: string; city: string; country: string; region: string;
  hair_color: HairColor | ''; eye_color: EyeColor | ''; body_type: BodyType | ''; relationship_status: RelationshipStatus | '';
  tattoos: Tattoos | ''; signup_reason: SignupReason | ''; interests: InterestKey[]; about: string; invisible: boolean;
}>;

export const ABOUT_MAX = 2000;
export const INTERESTS_MAX = 20;
export const REPORT_REASONS = ['fake', 'photos', 'harassment', 'scam', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export interface MembersQuery {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  page?: number;
  /** Interests to rank by (most shared first). */
  interests?: string;
  /** Relaxed search: same gender and country, outside the exact filter. */
  similar?: boolean;
}

export interface MembersResponse {
  profiles: ProfileSummary[];
  /** Matches, exact up to 1000; with `total_capped` there are more (the page shows "1000+"). */
  total: number;
  total_capped?: boolean;
  page: number;
  per_page: number;
}
export interface MemberResponse { profile: Profile }

export interface Region { code: string; name: string }
export interface CountryRegions { country: string; region_word: RegionWord; regions: Region[] }
export interface RegionsResponse { countries: CountryRegions[] }
export interface InterestsResponse { interests: Interest[] }

export const MIN_AGE = 18;
export const MAX_AGE = 80;
export const PAGE_SIZE = 24;

declare module '../../kernel/contract/events.ts' {
  interface AppEvents {
    /** A member profile was shown (the likes plugin clears that member's new-like flag). */
    'members:profile-opened': { id: number };
  }
}
