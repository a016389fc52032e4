import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { DB } from '../../../kernel/server/db.ts';
import type { Locale } from '../../../kernel/contract/locales.ts';
import { pickNicheMembers, type MembersService } from '../../members/server.ts';
import type { Face, LanderName } from '../contract.ts';

/** What a lander's data is made from: the site (with the niche the slug chose), the visitor's country and region. */
export interface LanderContext {
  db: DB;
  members: MembersService;
  site: SiteSettings;
  /** The visitor's country (geo-IP, else the site's first), for "near you". */
  country: string;
  /** The slug or profile lander's member id, as given. */
  slug?: string;
  memberId?: number;
  /** The page's language (the page is cached per language): for names the loader looks up (countries, interests). */
  locale?: Locale;
}

/** Faces of the niche as a visitor sees them (main photo crops only), most recently active first. */
export async function faces(ctx: LanderContext, limit: number, opts: { region?: string; seenWithinMinutes?: number; interests?: string[] } = {}): Promise<Face[]> {
  const ids = await pickNicheMembers(ctx.db, ctx.site, { limit, country: ctx.country, ...opts });
  return ctx.members.summaries(null, ids, ctx.site.cdn_prefix);
}

/** Each lander's data, made on the server for the page and handed to the browser with it. */
export type LanderLoader = (ctx: LanderContext) => Promise<{ data: unknown; hero?: string | null; instead?: undefined }
  /** Render this lander in place instead (a profile lander whose member may not be shown: the niche's gallery). */
  | { instead: LanderName; data?: undefined; hero?: undefined }>;
