import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { authMigrations } from './server/migrations.ts';
import { createAuthService } from './server/service.ts';
import { authRoutes } from './server/routes.ts';

export type { AuthService, NewAccount } from './server/service.ts';

export default defineServerPlugin({
  id: 'auth',
  migrations: authMigrations,
  init: (kernel) => kernel.services.provide('auth', createAuthService(kernel.db, kernel.sessions)),
  routes: authRoutes,
});
