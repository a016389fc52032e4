import { readTexts } from '../../../../kernel/server/text-files.ts';
import { INTEREST_KEYS } from '../../../members/contract.ts';
import { INTERESTS } from '../../../members/server.ts';
import { nicheInterestCounts } from '../../../members/server.ts';
import { LANDER_INTERESTS_MAX, type IconsData } from '../../contract.ts';
import type { LanderContext, LanderLoader } from '../data.ts';

/** Members' names of the interests in the page's language (members' texts, namespace `members`). */
export function interestLabels(ctx: Pick<LanderContext, 'locale'>): Record<string, string> {
  const tree = readTexts(ctx.locale ?? 'en', ['members']).members?.interests;
  return typeof tree === 'object' && tree ? Object.fromEntries(Object.entries(tree).filter(([, v]) => typeof v === 'string')) as Record<string, string> : {};
}

/** Every interest with its icon and how many of the niche's members share it, the most shared first. */
const load: LanderLoader = async (ctx) => {
  const counts = await nicheInterestCounts(ctx.db, ctx.site, INTEREST_KEYS);
  const labels = interestLabels(ctx);
  const interests = INTEREST_KEYS.map((key) => ({ key, icon: INTERESTS[key], label: labels[key] ?? key, count: counts.each[key] ?? 0 }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const data: IconsData = { interests, total: counts.any, max: LANDER_INTERESTS_MAX };
  return { data };
};
export default load;
