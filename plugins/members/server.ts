import Type from 'typebox';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { memberTables, membersMigrations } from './server/migrations.ts';
import { membersRoutes } from './server/routes.ts';
import { userProfile } from './server/queries.ts';
import { seedMembers } from './server/seed/seed.ts';
import { serveDemoPortraits } from './server/seed/portraits.ts';
import { createMembersService } from './server/service.ts';
import { createSearchCache, searchCacheRef } from './server/search-cache.ts';
import { authRef } from '../auth/server.ts';
import { creditsRef } from '../credits/server.ts';
import { membersRef } from './server/service.ts';
import { UserProfile } from './contract.ts';
import membersPlugin from './plugin.ts';
import { createFictional, fictionalRoutes } from './server/fictional.ts';
import { createModeration, membersConsoleRef, moderationMigrations, moderationRoutes } from './server/moderation.ts';
import { profileData } from './server/personal-data.ts';

export type { MemberBasics, MembersService, NewProfile } from './server/service.ts';
export { GEO } from './server/seed/geo.ts';
export { INTERESTS } from './interests.ts';
export { loadOwnProfile, notBlocked } from './server/queries.ts';
export { siteRegionCodes } from './server/regions.ts';
export { acceptPhotoBodies, processUpload } from './server/photos.ts';
export { membersRef } from './server/service.ts';
export { isFictional, isRealMember } from './server/sql.ts';
export { audienceWhere, isListed, nicheInterestCounts, nicheRegionCounts, pickNicheMembers, type NichePick } from './server/audience.ts';
export { pickCandidates, type CandidatePick } from './server/candidates.ts';
export { searchCacheRef, type SearchCache } from './server/search-cache.ts';
// The operator console: what the account plugin's member page reads (moderation.ts).
export { membersConsoleRef, type MembersConsole } from './server/moderation.ts';

export default defineServerPlugin(membersPlugin, {
  deps: { auth: authRef, credits: creditsRef },
  migrations: [...membersMigrations, ...moderationMigrations],
  init(kernel) {
    for (const table of memberTables) kernel.changes.watch(table);
    const members = createMembersService(kernel.db, kernel.storage);
    kernel.services.provide(membersRef, members);
    // Searches come from shared short-lived result lists (search-cache.ts).
    const searchCache = createSearchCache(kernel);
    kernel.services.provide(searchCacheRef, searchCache);
    kernel.metrics.cache('search', () => searchCache.stats);
    // Demo members' pictures are drawn on their first request (then kept on disk), not while seeding.
    serveDemoPortraits(kernel);
    const { auth } = kernel.deps;
    auth.onErase((userId, db) => members.removePhotos(userId, db));
    // A member's copy of their data (GDPR articles 15 and 20) holds the profile and the photos.
    auth.addPersonalData(profileData);
    auth.extendUser(kernel.self, {
      fields: { profile: Type.Union([UserProfile, Type.Null()]) },
      load: async (userId) => ({ profile: await userProfile(kernel.db, { storage: kernel.storage, cdnPrefix: '' }, userId) }),
    });
    // The console's reports and photo review queues (moderation.ts).
    const moderation = createModeration(kernel);
    kernel.services.provide(membersConsoleRef, moderation.service);
    // Fictional profiles, made and edited from the console (fictional.ts).
    const fictional = createFictional(kernel, auth, members);
    return { members, searchCache, moderation, fictional };
  },
  api: async (app, kernel) => {
    await membersRoutes(app, kernel, kernel.state.members, kernel.state.searchCache);
    moderationRoutes(app, kernel, kernel.state.moderation);
    await fictionalRoutes(app, kernel, kernel.state.fictional);
  },
  seed: (kernel, opts) => seedMembers(kernel, opts),
});
