import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { complaintsMigrations } from './server/migrations.ts';
import { complaintsRoutes } from './server/routes.ts';
import type {} from './server/tables.ts';
import complaintsPlugin from './plugin.ts';

/** Complaints: the form's endpoint, the table the operator console will answer from, the acknowledgement mail. */
export default defineServerPlugin(complaintsPlugin, {
  migrations: complaintsMigrations,
  api: (app, kernel) => complaintsRoutes(app, kernel),
});
