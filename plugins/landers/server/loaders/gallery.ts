import { faces, type LanderLoader } from '../data.ts';

/** A grid of the niche's members (24, most recently active first). */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 24);
  return { data: { faces: list }, hero: list[0]?.main_image?.match ?? null };
};
export default load;
