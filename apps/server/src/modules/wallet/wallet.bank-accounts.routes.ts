import { WALLET_TEXT, addBankAccountBodySchema, bankAccountSchema } from '@escrow/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { idempotency } from '../idempotency/index.ts';
import type { WalletRouteDeps } from './wallet.deps.ts';
import { secondFactorHeader, secondFactorHeaders } from './wallet.headers.ts';
import { addBankAccount, listBankAccounts, removeBankAccount } from './wallet.bank-accounts.ts';

const secured = { tags: ['wallet'], security: [{ bearerAuth: [] }] };

export const bankAccountRoutes =
  (deps: WalletRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const idem = idempotency(deps);

    app.get(
      '/wallet/bank-accounts',
      {
        schema: {
          ...secured,
          response: { 200: envelope(z.object({ bankAccounts: z.array(bankAccountSchema) })) },
        },
        preHandler: app.authenticate,
      },
      async (request) => ok({ bankAccounts: await listBankAccounts(deps, request.user!.id) }),
    );

    app.post(
      '/wallet/bank-accounts',
      {
        schema: {
          ...secured,
          description:
            'The account name is resolved by the payment provider. With two-factor sign-in on, a current code ' +
            'in X-Two-Factor-Code.',
          headers: secondFactorHeaders,
          body: addBankAccountBodySchema,
          response: { 201: envelope(z.object({ bankAccount: bankAccountSchema })) },
        },
        preHandler: [app.authenticate, idem.preHandler, idem.precondition(deps.confirmSecondFactor)],
        onSend: idem.onSend,
      },
      async (request, reply) => {
        const bankAccount = await addBankAccount(deps, request.user!.id, request.body);
        return reply.code(201).send(ok({ bankAccount }, msg('Bank account added')));
      },
    );

    app.delete(
      '/wallet/bank-accounts/:id',
      {
        schema: {
          ...secured,
          description: 'With two-factor sign-in on, a current code in X-Two-Factor-Code.',
          headers: secondFactorHeader,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: envelope(z.null()) },
        },
        preHandler: [app.authenticate, deps.confirmSecondFactor],
      },
      async (request) => {
        await removeBankAccount(deps, request.user!.id, request.params.id);
        return ok(null, WALLET_TEXT.bankAccountRemoved);
      },
    );
  };
