import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_CONDITION_TEXT,
  createPaymentConditionSchema,
  manualReleaseSchema,
  paymentConditionListSchema,
  paymentConditionSchema,
  timeBasedReleaseSchema,
  updatePaymentConditionSchema,
} from '@escrow/shared/schemas/payment-conditions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/schemas/transactions';
import { msg } from '@escrow/shared/i18n/msg';
import { envelope, ok } from '../../lib/envelope.ts';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import type { StepDeps } from '../transactions/index.ts';
import {
  addDeliveryCondition,
  confirmDeliveryCondition,
  listConditions,
  manualRelease,
  setTimeRelease,
} from './payment-conditions.service.ts';

const tags = ['payment-conditions'];
const security = [{ bearerAuth: [] }];
const conditionAnswer = envelope(z.object({ condition: paymentConditionSchema }));

/** Payment conditions (docs/product.md "Releasing the money"); who and when from the transition table. */
export const paymentConditionsRoutes =
  (deps: StepDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const idem = idempotency(deps);

    app.post(
      '/payment-conditions/create',
      { schema: { tags, security, body: createPaymentConditionSchema, response: { 201: conditionAnswer } } },
      async (request, reply) => {
        const { transactionId, conditionValue } = request.body;
        const condition = await addDeliveryCondition(deps, request.user!.id, transactionId, conditionValue);
        return reply.status(201).send(ok({ condition }, PAYMENT_CONDITION_TEXT.deliveryAdded));
      },
    );

    app.put(
      '/payment-conditions/update',
      { schema: { tags, security, body: updatePaymentConditionSchema, response: { 200: conditionAnswer } } },
      async (request) =>
        ok({ condition: await confirmDeliveryCondition(deps, request.user!.id, request.body.conditionId) }),
    );

    app.get(
      '/payment-conditions/transaction/:id',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: envelope(paymentConditionListSchema) },
        },
      },
      async (request) => ok(await listConditions(deps, request.user!.id, request.params.id)),
    );

    app.post(
      '/payment-conditions/time-based',
      { schema: { tags, security, body: timeBasedReleaseSchema, response: { 201: conditionAnswer } } },
      async (request, reply) => {
        const condition = await setTimeRelease(deps, request.user!.id, request.body);
        return reply.status(201).send(ok({ condition }, msg('Time-based release scheduled')));
      },
    );

    app.post(
      '/payment-conditions/manual-release',
      {
        schema: {
          tags,
          security,
          headers: idempotencyHeaders,
          body: manualReleaseSchema,
          response: { 200: envelope(paymentConditionListSchema) },
        },
        preHandler: idem.preHandler,
        onSend: idem.onSend,
      },
      async (request) => {
        const { transactionId, reason } = request.body;
        return ok(
          await manualRelease(deps, request.user!.id, transactionId, reason),
          TRANSACTION_SUCCESS.completed,
        );
      },
    );
  };
