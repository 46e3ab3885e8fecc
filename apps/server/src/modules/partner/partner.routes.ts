import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HANDOVER_TEXT, handoverCodeBodySchema } from '@escrow/shared/schemas/handover';
import {
  PARTNER_TEXT,
  partnerCreateTransactionSchemaFor,
  partnerListQuerySchema,
  partnerTransactionAnswerSchema,
  partnerTransactionListSchema,
} from '@escrow/shared/schemas/partner';
import {
  TRANSACTION_SUCCESS,
  cancelTransactionSchema,
  deliverMilestoneBodySchemaFor,
  shippingDetailsBodySchemaFor,
} from '@escrow/shared/schemas/transactions';
import { uploadAnswerSchema } from '@escrow/shared/schemas/uploads';
import { envelope, ok } from '../../lib/envelope.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { limitRequests } from '../../lib/rate-limits.ts';
import { enterReleaseCode } from '../handover/index.ts';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import {
  cancelTransaction,
  confirmShipment,
  createPartnerTransaction,
  deliverMilestone,
  listPartnerTransactions,
  partnerRecord,
  partnerSellerRow,
  toPartnerView,
  type StepResult,
} from '../transactions/index.ts';
import { receiveAppUpload, UPLOAD_MULTIPART_LIMITS } from '../uploads/index.ts';
import type { PartnerDeps } from './partner.deps.ts';
import { keyHook, type KeyVerifier } from './partner.key-auth.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const milestoneParams = idParams.extend({ milestoneId: z.string().min(1).max(64) });
const tags = ['partner'];
const security = [{ apiKeyAuth: [] }];
const read = { partnerScope: 'transactions:read' as const };
const write = { partnerScope: 'transactions:write' as const };
const answer = { 200: envelope(partnerTransactionAnswerSchema) };

/**
 * The partner API (docs/partner-api.md) under /api/partner/v1: only an API key opens it (a session
 * token is 401 here, as a key is on every user route). Only the key owner's own partner transactions
 * are found (anything else 404); the seller's steps need the owner to be the seller (403).
 */
export const partnerRoutes =
  (deps: PartnerDeps, verifier: KeyVerifier): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', keyHook(verifier));
    // Counted per key after it is verified (in Redis when configured, so shared by every instance).
    app.addHook(
      'onRequest',
      limitRequests(app, {
        name: 'partner-key',
        max: deps.config.RATE_LIMIT_PARTNER_PER_MINUTE,
        windowSeconds: 60,
        key: (request) => request.apiKey!.id,
      }),
    );
    const idem = idempotency(deps);
    const idempotent = { preHandler: idem.preHandler, onSend: idem.onSend };
    const ownerOf = (request: { user: { id: string } | null }) => request.user!.id;
    const stepAnswer = async (ownerId: string, step: StepResult<unknown>) => ({
      transaction: await toPartnerView(deps, step.record, ownerId),
    });

    app.post(
      '/transactions',
      {
        config: write,
        ...idempotent,
        schema: {
          tags,
          security,
          description:
            'Creates a transaction. Role SELLER: the key owner is the seller and the buyer is invited by e-mail. Role BROKER: the owner brokers between an invited seller and buyer (each their own invitation; ACTIVE once both joined) for a commission (≤ 20% of the price) taken from what the seller receives. Each invitation e-mail is in its invitee’s `language` if given, else the saved language of an account with that e-mail, else English. A second create with the same reference is 409 with the existing id in `details.id`.',
          headers: idempotencyHeaders,
          body: partnerCreateTransactionSchemaFor(deps.clock, deps.config.priceBounds),
          response: { 201: envelope(partnerTransactionAnswerSchema) },
        },
      },
      async (request, reply) => {
        const transaction = await createPartnerTransaction(
          deps,
          ownerOf(request),
          request.apiKey!.id,
          request.body,
        );
        const message = request.body.role === 'BROKER' ? PARTNER_TEXT.createdBrokered : PARTNER_TEXT.created;
        return reply.code(201).send(ok({ transaction }, message));
      },
    );

    app.get(
      '/transactions',
      {
        config: read,
        schema: {
          tags,
          security,
          description: "The owner's partner transactions, newest first, by reference and status if given.",
          querystring: partnerListQuerySchema,
          response: { 200: envelope(partnerTransactionListSchema) },
        },
      },
      async (request) => ok(await listPartnerTransactions(deps, ownerOf(request), request.query)),
    );

    app.get(
      '/transactions/:id',
      { config: read, schema: { tags, security, params: idParams, response: answer } },
      async (request) => {
        const record = await partnerRecord(deps, ownerOf(request), request.params.id);
        return ok({ transaction: await toPartnerView(deps, record, ownerOf(request)) });
      },
    );

    app.post(
      '/transactions/:id/ship',
      {
        config: write,
        ...idempotent,
        schema: {
          tags,
          security,
          description: 'The seller confirms the shipment: the app’s shipment fields, photos uploaded first.',
          headers: idempotencyHeaders,
          params: idParams,
          body: shippingDetailsBodySchemaFor(deps.clock),
          response: answer,
        },
      },
      async (request) => {
        const owner = ownerOf(request);
        await partnerSellerRow(deps, owner, request.params.id);
        const step = await confirmShipment(deps, owner, request.params.id, request.body.shipmentData);
        return ok(await stepAnswer(owner, step), TRANSACTION_SUCCESS.shipmentConfirmed);
      },
    );

    app.post(
      '/transactions/:id/milestones/:milestoneId/deliver',
      {
        config: write,
        ...idempotent,
        schema: {
          tags,
          security,
          description: 'The seller marks a milestone delivered (the app’s delivery fields).',
          headers: idempotencyHeaders,
          params: milestoneParams,
          body: deliverMilestoneBodySchemaFor(deps.clock),
          response: answer,
        },
      },
      async (request) => {
        const owner = ownerOf(request);
        const { id, milestoneId } = request.params;
        await partnerSellerRow(deps, owner, id);
        const step = await deliverMilestone(deps, owner, id, milestoneId, request.body);
        return ok(await stepAnswer(owner, step), msg('Milestone marked as delivered'));
      },
    );

    app.post(
      '/transactions/:id/handover',
      {
        config: write,
        ...idempotent,
        schema: {
          tags,
          security,
          description:
            'The seller enters the buyer’s release code of an in-person trade: the escrow is released.',
          headers: idempotencyHeaders,
          params: idParams,
          body: handoverCodeBodySchema,
          response: answer,
        },
      },
      async (request) => {
        const owner = ownerOf(request);
        await partnerSellerRow(deps, owner, request.params.id);
        const step = await enterReleaseCode(deps, owner, request.params.id, request.body.code);
        return ok(await stepAnswer(owner, step), HANDOVER_TEXT.released);
      },
    );

    app.post(
      '/transactions/:id/cancel',
      {
        config: write,
        ...idempotent,
        schema: {
          tags,
          security,
          description:
            'Cancels the transaction before payment (409 afterwards); a brokered trade’s broker may too.',
          headers: idempotencyHeaders,
          params: idParams,
          body: cancelTransactionSchema.nullish(),
          response: answer,
        },
      },
      async (request) => {
        const owner = ownerOf(request);
        await partnerRecord(deps, owner, request.params.id);
        const step = await cancelTransaction(deps, owner, request.params.id, request.body?.reason, {
          allowBroker: true,
        });
        return ok(await stepAnswer(owner, step), TRANSACTION_SUCCESS.cancelled);
      },
    );

    await app.register(async (uploads) => {
      await uploads.register(multipart, { limits: UPLOAD_MULTIPART_LIMITS });
      uploads.post(
        '/uploads',
        {
          config: write,
          ...idempotent,
          schema: {
            tags,
            security,
            description:
              'A file for a transaction (multipart: purpose, transactionId, then file), with the same checks as the app’s uploads; e.g. shipment_photo before /ship.',
            headers: idempotencyHeaders,
            consumes: ['multipart/form-data'],
            response: { 201: envelope(uploadAnswerSchema) },
          },
        },
        async (request, reply) => {
          const upload = await receiveAppUpload(request, deps);
          return reply.code(201).send(ok({ upload }));
        },
      );
    });
  };
