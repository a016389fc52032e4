import { faces, type LanderLoader } from '../data.ts';

/**
 * Faces of the niche for the collage behind the first signup question, most recently active first:
 * `{ tiles: { id, src }[] }` (CollageData in pages/landers/collagelanding.tsx), the thumbnails
 * (160x200): the collage's tiles are small.
 */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 36);
  const tiles = list.flatMap((f) => (f.main_image ? [{ id: f.id, src: f.main_image.thumb_filename }] : []));
  return { data: { tiles }, hero: tiles[0]?.src ?? null };
};
export default load;
