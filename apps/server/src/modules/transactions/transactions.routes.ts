import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityListSchema,
  cancelTransactionSchema,
  confirmPaymentSchema,
  createTransactionAnswerSchema,
  createTransactionSchemaFor,
  deliveryDetailsBodySchema,
  inviteAnswerSchema,
  joinTransactionSchema,
  listTransactionsQuerySchema,
  participantListSchema,
  paymentIntentBodySchema,
  paymentIntentSchema,
  receiptChecklistSchema,
  shippingDetailsBodySchemaFor,
  TRANSACTION_SUCCESS,
  transactionAnswerSchema,
  transactionListSchema,
  transactionStatsSchema,
} from '@escrow/shared/schemas/transactions';
import { INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import { extendInspectionSchema } from '@escrow/shared/schemas/disputes';
import { envelope, ok } from '../../lib/envelope.ts';
import { byUser, limitFailures } from '../../lib/rate-limits.ts';
import { extendInspection } from './transactions.inspection.ts';
import { milestoneRoutes } from './transactions.milestone-routes.ts';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import { transactionReceiptPdf } from './transactions.receipt.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import type { StepResult } from './transactions.steps.ts';
import { toTransactionView } from './transactions.view.ts';
import {
  cancelTransaction,
  confirmReceipt,
  confirmShipment,
  provideDeliveryDetails,
} from './transactions.lifecycle.ts';
import { confirmPayment, createTransactionPaymentIntent } from './transactions.payment.ts';
import {
  createTransaction,
  getActivities,
  getInvitation,
  getParticipants,
  getStats,
  getTransactionFor,
  joinTransaction,
  listTransactions,
} from './transactions.service.ts';
import { requestLanguage } from '../../lib/i18n.ts';

// Ids are looked up as text; anything that is not a member's transaction is the same 404.
const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['transactions'];
const security = [{ bearerAuth: [] }];

/** The transactions API, all under /api. */
export const transactionsRoutes =
  (deps: TransactionsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const idem = idempotency(deps);
    await app.register(milestoneRoutes(deps));
    // Codes are random (64+ bits); counting a user's unknown or expired codes (404) stops guessing while
    // a mistyped code now and then costs nothing. Lookup and join share the count.
    const codeProbes = limitFailures(
      app,
      {
        name: 'join-failures',
        max: deps.config.RATE_LIMIT_JOIN_FAILURES_PER_HOUR,
        windowSeconds: 3600,
        key: byUser,
      },
      [404],
    );
    // A step answers with the record it read inside its database transaction: no second read.
    const answer = (userId: string, step: StepResult<unknown>) => ({
      transaction: toTransactionView(step.record, userId),
    });

    app.post(
      '/transactions/create',
      {
        schema: {
          tags,
          security,
          body: createTransactionSchemaFor(deps.clock, deps.config.priceBounds),
          response: { 201: envelope(createTransactionAnswerSchema) },
        },
      },
      async (request, reply) => {
        const result = await createTransaction(deps, request.user!.id, request.body);
        return reply.status(201).send(ok(result, TRANSACTION_SUCCESS.created));
      },
    );

    app.get(
      '/transactions/invite/:code',
      {
        ...codeProbes,
        schema: {
          tags,
          security,
          params: z.object({ code: z.string().min(1).max(64) }),
          response: { 200: envelope(inviteAnswerSchema) },
        },
      },
      async (request) => ok(await getInvitation(deps, request.user!.id, request.params.code)),
    );

    app.post(
      '/transactions/join',
      {
        ...codeProbes,
        schema: {
          tags,
          security,
          body: joinTransactionSchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
      },
      async (request) => {
        const transaction = await joinTransaction(deps, request.user!.id, request.body.inviteCode);
        return ok({ transaction }, TRANSACTION_SUCCESS.joined);
      },
    );

    app.get(
      '/transactions/my-transactions',
      {
        schema: {
          tags,
          security,
          querystring: listTransactionsQuerySchema,
          response: { 200: envelope(transactionListSchema) },
        },
      },
      async (request) => ok(await listTransactions(deps, request.user!.id, request.query)),
    );

    app.get(
      '/transactions/stats',
      { schema: { tags, security, response: { 200: envelope(transactionStatsSchema) } } },
      async (request) => ok(await getStats(deps, request.user!.id)),
    );

    app.get(
      '/transactions/:id',
      { schema: { tags, security, params: idParams, response: { 200: envelope(transactionAnswerSchema) } } },
      async (request) =>
        ok({ transaction: await getTransactionFor(deps, request.user!.id, request.params.id) }),
    );

    app.post(
      '/transactions/:id/cancel',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: cancelTransactionSchema.nullish(),
          response: { 200: envelope(transactionAnswerSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const step = await cancelTransaction(deps, request.user!.id, id, request.body?.reason);
        return ok(answer(request.user!.id, step), TRANSACTION_SUCCESS.cancelled);
      },
    );

    app.post(
      '/transactions/:id/extend-inspection',
      {
        schema: {
          tags,
          security,
          description: 'The buyer extends the inspection period once, by 1 to 7 days.',
          params: idParams,
          body: extendInspectionSchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
      },
      async (request) => {
        const step = await extendInspection(deps, request.user!.id, request.params.id, request.body.days);
        return ok(answer(request.user!.id, step), INSPECTION_TEXT.extended);
      },
    );

    app.put(
      '/transactions/:id/delivery-details',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: deliveryDetailsBodySchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const step = await provideDeliveryDetails(deps, request.user!.id, id, request.body.deliveryDetails);
        return ok(answer(request.user!.id, step), TRANSACTION_SUCCESS.deliverySaved);
      },
    );

    app.post(
      '/transactions/:id/payment-intent',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: paymentIntentBodySchema,
          response: { 200: envelope(z.object({ paymentIntent: paymentIntentSchema })) },
        },
      },
      async (request) => {
        const user = request.user!;
        const paymentIntent = await createTransactionPaymentIntent(
          deps,
          user,
          request.params.id,
          request.body.paymentMethod,
        );
        return ok({ paymentIntent });
      },
    );

    app.put(
      '/transactions/:id/confirm-payment',
      {
        schema: {
          tags,
          security,
          params: idParams,
          headers: idempotencyHeaders,
          body: confirmPaymentSchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
        preHandler: idem.preHandler,
        onSend: idem.onSend,
      },
      async (request) => {
        const { id } = request.params;
        const step = await confirmPayment(deps, request.user!.id, id, request.body);
        return ok(answer(request.user!.id, step), TRANSACTION_SUCCESS.paymentConfirmed);
      },
    );

    app.put(
      '/transactions/:id/shipping-details',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: shippingDetailsBodySchemaFor(deps.clock),
          response: { 200: envelope(transactionAnswerSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const step = await confirmShipment(deps, request.user!.id, id, request.body.shipmentData);
        return ok(answer(request.user!.id, step), TRANSACTION_SUCCESS.shipmentConfirmed);
      },
    );

    app.put(
      '/transactions/:id/confirm-receipt',
      {
        schema: {
          tags,
          security,
          params: idParams,
          headers: idempotencyHeaders,
          body: receiptChecklistSchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
        preHandler: idem.preHandler,
        onSend: idem.onSend,
      },
      async (request) => {
        const { id } = request.params;
        const step = await confirmReceipt(deps, request.user!.id, id);
        return ok(answer(request.user!.id, step), TRANSACTION_SUCCESS.completed);
      },
    );

    app.get(
      '/transactions/:id/activities',
      { schema: { tags, security, params: idParams, response: { 200: envelope(activityListSchema) } } },
      async (request) =>
        ok({
          activities: await getActivities(
            deps,
            request.user!.id,
            request.params.id,
            requestLanguage(request),
          ),
        }),
    );

    app.get(
      '/transactions/:id/receipt',
      {
        schema: {
          tags,
          security,
          params: idParams,
          description: 'The transaction receipt as a PDF (either party; anyone else 404).',
        },
      },
      async (request, reply) => {
        const { filename, bytes } = await transactionReceiptPdf(
          deps,
          request.user!.id,
          request.params.id,
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
      '/transactions/:id/participants',
      { schema: { tags, security, params: idParams, response: { 200: envelope(participantListSchema) } } },
      async (request) =>
        ok({ participants: await getParticipants(deps, request.user!.id, request.params.id) }),
    );
  };
