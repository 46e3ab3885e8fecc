import { and, desc, eq, type SQL } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import {
  providerRefundAnswerSchema,
  providerRefundListQuerySchema,
  providerRefundSchema,
  type ProviderRefund,
} from '@escrow/shared/schemas/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerRefunds, type ProviderRefundRow } from '../../db/schema/payments.ts';
import { userDirectory } from '../../db/schema/published.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import { peopleByIds } from '../auth/index.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import { creditFailedRefundToWallet, retryFailedRefund, type RefundDeps } from './payments.refunds.ts';
import { msg } from '@escrow/shared/i18n/msg';

const PAGE_SIZE = 50;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const idParams = z.object({ id: z.string().min(1).max(64) });

type BuyerNames = { firstName: string | null; lastName: string | null; email: string | null };

function toProviderRefund(refund: ProviderRefundRow, buyer: BuyerNames): ProviderRefund {
  return {
    id: refund.id,
    transactionId: refund.transactionId,
    buyerId: refund.buyerId,
    buyerName: [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || null,
    buyerEmail: buyer.email,
    provider: refund.provider,
    method: refund.method,
    paymentReference: refund.paymentReference,
    providerRefundReference: refund.providerRefundReference,
    amount: toMajor(refund.amount),
    currency: refund.currency,
    status: refund.status,
    attempts: refund.attempts,
    nextAttemptAt: iso(refund.nextAttemptAt),
    lastError: refund.lastError,
    succeededAt: iso(refund.succeededAt),
    failedAt: iso(refund.failedAt),
    createdAt: refund.createdAt.toISOString(),
  };
}

/**
 * Staff only (SUPPORT, ADMIN), under /api/admin: provider refunds, newest first, e.g. `?status=FAILED`
 * for the refunds whose attempts ran out (their money waits in refund clearing for an operator).
 */
export const providerRefundsRoutes =
  (deps: RefundDeps & Pick<PaymentsDeps, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    const answer = async (refund: ProviderRefundRow) => {
      const [buyer] = await peopleByIds(deps.db, [refund.buyerId]);
      return { refund: toProviderRefund(refund, buyer ?? { firstName: null, lastName: null, email: null }) };
    };

    app.get(
      '/refunds',
      {
        schema: {
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          description:
            'Refunds paid back to a card or bank through the provider (PENDING, SUCCEEDED, FAILED), ' +
            `newest first, ${PAGE_SIZE} a page.`,
          querystring: providerRefundListQuerySchema,
          response: {
            200: envelope(z.object({ refunds: z.array(providerRefundSchema), hasMore: z.boolean() })),
          },
        },
        preHandler: app.requireRole('ADMIN', 'SUPPORT'),
      },
      async (request) => {
        const { status, page } = request.query;
        const where: SQL[] = status ? [eq(providerRefunds.status, status)] : [];
        const rows = await deps.db
          .select({
            refund: providerRefunds,
            firstName: userDirectory.firstName,
            lastName: userDirectory.lastName,
            email: userDirectory.email,
          })
          .from(providerRefunds)
          .leftJoin(userDirectory, eq(userDirectory.id, providerRefunds.buyerId))
          .where(and(...where))
          .orderBy(desc(providerRefunds.createdAt), desc(providerRefunds.id))
          .limit(PAGE_SIZE + 1)
          .offset((page - 1) * PAGE_SIZE);
        const refunds = rows
          .slice(0, PAGE_SIZE)
          .map(({ refund, ...buyer }) => toProviderRefund(refund, buyer));
        return ok({ refunds, hasMore: rows.length > PAGE_SIZE });
      },
    );

    app.post(
      '/refunds/:id/retry',
      {
        schema: {
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          description:
            'Sends a FAILED refund to the provider again (PENDING, attempts from zero; looked up at the ' +
            'provider first, so it is never paid twice). 409 unless FAILED. Audited.',
          params: idParams,
          response: { 200: envelope(providerRefundAnswerSchema) },
        },
        preHandler: app.requireRole('ADMIN', 'SUPPORT'),
      },
      async (request) => {
        const staff = { id: request.user!.id, requestId: request.id };
        const refund = await retryFailedRefund(deps, request.params.id, staff);
        return ok(await answer(refund), msg('Refund sent again'));
      },
    );

    app.post(
      '/refunds/:id/credit-wallet',
      {
        schema: {
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          description:
            "Credits a FAILED refund to the buyer's Amana wallet instead (refund clearing → wallet through the " +
            'ledger, exactly once; status CREDITED_TO_WALLET; the buyer is told). 409 unless FAILED. Audited.',
          params: idParams,
          response: { 200: envelope(providerRefundAnswerSchema) },
        },
        preHandler: app.requireRole('ADMIN', 'SUPPORT'),
      },
      async (request) => {
        const staff = { id: request.user!.id, requestId: request.id };
        const refund = await creditFailedRefundToWallet(deps, request.params.id, staff);
        return ok(await answer(refund), msg("Refund credited to the buyer's wallet"));
      },
    );
  };
