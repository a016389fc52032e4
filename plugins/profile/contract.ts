import type { OwnProfile } from '../members/contract.ts';

export interface OwnProfileResponse { profile: OwnProfile }

/** Where the "add a photo" alert stays away (spec section 4). */
export const NO_PHOTO_ALERT_ROUTES = ['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'];
export const PHOTO_ALERT_DISMISS_KEY = 'enrich-alert';
