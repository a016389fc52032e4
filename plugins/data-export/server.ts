import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { authRef } from '../auth/server.ts';
import { dataExportMigrations } from './server/migrations.ts';
import { BUILD_JOB, createExports, EXPIRE_JOB, MAX_BUILD_ATTEMPTS } from './server/exports.ts';
import { exportRoutes } from './server/routes.ts';
import type {} from './server/tables.ts';
import dataExportPlugin from './plugin.ts';

/**
 * A member's copy of their data: asked for on the settings page, put together by a job from every
 * plugin's part (auth's `addPersonalData`), stored through the kernel's storage, mailed as a link
 * to /data-export, downloadable by that member for 24 hours, then deleted.
 */
export default defineServerPlugin(dataExportPlugin, {
  deps: { auth: authRef },
  migrations: dataExportMigrations,
  init(kernel) {
    const { auth } = kernel.deps;
    const exports = createExports(kernel, auth);
    kernel.jobs.handle(BUILD_JOB, (p) => exports.build(Number(p.export)), { maxAttempts: MAX_BUILD_ATTEMPTS });
    kernel.jobs.handle(EXPIRE_JOB, (p) => exports.expire(Number(p.export)));
    // A copy whose expiry job was lost still goes within the hour.
    kernel.jobs.every('data-export:sweep', 3600_000, () => exports.sweep());
    auth.onErase((userId, trx) => exports.forget(userId, trx));
    return { exports };
  },
  api: (app, kernel) => exportRoutes(app, kernel, kernel.state.exports),
});
