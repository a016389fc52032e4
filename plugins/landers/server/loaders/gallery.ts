import { faces, type LanderLoader } from '../data.ts';

/**
 * A grid of the niche's members (24, most recently active first): `{ faces }` (GalleryData in
 * pages/landers/gallery.tsx), each with its square crop (300x300) and nothing the page does not show.
 */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 24);
  const data = {
    faces: list.map((f) => ({ id: f.id, name: f.name, gender: f.gender, age: f.age, city: f.city, online: f.online, src: f.main_image?.match ?? null })),
  };
  return { data, hero: data.faces[0]?.src ?? null };
};
export default load;
