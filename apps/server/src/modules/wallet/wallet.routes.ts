import { NIGERIAN_BANKS } from '@escrow/shared/domain/banks';
import { WALLET_CURRENCY } from '@escrow/shared/domain/limits';
import { toMinor } from '@escrow/shared/domain/money';
import {
  WALLET_TEXT,
  bankSchema,
  depositBodySchema,
  depositResultSchema,
  virtualAccountSchema,
  walletHistoryQuerySchema,
  walletHistorySchema,
  walletSchema,
  withdrawBodySchema,
  withdrawalResultSchema,
} from '@escrow/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { loadUser } from '../auth/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import type { WalletRouteDeps } from './wallet.deps.ts';
import { secondFactorHeaders } from './wallet.headers.ts';
import { bankAccountRoutes } from './wallet.bank-accounts.routes.ts';
import { depositToWallet, verifyDeposit } from './wallet.deposits.ts';
import { listWalletHistory } from './wallet.history.ts';
import { walletStatementPdf } from './wallet.statement.ts';
import { walletSummary } from './wallet.summary.ts';
import { getOrCreateVirtualAccount } from './wallet.virtual-account.ts';
import { withdrawFromWallet } from './wallet.withdrawals.ts';

const secured = { tags: ['wallet'], security: [{ bearerAuth: [] }] };

/** The schema has validated the amount; this turns it into kobo exactly. */
function amountInMinor(amount: number): number {
  const minor = toMinor(amount);
  if (minor === null || minor <= 0) throw badRequest(WALLET_TEXT.invalidAmount);
  return minor;
}

/** Wallet API under /api (docs/money.md): amounts in major units at the boundary. */
export const walletRoutes =
  (deps: WalletRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const idem = idempotency(deps);

    app.get(
      '/banks',
      { schema: { tags: ['wallet'], response: { 200: envelope(z.object({ banks: z.array(bankSchema) })) } } },
      async () => ok({ banks: [...NIGERIAN_BANKS] }),
    );

    app.get(
      '/wallet/statement',
      {
        schema: {
          ...secured,
          description: 'The wallet statement of a month (Lagos time) as a PDF; the current month by default.',
          querystring: z.object({
            month: z
              .string()
              .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, msg('Month must be YYYY-MM'))
              .optional(),
          }),
        },
        preHandler: app.authenticate,
      },
      async (request, reply) => {
        const { filename, bytes } = await walletStatementPdf(
          deps,
          request.user!,
          request.query.month,
          requestLanguage(request),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/wallet',
      {
        schema: { ...secured, response: { 200: envelope(z.object({ wallet: walletSchema })) } },
        preHandler: app.authenticate,
      },
      // One round trip: the summary reads the user's verification level itself.
      async (request) => ok({ wallet: await walletSummary(deps, request.user!) }),
    );

    app.get(
      '/wallet/transactions',
      {
        schema: {
          ...secured,
          querystring: walletHistoryQuerySchema,
          response: { 200: envelope(walletHistorySchema) },
        },
        preHandler: app.authenticate,
      },
      async (request) => {
        const { page, limit } = request.query;
        const history = await listWalletHistory(
          deps.db,
          request.user!.id,
          WALLET_CURRENCY,
          page,
          limit,
          requestLanguage(request),
        );
        return ok({ ...history, page, limit });
      },
    );

    app.post(
      '/wallet/deposit',
      {
        schema: {
          ...secured,
          description:
            'Sandbox: credited at once. Paystack: returns authorizationUrl; credited by the webhook.',
          headers: idempotencyHeaders,
          body: depositBodySchema,
          response: { 200: envelope(depositResultSchema) },
        },
        preHandler: [app.authenticate, idem.preHandler],
        onSend: idem.onSend,
      },
      async (request) => {
        const result = await depositToWallet(
          deps,
          await loadUser(deps.db, request.user!.id),
          amountInMinor(request.body.amount),
        );
        return ok(
          result,
          result.deposit.status === 'completed' ? WALLET_TEXT.depositSuccessful : WALLET_TEXT.depositPending,
        );
      },
    );

    app.post(
      '/wallet/deposit/:reference/verify',
      {
        schema: {
          ...secured,
          params: z.object({ reference: z.string().min(1).max(100) }),
          response: { 200: envelope(depositResultSchema) },
        },
        preHandler: app.authenticate,
      },
      async (request) => {
        const result = await verifyDeposit(
          deps,
          await loadUser(deps.db, request.user!.id),
          request.params.reference,
        );
        return ok(result, result.deposit.status === 'completed' ? WALLET_TEXT.depositSuccessful : undefined);
      },
    );

    app.post(
      '/wallet/withdraw',
      {
        schema: {
          ...secured,
          description:
            'The ₦50 fee is charged on top of the amount. Daily limit by verification level. With two-factor ' +
            'sign-in on, a current code in X-Two-Factor-Code (missing: 403 TWO_FACTOR_CODE_REQUIRED; wrong: 400 ' +
            'INVALID_TWO_FACTOR_CODE).',
          headers: secondFactorHeaders,
          body: withdrawBodySchema,
          response: { 200: envelope(withdrawalResultSchema) },
        },
        preHandler: [app.authenticate, idem.preHandler, idem.precondition(deps.confirmSecondFactor)],
        onSend: idem.onSend,
      },
      async (request) => {
        const result = await withdrawFromWallet(deps, await loadUser(deps.db, request.user!.id), {
          amountMinor: amountInMinor(request.body.amount),
          bankAccountId: request.body.bankAccountId,
        });
        const completed = result.withdrawal.status === 'completed';
        return ok(result, completed ? WALLET_TEXT.withdrawalSuccessful : WALLET_TEXT.withdrawalProcessing);
      },
    );

    app.post(
      '/wallet/virtual-account',
      {
        schema: {
          ...secured,
          response: { 200: envelope(z.object({ virtualAccount: virtualAccountSchema })) },
        },
        preHandler: app.authenticate,
      },
      async (request) =>
        ok({
          virtualAccount: await getOrCreateVirtualAccount(deps, await loadUser(deps.db, request.user!.id)),
        }),
    );

    await app.register(bankAccountRoutes(deps));
  };
