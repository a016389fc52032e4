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

/** The ~50 interest keys of the spec; their icons are in interests.ts (only the pages that show them load it). */
export const INTEREST_KEYS = [
  'adventure', 'anal_sex', 'animals', 'art', 'astrology', 'barbecue', 'beach', 'beer', 'biking',
  'bondage', 'coffee', 'cooking', 'dancing', 'exchanging_pictures', 'fashion', 'foodie',
  'gardening', 'gym', 'hiking', 'hugging', 'kissing', 'lingerie', 'massages', 'masturbating',
  'movies', 'music', 'one_night_stand', 'oral_sex', 'outdoors', 'party', 'photography', 'politics',
  'public_sex', 'reading', 'relationship', 'sadomasochism', 'safe_sex', 'sex', 'sex_toys',
  'shopping', 'sports', 'sushi', 'tattoos', 'tea', 'theater', 'threesome', 'travelling',
  'vegetarian', 'video_games', 'wine',
] as const;
export type InterestKey = (typeof INTEREST_KEYS)[number];
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
  /**
   * A fictional profile (run by the site's operators): every page that shows it marks it with the
   * domain's fictional_icon and wording, before the member writes or spends anything.
   */
  fictional: Type.Boolean(),
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

// --- The operator console: moderation (members' reports and the photo review queue) ------------
// Each item is claimed by one operator (the claim lapses after MODERATION_CLAIM_MINUTES), decided
// and so closed; every change is in the console's audit log (plugins/members/server/moderation.ts).

/** An operator's claim on a queue item lapses after this long without a decision. */
export const MODERATION_CLAIM_MINUTES = 15;
export const MODERATION_PAGE_SIZE = 50;
export const QUEUE_STATUSES = ['open', 'claimed', 'closed'] as const;
export const QueueStatus = Type.Enum(QUEUE_STATUSES);
export type QueueStatus = Static<typeof QueueStatus>;
/** What was done about a report (the actions themselves are on the member's page). */
export const REPORT_DECISIONS = ['no_action', 'warned', 'content_removed', 'member_disabled'] as const;
export const ReportDecision = Type.Enum(REPORT_DECISIONS);
export type ReportDecision = Static<typeof ReportDecision>;
/** A reviewed photo stays shown (approved) or is hidden from everyone but its owner. */
export const PHOTO_DECISIONS = ['approved', 'hidden'] as const;
export const PhotoDecision = Type.Enum(PHOTO_DECISIONS);
export type PhotoDecision = Static<typeof PhotoDecision>;

const Iso = Type.String({ format: 'date-time' });
const NullableIso = Type.Union([Iso, Type.Null()]);
export const StaffRef = Type.Object({ id: Type.Integer(), email: Type.String() });
const NullableStaff = Type.Union([StaffRef, Type.Null()]);
const MemberRef = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });
/** Who holds a queue item and until when; `mine`: the operator asking. */
const claimProperties = {
  status: QueueStatus,
  claimed_by: NullableStaff,
  claimed_until: NullableIso,
  mine: Type.Boolean(),
  note: Type.String(),
  decided_by: NullableStaff,
  closed_at: NullableIso,
};

export const ConsoleReport = Type.Object({
  id: Type.Integer(),
  reason: ReportReason,
  comment: Type.String(),
  created_at: Iso,
  reporter: Type.Union([MemberRef, Type.Null()]),
  reported: MemberRef,
  /** Reports against the reported member in all. */
  reports_against: Type.Integer(),
  decision: Type.Union([ReportDecision, Type.Null()]),
  ...claimProperties,
});
export type ConsoleReport = Static<typeof ConsoleReport>;

export const ConsolePhoto = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  member_name: Type.String(),
  /** Staff see the photo itself (never the blurred copy). */
  thumb: Type.String(),
  full: Type.String(),
  /** Shown to others, or hidden by staff. */
  visibility: Type.Enum(['shown', 'hidden']),
  is_main: Type.Boolean(),
  created_at: Iso,
  decision: Type.Union([PhotoDecision, Type.Null()]),
  ...claimProperties,
});
export type ConsolePhoto = Static<typeof ConsolePhoto>;

const QueueQuery = Type.Object({
  /** open: waiting or claimed (the default); claimed: claimed only; closed: decided. */
  status: Type.Optional(QueueStatus),
  member: Type.Optional(MemberId),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
}, { additionalProperties: false });
export type QueueQuery = Static<typeof QueueQuery>;
const ItemId = Type.Object({ id: MemberId }, { additionalProperties: false });
const Note = Type.String({ maxLength: 2000, multiline: true });
const paging = { total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() };

/** GET /api/operator/members/reports: the reports queue, oldest first (closed ones newest first). */
export const consoleReports = endpoint({
  method: 'GET', path: '/api/operator/members/reports', access: 'operator', query: QueueQuery, response: Type.Object({ items: Type.Array(ConsoleReport), ...paging }),
});
/** POST /api/operator/members/reports/claim: takes a report (409 `claimed_by_other`, `closed`). */
export const consoleReportClaim = endpoint({
  method: 'POST', path: '/api/operator/members/reports/claim', access: 'operator', body: ItemId, response: Type.Object({ report: ConsoleReport }),
});
/** POST /api/operator/members/reports/release: gives a claimed report back to the queue. */
export const consoleReportRelease = endpoint({
  method: 'POST', path: '/api/operator/members/reports/release', access: 'operator', body: ItemId, response: Type.Object({ report: ConsoleReport }),
});
/** POST /api/operator/members/reports/decide: decides a report claimed by the caller, which closes it. */
export const consoleReportDecide = endpoint({
  method: 'POST', path: '/api/operator/members/reports/decide', access: 'operator',
  body: Type.Object({ id: MemberId, decision: ReportDecision, note: Type.Optional(Note) }, { additionalProperties: false }),
  response: Type.Object({ report: ConsoleReport }),
});

/** GET /api/operator/members/photos: members' uploaded photos waiting for review, oldest first. */
export const consolePhotos = endpoint({
  method: 'GET', path: '/api/operator/members/photos', access: 'operator', query: QueueQuery, response: Type.Object({ items: Type.Array(ConsolePhoto), ...paging }),
});
export const consolePhotoClaim = endpoint({
  method: 'POST', path: '/api/operator/members/photos/claim', access: 'operator', body: ItemId, response: Type.Object({ photo: ConsolePhoto }),
});
export const consolePhotoRelease = endpoint({
  method: 'POST', path: '/api/operator/members/photos/release', access: 'operator', body: ItemId, response: Type.Object({ photo: ConsolePhoto }),
});
/** POST /api/operator/members/photos/decide: approves or hides a photo claimed by the caller, which closes its review. */
export const consolePhotoDecide = endpoint({
  method: 'POST', path: '/api/operator/members/photos/decide', access: 'operator',
  body: Type.Object({ id: MemberId, decision: PhotoDecision, note: Type.Optional(Note) }, { additionalProperties: false }),
  response: Type.Object({ photo: ConsolePhoto }),
});
/** POST /api/operator/members/photos/hide: hides a photo at once (or shows it again), from a member's page; closes its review. */
export const consolePhotoHide = endpoint({
  method: 'POST', path: '/api/operator/members/photos/hide', access: 'operator',
  body: Type.Object({ id: MemberId, hidden: Type.Boolean(), note: Type.Optional(Note) }, { additionalProperties: false }),
  response: Type.Object({ photo: ConsolePhoto }),
});

/** What staff see of a member's profile on the member's page (account's console). */
export const ConsoleProfile = Type.Object({
  name: Type.String(), gender: Gender, sexuality: Sexuality, age: Type.Integer(), birthdate: Type.String(),
  country: Type.String(), region: Type.String(), city: Type.String(), about: Type.String(),
  interests: Type.Array(Type.String()), status: Type.Enum(['active', 'disabled']), invisible: Type.Boolean(), demo: Type.Boolean(),
  created_at: Iso,
});
export type ConsoleProfile = Static<typeof ConsoleProfile>;

// --- The operator console: fictional profiles (issue 22, part 6) -------------------------------
// Operators make and edit the profiles run by the site's team (profiles.fictional); members always
// see them marked (FictionalMark.tsx). Every change is in the console's audit log
// (plugins/members/server/fictional.ts); the chat plugin's inbox answers their conversations.

const Niche = Type.Integer({ minimum: 1, maximum: 7 });
const fictionalFields = {
  name: Type.String({ minLength: 1, maxLength: 60, title: 'Name', description: 'The name members see.' }),
  gender: Gender,
  sexuality: Sexuality,
  birthdate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: 'Birth date', description: 'YYYY-MM-DD (at least 18 years ago).' }),
  country: Type.String({ pattern: '^[A-Z]{2}$', title: 'Country', description: 'ISO 3166-1 alpha-2.' }),
  region: Type.String({ maxLength: 80, title: 'Region', description: 'Region code (regions.php).' }),
  city: Type.String({ maxLength: 80, title: 'Town' }),
  about: Type.String({ maxLength: ABOUT_MAX, multiline: true, title: 'About', description: 'The text on the profile page.' }),
  interests: Type.Array(InterestKey, { uniqueItems: true, maxItems: INTERESTS_MAX, title: 'Interests' }),
  hair_color: Type.Union([HairColor, NotTold]),
  eye_color: Type.Union([EyeColor, NotTold]),
  body_type: Type.Union([BodyType, NotTold]),
  relationship_status: Type.Union([RelationshipStatus, NotTold]),
  tattoos: Type.Union([Tattoos, NotTold]),
  signup_reason: Type.Union([SignupReason, NotTold]),
  /** The niches (1–7) whose domains show it in search; empty: every niche. */
  niches: Type.Array(Niche, { uniqueItems: true, maxItems: 7, title: 'Niches', description: 'The niches whose domains show it (none: all).' }),
  /** 'disabled': out of sight for members (its conversations stay). */
  status: Type.Enum(['active', 'disabled']),
};

/** A fictional profile as the console shows it. */
export const FictionalProfile = Type.Object({
  id: Type.Integer(),
  ...fictionalFields,
  age: Type.Integer(),
  /** Staff see the photo itself (thumbnail), never a blurred copy. */
  photo: Type.Union([Type.String(), Type.Null()]),
  photos: Type.Integer(),
  created_at: Type.String(),
});
export type FictionalProfile = Static<typeof FictionalProfile>;

export const FictionalInput = Type.Object({
  ...fictionalFields,
  about: Type.Optional(fictionalFields.about),
  interests: Type.Optional(fictionalFields.interests),
  hair_color: Type.Optional(fictionalFields.hair_color),
  eye_color: Type.Optional(fictionalFields.eye_color),
  body_type: Type.Optional(fictionalFields.body_type),
  relationship_status: Type.Optional(fictionalFields.relationship_status),
  tattoos: Type.Optional(fictionalFields.tattoos),
  signup_reason: Type.Optional(fictionalFields.signup_reason),
  niches: Type.Optional(fictionalFields.niches),
  status: Type.Optional(fictionalFields.status),
}, { additionalProperties: false });
export type FictionalInput = Static<typeof FictionalInput>;

/** GET /api/operator/members/fictional: every fictional profile, newest first. */
export const consoleFictionalList = endpoint({
  method: 'GET', path: '/api/operator/members/fictional', access: 'operator',
  response: Type.Object({ profiles: Type.Array(FictionalProfile) }),
});
export type FictionalListResponse = Static<typeof consoleFictionalList.response>;

/** POST /api/operator/members/fictional: a new fictional profile (an account nobody logs in to, and its profile). */
export const consoleFictionalCreate = endpoint({
  method: 'POST', path: '/api/operator/members/fictional', access: 'operator',
  body: FictionalInput,
  response: Type.Object({ profile: FictionalProfile }),
});

/** PUT /api/operator/members/fictional: changes a fictional profile (only the fields given). */
export const consoleFictionalUpdate = endpoint({
  method: 'PUT', path: '/api/operator/members/fictional', access: 'operator',
  body: Type.Object({
    id: MemberId,
    changes: Type.Partial(FictionalInput, { minProperties: 1, additionalProperties: false }),
  }, { additionalProperties: false }),
  response: Type.Object({ profile: FictionalProfile }),
});

/** POST /api/operator/members/fictional/photo?id=: adds a photo to a fictional profile (the picture itself the body; the first becomes the main one). */
export const consoleFictionalPhoto = endpoint({
  method: 'POST', path: '/api/operator/members/fictional/photo', access: 'operator', binaryBody: true,
  query: Type.Object({ id: MemberId }, { additionalProperties: false }),
  response: Type.Object({ profile: FictionalProfile }),
});
