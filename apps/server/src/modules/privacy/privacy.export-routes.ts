import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportListSchema, dataExportSchema, PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { StorageError } from '../uploads/index.ts';
import type { PrivacyDeps } from './privacy.deps.ts';
import { downloadableExport, exportNotFound, listExports, requestExport } from './privacy.exports.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['privacy'];
const security = [{ bearerAuth: [] }];

/** "Download my data" under /api/auth/me (docs/privacy.md): ask, see its state, download it. */
export const exportRoutes =
  (deps: PrivacyDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/me/export',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          description: 'Asks for a ZIP of all your data; prepared within minutes (one a day).',
          response: { 202: envelope(z.object({ export: dataExportSchema })), ...failures(401, 429) },
        },
      },
      async (request, reply) => {
        const created = await requestExport(deps, request.user!.id);
        return reply.status(202).send(ok({ export: created }, PRIVACY_TEXT.exportRequested));
      },
    );

    app.get(
      '/me/exports',
      {
        onRequest: app.authenticate,
        schema: { tags, security, response: { 200: envelope(dataExportListSchema), ...failures(401) } },
      },
      async (request) => ok(await listExports(deps, request.user!.id)),
    );

    app.get(
      '/me/exports/:id/download',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          description: 'The ZIP, for its owner only, for 7 days after it is ready.',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.any().describe('The ZIP file'), ...failures(401, 404) },
        },
      },
      async (request, reply) => {
        const found = await downloadableExport(deps, request.user!.id, request.params.id);
        const stored = await deps.storage.open(found.storageKey).catch((error: unknown) => {
          if (error instanceof StorageError && error.reason === 'missing') throw exportNotFound();
          throw error;
        });
        const day = (found.readyAt ?? found.createdAt).toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', stored.size)
          .header('content-disposition', `attachment; filename="amana-my-data-${day}.zip"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(stored.body);
      },
    );
  };
