import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes =
  (deps: { db: Db; databaseKind: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          response: { 200: envelope(z.object({ status: z.literal('ok'), uptimeSeconds: z.number() })) },
        },
      },
      async () => ok({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          response: { 200: envelope(z.object({ status: z.literal('ready'), database: z.string() })) },
        },
      },
      async () => {
        try {
          await deps.db.execute(sql`select 1`);
        } catch {
          throw new AppError('SERVICE_UNAVAILABLE', 'Database is not reachable');
        }
        return ok({ status: 'ready' as const, database: deps.databaseKind });
      },
    );
  };
