import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { complaintsMigrations } from './server/migrations.ts';
import { complaintsRoutes } from './server/routes.ts';
import type {} from './server/tables.ts';
import complaintsPlugin from './plugin.ts';
import { complaintsConsoleMigrations, complaintsConsoleRoutes } from './server/console.ts';

/** Complaints: the form's endpoint, the table the operator console will answer from, the acknowledgement mail. */
export default defineServerPlugin(complaintsPlugin, {
  migrations: [...complaintsMigrations, ...complaintsConsoleMigrations],
  api: (app, kernel) => {
    complaintsRoutes(app, kernel);
    // The operator console: complaints answered by mail (server/console.ts).
    complaintsConsoleRoutes(app, kernel);
  },
});
