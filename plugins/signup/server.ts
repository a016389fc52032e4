import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { signupMigrations } from './server/migrations.ts';
import { signupRoutes } from './server/routes.ts';
import { signupTestRoutes } from './server/test-routes.ts';
import { accountRef } from '../account/server.ts';
import { authRef } from '../auth/server.ts';
import { creditsRef } from '../credits/server.ts';
import { membersRef } from '../members/server.ts';
import { signupData } from './server/personal-data.ts';
import signupPlugin from './plugin.ts';

/** Each seeded region's approximate centre (lat, lon), keyed "<COUNTRY>/<region>": the landers' map draws regions from it. */
export { REGION_CENTROIDS } from './server/centroids.ts';

/** Becoming a member: the signup steps, tracking data, and the location lookup for step 2. */
export default defineServerPlugin(signupPlugin, {
  deps: { auth: authRef, credits: creditsRef, members: membersRef, account: accountRef },
  migrations: signupMigrations,
  // A member's copy of their data holds the site and the partner link's codes of their signup.
  init: (kernel) => kernel.deps.auth.addPersonalData(signupData),
  api: (app, kernel) => signupRoutes(app, kernel, kernel.deps),
  testRoutes: (app, kernel) => signupTestRoutes(app, kernel, kernel.deps.auth),
});
