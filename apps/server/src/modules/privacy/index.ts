/**
 * Privacy rights (docs/privacy.md): closing the account and "Download my data", orchestrated
 * here through the functions each owning module exports; the module owns the data_exports table.
 * Other code reaches this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PrivacyRouteDeps } from './privacy.deps.ts';
import { exportRoutes } from './privacy.export-routes.ts';
import { closureRoutes } from './privacy.close-routes.ts';

export type { PrivacyDeps } from './privacy.deps.ts';
export { expireDueExports, prepareDueExports, runDataExportJobs } from './privacy.export-jobs.ts';
export { exportsForStaff } from './privacy.exports.ts';

export const privacyModule =
  (deps: PrivacyRouteDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(closureRoutes(deps));
    await app.register(exportRoutes(deps));
  };
