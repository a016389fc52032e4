import type { LanderName, ProfileLanderName } from '../../contract.ts';
import type { LanderLoader } from '../data.ts';
import load_tinderswipe from './tinderswipe.ts';
import load_alonetonight from './alonetonight.ts';
import load_collagelanding from './collagelanding.ts';
import load_gallery from './gallery.ts';
import load_iconslanding from './iconslanding.ts';
import load_maplanding from './maplanding.ts';
import load_socialnetwork from './socialnetwork.ts';
import load_transitionsvideolanding from './transitionsvideolanding.ts';
import load_video from './video.ts';
import load_profile_landing from './profile-landing.ts';
import load_profile_landing2 from './profile-landing2.ts';
import load_profile_landing3 from './profile-landing3.ts';
import load_profile_signup from './profile-signup.ts';

/** Each lander's data loader (one file each, beside its component's name). */
export const LOADERS: Record<LanderName | ProfileLanderName, LanderLoader> = {
  tinderswipe: load_tinderswipe,
  alonetonight: load_alonetonight,
  collagelanding: load_collagelanding,
  gallery: load_gallery,
  iconslanding: load_iconslanding,
  maplanding: load_maplanding,
  socialnetwork: load_socialnetwork,
  transitionsvideolanding: load_transitionsvideolanding,
  video: load_video,
  landing: load_profile_landing,
  landing2: load_profile_landing2,
  landing3: load_profile_landing3,
  signup: load_profile_signup,
};
