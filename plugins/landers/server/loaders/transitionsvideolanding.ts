import { faces, type LanderLoader } from '../data.ts';

/**
 * The niche's six most recently active members, shown one after the other: `{ portraits }`
 * (TransitionsData in pages/landers/transitionsvideolanding.tsx), their square crops (300x300).
 */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 6);
  const portraits = list.flatMap((f) => (f.main_image ? [{ id: f.id, name: f.name, age: f.age, city: f.city, src: f.main_image.match }] : []));
  return { data: { portraits }, hero: portraits[0]?.src ?? null };
};
export default load;
