import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { complaintsMigrations } from './server/migrations.ts';
import { complaintsRoutes } from './server/routes.ts';
import type {} from './server/tables.ts';
import complaintsPlugin from './plugin.ts';
import { complaintsConsoleMigrations, complaintsConsoleRoutes } from './server/console.ts';
import { authRef } from '../auth/server.ts';
import { complaintsData } from './server/personal-data.ts';

/** Complaints: the form's endpoint, the table the operator console will answer from, the acknowledgement mail. */
export default defineServerPlugin(complaintsPlugin, {
  deps: { auth: authRef },
  migrations: [...complaintsMigrations, ...complaintsConsoleMigrations],
  init(kernel) {
    // A member's copy of their data holds the complaints they sent logged in, with the answers.
    kernel.deps.auth.addPersonalData(complaintsData);
  },
  api: (app, kernel) => {
    complaintsRoutes(app, kernel);
    // The operator console: complaints answered by mail (server/console.ts).
    complaintsConsoleRoutes(app, kernel);
  },
});
