import { faces, type LanderLoader } from '../data.ts';

/**
 * The niche's most recently active members as a feed of posts: `{ posts }` (SocialData in
 * pages/landers/socialnetwork.tsx), each a member's square crop and thumbnail; the status line is
 * the page's own text, picked by the member's id in the component.
 */
const load: LanderLoader = async (ctx) => {
  const list = await faces(ctx, 12);
  const posts = list.flatMap((f) => (f.main_image
    ? [{ id: f.id, name: f.name, age: f.age, city: f.city, online: f.online, photo: f.main_image.match, avatar: f.main_image.thumb_filename }]
    : []));
  return { data: { posts }, hero: posts[0]?.photo ?? null };
};
export default load;
