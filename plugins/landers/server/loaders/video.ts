import { faces, type LanderLoader } from '../data.ts';

/**
 * The video lander: the site's `lander_video` setting (src, poster, type) and a row of the niche's
 * members below it: `{ video, faces }` (VideoData in pages/landers/video.tsx).
 */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 6);
  const { src, poster, type } = ctx.site.lander_video;
  const row = list.flatMap((f) => (f.main_image ? [{ id: f.id, name: f.name, age: f.age, src: f.main_image.thumb_filename }] : []));
  // The poster paints first (and is all that shows under reduced motion or without JavaScript).
  return { data: { video: { src, poster, type }, faces: row }, hero: poster };
};
export default load;
