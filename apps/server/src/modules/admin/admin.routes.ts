import { eq } from 'drizzle-orm';
import { VERIFICATION_LEVELS } from '@escrow/shared/schemas/auth';
import { ledgerCheckReportSchema } from '@escrow/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { TokenService } from '../auth/index.ts';
import { checkLedger } from '../ledger/index.ts';

const staff = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** Operator endpoints under /api/admin (staff roles only). */
export const adminRoutes =
  (deps: { db: Db; tokens: Pick<TokenService, 'invalidateUser'> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ledger/check',
      {
        schema: {
          ...staff,
          description:
            'Reconciles the ledger: balanced entries, cached balances, no negative wallets, escrow = holds.',
          response: { 200: envelope(z.object({ report: ledgerCheckReportSchema })) },
        },
        preHandler: app.requireRole('ADMIN', 'SUPPORT'),
      },
      async () => ok({ report: await checkLedger(deps.db) }),
    );

    app.put(
      '/users/:id/verification-level',
      {
        schema: {
          ...staff,
          params: z.object({ id: z.string().min(1).max(64) }),
          body: z.object({ verificationLevel: z.enum(VERIFICATION_LEVELS) }),
          response: {
            200: envelope(
              z.object({
                user: z.object({
                  id: z.string(),
                  email: z.string(),
                  verificationLevel: z.enum(VERIFICATION_LEVELS),
                }),
              }),
            ),
          },
        },
        preHandler: app.requireRole('ADMIN'),
      },
      async (request) => {
        const [user] = await deps.db
          .update(users)
          .set({ verificationLevel: request.body.verificationLevel })
          .where(eq(users.id, request.params.id))
          .returning({ id: users.id, email: users.email, verificationLevel: users.verificationLevel });
        if (!user) throw notFound('User');
        // The level is in every cached session of the user: seen at once here, within seconds elsewhere.
        deps.tokens.invalidateUser(user.id);
        request.log.info(
          { userId: user.id, level: user.verificationLevel, by: request.user!.id },
          'verification level set',
        );
        return ok({ user }, 'Verification level updated');
      },
    );
  };
