/**
 * The vendors module: vendor profiles, the directory, saved vendors and the buyer's rating of the seller
 * (docs/vendors.md). Other modules reach it only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { VendorsDeps } from './vendors.deps.ts';
import { ratingsRoutes } from './vendors.ratings.routes.ts';
import { vendorsRoutes } from './vendors.routes.ts';

export type { UserSetQuery, VendorsDeps } from './vendors.deps.ts';
export { searchTextOf } from './vendors.profile.ts';

export const vendorsModule =
  (deps: VendorsDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(vendorsRoutes(deps));
    await app.register(ratingsRoutes(deps));
  };
export { hideClosedVendor } from './vendors.closed-party.ts';
export { vendorDataForExport } from './vendors.export.ts';
