import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import type { AuthService } from '../auth/server.ts';
import { membersMigrations } from './server/migrations.ts';
import { membersRoutes } from './server/routes.ts';
import { userProfile } from './server/queries.ts';
import { seedMembers } from './server/seed/seed.ts';

export default defineServerPlugin({
  id: 'members',
  feature: 'members',
  requires: ['auth'],
  migrations: membersMigrations,
  init(kernel) {
    kernel.services.get<AuthService>('auth').extendUser(async (userId) => ({
      profile: await userProfile(kernel.db, { storage: kernel.storage, cdnPrefix: '' }, userId),
    }));
  },
  routes: membersRoutes,
  seed: seedMembers,
});
