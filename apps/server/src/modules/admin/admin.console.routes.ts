import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TEXT,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  adminUserSummarySchema,
  auditLogQuerySchema,
  auditLogSchema,
  resetTwoFactorSchema,
  suspendUserSchema,
  transactionLedgerSchema,
} from '@escrow/shared/schemas/admin';
import { TWO_FACTOR_TEXT } from '@escrow/shared/schemas/two-factor';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { listAudit } from '../audit/index.ts';
import type { StaffResetDeps } from '../two-factor/index.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import { transactionExists } from '../transactions/index.ts';
import { reinstateUser, suspendUser, type AccountDeps } from './admin.suspension.ts';
import { resetUserTwoFactor } from './admin.two-factor.ts';
import { searchUsers, toSummary, userDetail } from './admin.users.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const userAnswer = envelope(z.object({ user: adminUserSummarySchema }));

/** The operator console's calls (docs/operations.md): users, suspension, audit log, ledger view. */
export const adminConsoleRoutes =
  (deps: AccountDeps & StaffResetDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = app.requireRole('ADMIN', 'SUPPORT');
    const admin = app.requireRole('ADMIN');

    app.get(
      '/users',
      {
        schema: {
          tags,
          security,
          querystring: adminUserQuerySchema,
          response: { 200: envelope(adminUserListSchema) },
        },
        onRequest: staff,
      },
      async (request) => ok(await searchUsers(deps.db, request.query)),
    );

    app.get(
      '/users/:id',
      {
        schema: { tags, security, params: idParams, response: { 200: envelope(adminUserDetailSchema) } },
        onRequest: staff,
      },
      async (request) =>
        ok(await userDetail(deps.db, deps.clock, request.params.id, requestLanguage(request))),
    );

    app.post(
      '/users/:id/suspend',
      {
        schema: { tags, security, params: idParams, body: suspendUserSchema, response: { 200: userAnswer } },
        onRequest: admin,
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const user = await suspendUser(deps, staffer, request.params.id, request.body.reason);
        return ok({ user: toSummary(user) }, ADMIN_TEXT.suspendedDone);
      },
    );

    app.post(
      '/users/:id/reinstate',
      { schema: { tags, security, params: idParams, response: { 200: userAnswer } }, onRequest: admin },
      async (request) => {
        const user = await reinstateUser(
          deps,
          { id: request.user!.id, requestId: request.id },
          request.params.id,
        );
        return ok({ user: toSummary(user) }, ADMIN_TEXT.reinstated);
      },
    );

    app.post(
      '/users/:id/two-factor/reset',
      {
        schema: {
          tags,
          security,
          description:
            "Lost phone and recovery codes: removes the user's two-factor sign-in after staff checked their " +
            "identity (ADMIN; not one's own). Audited with the reason; the user is e-mailed. 409 when it is off.",
          params: idParams,
          body: resetTwoFactorSchema,
          response: { 200: userAnswer },
        },
        onRequest: admin,
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const user = await resetUserTwoFactor(deps, staffer, request.params.id, request.body.reason);
        return ok({ user: toSummary(user) }, TWO_FACTOR_TEXT.resetByStaff);
      },
    );

    app.get(
      '/audit-log',
      {
        schema: {
          tags,
          security,
          querystring: auditLogQuerySchema,
          response: { 200: envelope(auditLogSchema) },
        },
        onRequest: staff,
      },
      async (request) => ok(await listAudit(deps.db, request.query)),
    );

    app.get(
      '/transactions/:id/ledger',
      {
        schema: { tags, security, params: idParams, response: { 200: envelope(transactionLedgerSchema) } },
        onRequest: staff,
      },
      async (request) => {
        const id = request.params.id;
        if (!(await transactionExists(deps.db, id)))
          throw new AppError('NOT_FOUND', msg('Transaction Not Found'));
        return ok({ entries: await transactionLedgerEntries(deps.db, id) });
      },
    );
  };
