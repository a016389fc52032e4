import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/**
 * Landers for paid traffic (spec section 2): pages the server renders itself in the lander layout
 * (brand bar, footer, disclaimer), light enough to paint at once on a phone, whose call to action
 * opens the signup with the visitor's tracking data.
 */
export const landersPlugin = definePluginDescriptor({
  id: 'landers',
  feature: 'landers',
  requires: ['members'],
  optional: ['signup'],
  settings: {
    lander_video: setting({
      schema: Type.Object({
        src: Type.String({ maxLength: 500, pattern: '^(/|https://)', title: 'Video', description: "The video lander's muted looping video: a path on this site or an https address." }),
        poster: Type.String({ maxLength: 500, pattern: '^(/|https://)', title: 'Poster', description: 'The still shown until the video plays (and instead of it under reduced motion).' }),
        type: Type.Enum(['video/webm', 'video/mp4'], { title: 'Format', description: 'The video file format.' }),
      }, { additionalProperties: false, title: 'Video lander', description: 'The video the video lander plays.' }),
      default: { src: '/lander-media/demo.webm', poster: '/lander-media/demo-poster.jpg', type: 'video/webm' },
      browser: false,
    }),
  },
  routes: {
    'landers-tinderswipe': '/landers/tinderswipe',
    'landers-name-slug': '/landers/:name/:slug?',
    'members-id-landing': '/members/:id/landing',
    'members-id-landing2-slug': '/members/:id/landing2/:slug?',
    'members-id-landing3-slug': '/members/:id/landing3/:slug?',
    'members-id-signup': '/members/:id/signup',
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof landersPlugin.settings> {}
}
declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof landersPlugin> {}
}

export default landersPlugin;
