import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDocumentListSchema,
  bvnFormSchema,
  documentFormSchema,
  documentQueueQuerySchema,
  documentResultSchema,
  identityDocumentSchema,
  ninFormSchemaFor,
  rejectDocumentSchema,
  VERIFICATION_TEXT,
  verificationResultSchema,
  verificationStatusSchema,
} from '@escrow/shared/schemas/identity';
import { envelope, ok } from '../../lib/envelope.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { listDocuments, reviewDocument, submitDocument } from './identity.documents.ts';
import { verificationStatus } from './identity.status.ts';
import { verifyIdentity } from './identity.verify.ts';

const tags = ['verification'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(64) });
const resultAnswer = envelope(verificationResultSchema);

/** The user's verification calls and staff document review (docs/identity.md). */
export const identityRoutes =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = app.requireRole('SUPPORT', 'ADMIN');

    app.get(
      '/verification/status',
      {
        schema: { tags, security, response: { 200: envelope(verificationStatusSchema) } },
        onRequest: app.authenticate,
      },
      async (request) => ok(await verificationStatus(deps, request.user!.id)),
    );

    app.post(
      '/verification/nin',
      {
        schema: { tags, security, body: ninFormSchemaFor(deps.clock), response: { 200: resultAnswer } },
        onRequest: app.authenticate,
      },
      async (request) => {
        const { result, message } = await verifyIdentity(deps, request.user!.id, 'NIN', request.body);
        return ok(result, message);
      },
    );

    app.post(
      '/verification/bvn',
      {
        schema: { tags, security, body: bvnFormSchema, response: { 200: resultAnswer } },
        onRequest: app.authenticate,
      },
      async (request) => {
        const { result, message } = await verifyIdentity(deps, request.user!.id, 'BVN', request.body);
        return ok(result, message);
      },
    );

    app.post(
      '/verification/document',
      {
        schema: {
          tags,
          security,
          body: documentFormSchema,
          response: { 201: envelope(documentResultSchema) },
        },
        onRequest: app.authenticate,
      },
      async (request, reply) => {
        const document = await submitDocument(deps, request.user!.id, request.body);
        reply.code(201);
        return ok(
          { documentId: document.id, status: document.status, document },
          VERIFICATION_TEXT.documentSubmitted,
        );
      },
    );

    app.get(
      '/admin/documents',
      {
        schema: {
          tags: ['admin'],
          security,
          querystring: documentQueueQuerySchema,
          response: { 200: envelope(adminDocumentListSchema) },
        },
        onRequest: staff,
      },
      async (request) => ok(await listDocuments(deps, request.query)),
    );

    const reviewed = envelope(z.object({ document: identityDocumentSchema }));
    app.post(
      '/admin/documents/:id/approve',
      {
        schema: { tags: ['admin'], security, params: idParams, response: { 200: reviewed } },
        onRequest: staff,
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const document = await reviewDocument(deps, staffer, request.params.id, { approve: true });
        return ok({ document }, VERIFICATION_TEXT.documentApproved);
      },
    );

    app.post(
      '/admin/documents/:id/reject',
      {
        schema: {
          tags: ['admin'],
          security,
          params: idParams,
          body: rejectDocumentSchema,
          response: { 200: reviewed },
        },
        onRequest: staff,
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const document = await reviewDocument(deps, staffer, request.params.id, {
          approve: false,
          reason: request.body.reason,
        });
        return ok({ document }, VERIFICATION_TEXT.documentRejected);
      },
    );
  };
