import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myVendorAnswerSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorProfileAnswerSchema,
  vendorProfileFormSchema,
  vendorCardSchema,
  VENDOR_TEXT,
} from '@escrow/shared/schemas/vendors';
import { envelope, ok } from '../../lib/envelope.ts';
import type { VendorsDeps } from './vendors.deps.ts';
import { listSaved, listVendors } from './vendors.directory.ts';
import { getMyProfile, saveMyProfile } from './vendors.profile.ts';
import { getVendorProfile, saveVendor, unsaveVendor } from './vendors.public.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['vendors'];
const security = [{ bearerAuth: [] }];
const savedAnswer = envelope(z.object({ saved: z.boolean() }));

/** Vendors (docs/vendors.md): the caller's profile, the directory, a vendor's page, saved vendors. */
export const vendorsRoutes =
  (deps: VendorsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/vendors/me',
      { schema: { tags, security, response: { 200: envelope(myVendorAnswerSchema) } } },
      async (request) => ok(await getMyProfile(deps, request.user!.id)),
    );

    app.put(
      '/vendors/me',
      {
        schema: {
          tags,
          security,
          body: vendorProfileFormSchema,
          response: { 200: envelope(myVendorAnswerSchema) },
        },
      },
      async (request) =>
        ok(await saveMyProfile(deps, request.user!.id, request.body), VENDOR_TEXT.profileSaved),
    );

    app.get(
      '/vendors',
      {
        schema: {
          tags,
          security,
          querystring: vendorListQuerySchema,
          response: { 200: envelope(vendorListSchema) },
        },
      },
      async (request) => ok(await listVendors(deps, request.user!.id, request.query)),
    );

    app.get(
      '/vendors/saved',
      {
        schema: {
          tags,
          security,
          response: { 200: envelope(z.object({ vendors: z.array(vendorCardSchema) })) },
        },
      },
      async (request) => ok(await listSaved(deps, request.user!.id)),
    );

    app.get(
      '/vendors/:id',
      {
        schema: { tags, security, params: idParams, response: { 200: envelope(vendorProfileAnswerSchema) } },
      },
      async (request) => ok(await getVendorProfile(deps, request.user!.id, request.params.id)),
    );

    app.put(
      '/vendors/:id/save',
      { schema: { tags, security, params: idParams, response: { 200: savedAnswer } } },
      async (request) => ok(await saveVendor(deps, request.user!.id, request.params.id), VENDOR_TEXT.saved),
    );

    app.delete(
      '/vendors/:id/save',
      { schema: { tags, security, params: idParams, response: { 200: savedAnswer } } },
      async (request) =>
        ok(await unsaveVendor(deps, request.user!.id, request.params.id), VENDOR_TEXT.unsaved),
    );
  };
