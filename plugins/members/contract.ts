// Types, vocabularies and endpoints shared by the members plugin's browser and server halves.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';

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

export const Gender = Type.Enum(GENDERS);
export type Gender = Static<typeof Gender>;
export const Sexuality = Type.Enum(SEXUALITIES);
export type Sexuality = Static<typeof Sexuality>;
export const HairColor = Type.Enum(HAIR_COLORS);
export type HairColor = Static<typeof HairColor>;
export const EyeColor = Type.Enum(EYE_COLORS);
export type EyeColor = Static<typeof EyeColor>;
export const BodyType = Type.Enum(BODY_TYPES);
export type BodyType = Static<typeof BodyType>;
export const RelationshipStatus = Type.Enum(RELATIONSHIP_STATUSES);
export type RelationshipStatus = Static<typeof RelationshipStatus>;
export const Tattoos = Type.Enum(TATTOOS);
export type Tattoos = Static<typeof Tattoos>;
/** The genders a member looks for, from their own gender and sexuality. */
export function soughtGenders(gender: Gender, sexuality: Sexuality): Gender[] {
  if (sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'hetero') return [gender === 'male' ? 'female' : 'male'];
  return [gender];
}

export const SignupReason = Type.Enum(SIGNUP_REASONS);
export type SignupReason = Static<typeof SignupReason>;
export const RegionWord = Type.Enum(REGION_WORDS);
export type RegionWord = Static<typeof RegionWord>;

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
export const InterestKey = Type.Enum(INTEREST_KEYS);

export const Interest = Type.Object({ key: InterestKey, icon: Type.String() });
export type Interest = Static<typeof Interest>;

/** A photo's review state. */
export const PhotoStatus = Type.Enum(['approved', 'pending']);
export type PhotoStatus = Static<typeof PhotoStatus>;

/**
 * One photo as this viewer may see it. URLs are signed and expire; `locked` means the large
 * rendition is a blurred copy (premium shows the photo itself).
 */
export const ProfileImage = Type.Object({
  id: Type.Integer(),
  /** Large URL (blurred copy when locked). */
  filename: Type.String(),
  /** Thumbnail URL. */
  thumb_filename: Type.String(),
  status: PhotoStatus,
  /** Square crop URL used in match/like modals. */
  match: Type.String(),
  is_main: Type.Boolean(),
  locked: Type.Boolean(),
});
export type ProfileImage = Static<typeof ProfileImage>;

export const PHOTO_LIMITS = {
  free: 3,
  premium: 25,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minSide: 200,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** A member id in requests (a positive int4). */
export const MemberId = Type.Integer({ minimum: 1, maximum: 2147483647 });

// The property lists (plain objects, so the browser's TypeBox stand-in never reads a schema).
const summaryProperties = {
  id: Type.Integer(),
  name: Type.String(),
  gender: Gender,
  age: Type.Integer(),
  city: Type.String(),
  /** ISO 3166-1 alpha-2. */
  country: Type.String(),
  /** Region code, see regions.php. */
  region: Type.String(),
  main_image: Type.Union([ProfileImage, Type.Null()]),
  online: Type.Boolean(),
  /** Has bought credits: shows the premium badge. */
  premium: Type.Boolean(),
};
/** Details a new member tells later: '' means "not told yet" (members migration 002). */
const NotTold = Type.Literal('');
const profileProperties = {
  ...summaryProperties,
  sexuality: Sexuality,
  hair_color: Type.Union([HairColor, NotTold]),
  eye_color: Type.Union([EyeColor, NotTold]),
  body_type: Type.Union([BodyType, NotTold]),
  relationship_status: Type.Union([RelationshipStatus, NotTold]),
  tattoos: Type.Union([Tattoos, NotTold]),
  signup_reason: Type.Union([SignupReason, NotTold]),
  interests: Type.Array(InterestKey),
  about: Type.String(),
  images: Type.Array(ProfileImage),
  /** Photos this viewer cannot open (blurred); the count tells what premium would show. */
  locked_images: Type.Integer(),
  /** The viewer has blocked this member. */
  blocked: Type.Boolean(),
};

/** A member as the search grid and the profile page see it. */
export const ProfileSummary = Type.Object(summaryProperties);
export type ProfileSummary = Static<typeof ProfileSummary>;

/** A member's profile page: the summary, attributes and photos. */
export const Profile = Type.Object(profileProperties);
export type Profile = Static<typeof Profile>;

/** The member's own profile for editing: every attribute, the birth date, all photos. */
export const OwnProfile = Type.Object({
  ...profileProperties,
  /** YYYY-MM-DD. */
  birthdate: Type.String(),
  invisible: Type.Boolean(),
  photo_limit: Type.Integer(),
});
export type OwnProfile = Static<typeof OwnProfile>;

export type ProfileUpdate = Partial<{
  name: string; gender: Gender; sexuality: Sexuality; birthdate: string; city: string; country: string; region: string;
  hair_color: HairColor | ''; eye_color: EyeColor | ''; body_type: BodyType | ''; relationship_status: RelationshipStatus | '';
  tattoos: Tattoos | ''; signup_reason: SignupReason | ''; interests: InterestKey[]; about: string; invisible: boolean;
}>;

/** The member's main photo in the user object (spec section 3). */
export const UserImage = Type.Object({
  filename: Type.String(),
  thumb_filename: Type.String(),
  status: PhotoStatus,
  match: Type.String(),
});
export type UserImage = Static<typeof UserImage>;

/** The `profile` field of the user object (GET /api/user.php), added by members. */
export const UserProfile = Type.Object({
  name: Type.String(),
  country: Type.String(),
  /** 'disabled' keeps a new member out of search until the email is confirmed. */
  status: Type.Enum(['active', 'disabled']),
  main_image: Type.Union([UserImage, Type.Null()]),
  /** Invisible mode: hidden from search. */
  invisible: Type.Optional(Type.Boolean()),
});
export type UserProfile = Static<typeof UserProfile>;

declare module '../auth/contract.ts' {
  interface UserFields {
    /** Null for an account without a profile (an operator, say). */
    profile: UserProfile | null;
  }
}

export const ABOUT_MAX = 2000;
export const INTERESTS_MAX = 20;
export const REPORT_REASONS = ['fake', 'photos', 'harassment', 'scam', 'underage', 'other'] as const;
export const ReportReason = Type.Enum(REPORT_REASONS);
export type ReportReason = Static<typeof ReportReason>;

export const MIN_AGE = 18;
export const MAX_AGE = 80;
export const PAGE_SIZE = 24;

const Age = Type.Integer({ minimum: MIN_AGE, maximum: MAX_AGE });

/**
 * GET /api/members.php: the member search (visitors too, where the site lets them search). Most
 * recently active first; with `interests` the most shared first.
 */
export const memberSearch = endpoint({
  method: 'GET', path: '/api/members.php', access: 'visitor',
  query: Type.Object({
    gender: Type.Optional(Gender),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    countryregion: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    min_age: Type.Optional(Age),
    max_age: Type.Optional(Age),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    /** Interests to rank by (most shared first), comma-separated. */
    interests: Type.Optional(Type.String({ maxLength: 600, pattern: `^((${INTEREST_KEYS.join('|')}),?)*$` })),
    /** Relaxed search: same gender and country, outside the exact filter. */
    similar: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }),
  response: Type.Object({
    profiles: Type.Array(ProfileSummary),
    /** Matches, exact up to 1000; with `total_capped` there are more (the page shows "1000+"). */
    total: Type.Integer(),
    total_capped: Type.Optional(Type.Boolean()),
    page: Type.Integer(),
    per_page: Type.Integer(),
  }),
});
export type MembersQuery = Static<typeof memberSearch.query>;
export type MembersResponse = Static<typeof memberSearch.response>;

/** GET /api/member.php?id=: one profile as this viewer may see it. */
export const memberProfile = endpoint({
  method: 'GET', path: '/api/member.php', access: 'visitor',
  query: Type.Object({ id: MemberId }),
  response: Type.Object({ profile: Profile }),
});
export type MemberResponse = Static<typeof memberProfile.response>;

/** POST /api/block.php: blocks a member (neither sees nor contacts the other any more). */
export const blockMember = endpoint({
  method: 'POST', path: '/api/block.php', access: 'member',
  body: Type.Object({ id: MemberId }, { additionalProperties: false }),
  response: Type.Object({ blocked: Type.Literal(true) }),
});

/** DELETE /api/block.php: unblocks a member. */
export const unblockMember = endpoint({
  method: 'DELETE', path: '/api/block.php', access: 'member',
  body: Type.Object({ id: MemberId }, { additionalProperties: false }),
  response: Type.Object({ blocked: Type.Literal(false) }),
});

/** GET /api/blocks.php: the members this member blocked, most recent first. */
export const blockedMembers = endpoint({
  method: 'GET', path: '/api/blocks.php', access: 'member',
  response: Type.Object({ blocked: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) }),
});
export type BlockedMembersResponse = Static<typeof blockedMembers.response>;

/** POST /api/report.php: reports a profile to support. */
export const reportMember = endpoint({
  method: 'POST', path: '/api/report.php', access: 'member',
  body: Type.Object({
    id: MemberId,
    reason: ReportReason,
    comment: Type.Optional(Type.String({ maxLength: 1000, multiline: true })),
  }, { additionalProperties: false }),
  response: Type.Object({ reported: Type.Literal(true) }),
});
export type ReportRequest = Static<typeof reportMember.body>;

export const Region = Type.Object({ code: Type.String(), name: Type.String() });
export type Region = Static<typeof Region>;
export const CountryRegions = Type.Object({ country: Type.String(), region_word: RegionWord, regions: Type.Array(Region) });
export type CountryRegions = Static<typeof CountryRegions>;

/** GET /api/regions.php: the regions of the site's countries, with each country's word for them. */
export const regions = endpoint({
  method: 'GET', path: '/api/regions.php', access: 'visitor',
  response: Type.Object({ countries: Type.Array(CountryRegions) }),
});
export type RegionsResponse = Static<typeof regions.response>;

/** GET /api/interests.php: the interest keys with their icons. */
export const interests = endpoint({
  method: 'GET', path: '/api/interests.php', access: 'visitor',
  response: Type.Object({ interests: Type.Array(Interest) }),
});
export type InterestsResponse = Static<typeof interests.response>;

declare module '../../kernel/contract/events.ts' {
  interface AppEvents {
    /** A member profile was shown (the likes plugin clears that member's new-like flag). */
    'members:profile-opened': { id: number };
  }
}

/**
 * Who a niche site shows first (spec section 1: niche variants 1–7): the members its visitors and
 * new members see first, its default search and its landers' faces. An empty audience shows
 * everyone (the visitor's own choice decides). A domain may override its niche's audience
 * (setting `niche_audience`).
 */
export const Audience = Type.Object({
  genders: Type.Optional(Type.Array(Gender, { uniqueItems: true, title: 'Genders shown', description: 'Only members of these genders (none: all).' })),
  seeking: Type.Optional(Type.Array(Gender, { uniqueItems: true, title: 'Looking for', description: 'Only members looking for these genders (by gender and orientation; none: all).' })),
  min_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120, title: 'Youngest age', description: 'Members at least this old.' })),
  max_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120, title: 'Oldest age', description: 'Members at most this old.' })),
  interests_any: Type.Optional(Type.Array(InterestKey, { uniqueItems: true, title: 'Interests', description: 'Members with at least one of these interests (none: any).' })),
  body_types: Type.Optional(Type.Array(BodyType, { uniqueItems: true, title: 'Body types', description: 'Members of these body types (none: all).' })),
}, { additionalProperties: false, title: 'Audience', description: 'Who the site shows first.' });
export type Audience = Static<typeof Audience>;

/** Our defaults per niche (1 default, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay). */
export const NICHE_AUDIENCES: Readonly<Record<number, Audience>> = {
  1: {},
  2: { genders: ['male'], seeking: ['female'] },
  3: { interests_any: ['bondage', 'sadomasochism'] },
  4: { body_types: ['fat'] },
  5: { genders: ['female'], min_age: 60 },
  6: { genders: ['female'], min_age: 35, max_age: 55 },
  7: { genders: ['male'], seeking: ['male'] },
};

/** The audience of a site: its override, else its niche's default, else everyone. */
export const audienceOf = (site: { niche?: number; niche_audience?: Audience | null }): Audience =>
  site.niche_audience ?? NICHE_AUDIENCES[site.niche ?? 1] ?? {};
