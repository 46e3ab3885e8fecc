import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import type { RealtimeHub } from '../../lib/realtime.ts';

/** A readiness probe answers within this bound even when the database hangs. */
const DATABASE_PROBE_TIMEOUT_MS = 2000;

const readiness = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  database: z.string(),
  checks: z.object({ database: z.enum(['up', 'down']), redis: z.enum(['up', 'down', 'off']) }),
});

async function databaseUp(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/health`: no I/O, so a load balancer never restarts a process because a dependency is
 * away) and readiness (`/health/ready`, also `/ready`): each dependency's state; 503 when the database
 * is down (nothing works without it), 200 'degraded' when only Redis is (live events then reach this
 * instance's sockets only; every API call still works).
 */
export const healthRoutes =
  (deps: {
    db: Db;
    databaseKind: string;
    realtime: Pick<RealtimeHub, 'redisState'>;
  }): FastifyPluginAsyncZod =>
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

    for (const url of ['/health/ready', '/ready'])
      app.get(
        url,
        {
          schema: {
            tags: ['health'],
            response: {
              200: envelope(readiness),
              503: z.object({
                success: z.literal(false),
                error: z.string(),
                code: z.string(),
                details: readiness,
                requestId: z.string().optional(),
              }),
            },
          },
        },
        async (request, reply) => {
          const database = (await databaseUp(deps.db)) ? 'up' : 'down';
          const redis = deps.realtime.redisState();
          const checks = { database, redis } as const;
          if (database === 'down') {
            const details = { status: 'unavailable' as const, database: deps.databaseKind, checks };
            return reply.status(503).send({
              success: false as const,
              error: 'Database is not reachable',
              code: 'SERVICE_UNAVAILABLE',
              details,
              requestId: request.id,
            });
          }
          const status = redis === 'down' ? ('degraded' as const) : ('ready' as const);
          return ok({ status, database: deps.databaseKind, checks });
        },
      );
  };
