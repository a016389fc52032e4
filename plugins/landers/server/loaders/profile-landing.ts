import { INTERESTS } from '../../../members/server.ts';
import type { LanderMember, ProfileLanderData } from '../../contract.ts';
import { isListed } from '../../../members/server.ts';
import type { LanderLoader } from '../data.ts';
import { interestLabels } from './iconslanding.ts';
import { regionNames } from './alonetonight.ts';

/** The most interests a profile lander shows. */
const INTERESTS_SHOWN = 8;

/**
 * One member (by id) for the profile landers. A member the visitor may not see (invisible, deleted,
 * not active, without a main photo, unknown) is never shown: the page becomes the niche's gallery.
 */
export const loadProfileLander: LanderLoader = async (ctx) => {
  const id = ctx.memberId;
  if (id == null || !(await isListed(ctx.db, id))) return { instead: 'gallery' };
  const [summary] = await ctx.members.summaries(null, [id], ctx.site.cdn_prefix);
  const profile = await ctx.members.profile(null, id, ctx.site.cdn_prefix);
  if (!summary?.main_image || !profile) return { instead: 'gallery' };
  const labels = interestLabels(ctx);
  const member: LanderMember = {
    id, name: summary.name, age: summary.age, city: summary.city, online: summary.online,
    region: regionNames(summary.country).get(summary.region) ?? '',
    image: summary.main_image.match, thumb: summary.main_image.thumb_filename,
    interests: profile.interests.slice(0, INTERESTS_SHOWN).map((key) => ({ key, icon: INTERESTS[key], label: labels[key] ?? key })),
  };
  const data: ProfileLanderData = { member, after: `/members/${id}/chat` };
  return { data, hero: member.image };
};

export default loadProfileLander;
