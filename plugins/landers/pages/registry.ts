import type { ComponentType } from 'preact';
import type { LanderFrame, LanderName, ProfileLanderName } from '../contract.ts';

/** A lander's component: the page's frame and its data, rendered alike on the server and in the browser. */
export type LanderComponent<D = unknown> = ComponentType<{ frame: LanderFrame; data: D }>;

/**
 * Each lander's code, loaded by name: one chunk each, so a visitor downloads only the page they
 * landed on. The server imports the same modules (server/render.tsx).
 */
export const LANDER_MODULES: Record<LanderName | ProfileLanderName, () => Promise<{ default: LanderComponent<never> }>> = {
  tinderswipe: () => import(/* webpackChunkName: "lander-tinderswipe" */ './landers/tinderswipe.tsx'),
  alonetonight: () => import(/* webpackChunkName: "lander-alonetonight" */ './landers/alonetonight.tsx'),
  collagelanding: () => import(/* webpackChunkName: "lander-collagelanding" */ './landers/collagelanding.tsx'),
  gallery: () => import(/* webpackChunkName: "lander-gallery" */ './landers/gallery.tsx'),
  iconslanding: () => import(/* webpackChunkName: "lander-iconslanding" */ './landers/iconslanding.tsx'),
  maplanding: () => import(/* webpackChunkName: "lander-maplanding" */ './landers/maplanding.tsx'),
  socialnetwork: () => import(/* webpackChunkName: "lander-socialnetwork" */ './landers/socialnetwork.tsx'),
  transitionsvideolanding: () => import(/* webpackChunkName: "lander-transitionsvideolanding" */ './landers/transitionsvideolanding.tsx'),
  video: () => import(/* webpackChunkName: "lander-video" */ './landers/video.tsx'),
  landing: () => import(/* webpackChunkName: "lander-landing" */ './landers/profile-landing.tsx'),
  landing2: () => import(/* webpackChunkName: "lander-landing2" */ './landers/profile-landing2.tsx'),
  landing3: () => import(/* webpackChunkName: "lander-landing3" */ './landers/profile-landing3.tsx'),
  signup: () => import(/* webpackChunkName: "lander-signup" */ './landers/profile-signup.tsx'),
};
