import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';
import {
  BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, INTEREST_KEYS, OwnProfile, RELATIONSHIP_STATUSES, SEXUALITIES, SIGNUP_REASONS, TATTOOS,
} from '../members/contract.ts';

/** Every answer of the profile calls: the member's whole own profile, as it is now. */
export const OwnProfileResponse = Type.Object({ profile: OwnProfile });
export type OwnProfileResponse = Static<typeof OwnProfileResponse>;

/** A detail a member may leave untold: one of its values, or '' (not told). */
const told = <const T extends readonly string[]>(values: T) => Type.Enum(['', ...values] as const);

/** GET /api/profile.php: the member's own profile for editing. */
export const ownProfile = endpoint({
  method: 'GET', path: '/api/profile.php', access: 'member',
  response: OwnProfileResponse,
});

/**
 * PUT /api/profile.php: saves changed attributes (every one optional, at least one, nothing else
 * accepted; the rules beyond the schema are in server/validate.ts).
 */
export const saveProfile = endpoint({
  method: 'PUT', path: '/api/profile.php', access: 'member',
  body: Type.Object({
    name: Type.Optional(Type.String({ maxLength: 100 })),
    gender: Type.Optional(Type.Enum(GENDERS)),
    sexuality: Type.Optional(Type.Enum(SEXUALITIES)),
    birthdate: Type.Optional(Type.String({ maxLength: 10 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    region: Type.Optional(Type.String({ maxLength: 80 })),
    city: Type.Optional(Type.String({ maxLength: 200 })),
    hair_color: Type.Optional(told(HAIR_COLORS)),
    eye_color: Type.Optional(told(EYE_COLORS)),
    body_type: Type.Optional(told(BODY_TYPES)),
    relationship_status: Type.Optional(told(RELATIONSHIP_STATUSES)),
    tattoos: Type.Optional(told(TATTOOS)),
    signup_reason: Type.Optional(told(SIGNUP_REASONS)),
    interests: Type.Optional(Type.Array(Type.Enum(INTEREST_KEYS), { maxItems: 100 })),
    about: Type.Optional(Type.String({ maxLength: 20000, multiline: true })),
    invisible: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false, minProperties: 1 }),
  response: OwnProfileResponse,
});
export type SaveProfileRequest = Static<typeof saveProfile.body>;

/** POST /api/photos.php: adds a photo; the body is the file itself (JPEG, PNG or WebP). */
export const uploadPhoto = endpoint({
  method: 'POST', path: '/api/photos.php', access: 'member', binaryBody: true,
  response: OwnProfileResponse,
});

const PhotoId = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  main: Type.Optional(Type.Literal(true)),
}, { additionalProperties: false });

/** PUT /api/photos.php: makes a photo the main one. */
export const setMainPhoto = endpoint({
  method: 'PUT', path: '/api/photos.php', access: 'member',
  body: PhotoId,
  response: OwnProfileResponse,
});

/** DELETE /api/photos.php: deletes a photo. */
export const deletePhoto = endpoint({
  method: 'DELETE', path: '/api/photos.php', access: 'member',
  body: PhotoId,
  response: OwnProfileResponse,
});

/** Where the "add a photo" alert stays away (spec section 4). */
export const NO_PHOTO_ALERT_ROUTES = ['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'];
export const PHOTO_ALERT_DISMISS_KEY = 'enrich-alert';
