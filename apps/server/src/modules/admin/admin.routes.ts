import { VERIFICATION_LEVELS } from '@escrow/shared/schemas/auth';
import { ledgerCheckReportSchema } from '@escrow/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { checkLedger } from '../ledger/index.ts';
import type { StaffResetDeps } from '../two-factor/index.ts';
import { adminConsoleRoutes } from './admin.console.routes.ts';
import { setVerificationLevel, type AccountDeps } from './admin.suspension.ts';

const staff = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** Operator endpoints under /api/admin (staff roles only). */
export const adminRoutes =
  (deps: AccountDeps & StaffResetDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(adminConsoleRoutes(deps));
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
        const row = await setVerificationLevel(
          deps,
          { id: request.user!.id, requestId: request.id },
          request.params.id,
          request.body.verificationLevel,
        );
        const user = { id: row.id, email: row.email, verificationLevel: row.verificationLevel };
        return ok({ user }, msg('Verification level updated'));
      },
    );
  };
