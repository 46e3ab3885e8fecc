import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * GET /api/admin/backup (ADMIN): a consistent copy of the embedded database taken while the server runs
 * (PGlite allows one process, so `npm run backup` asks the server). PGlite runs one statement at a time,
 * so the dump sees only committed transactions, never half of one. PostgreSQL has its own tools
 * (docs/operations.md): there the call answers 409.
 */
export const backupRoutes =
  (deps: { dumpDatabase: (() => Promise<Blob>) | null; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/backup',
      {
        schema: {
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          description: 'A gzipped tarball of the embedded database (PGlite data directory).',
          response: { 200: z.any().describe('application/gzip') },
        },
        preHandler: app.requireRole('ADMIN'),
      },
      async (_request, reply) => {
        if (!deps.dumpDatabase)
          throw new AppError(
            'CONFLICT',
            'Online backup is for the embedded database; back PostgreSQL up with pg_basebackup or pg_dump',
          );
        const dump = Buffer.from(await (await deps.dumpDatabase()).arrayBuffer());
        const stamp = deps.clock.now().toISOString().replace(/[:.]/g, '-');
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="amana-backup-${stamp}.tar.gz"`)
          .send(dump);
      },
    );
  };
