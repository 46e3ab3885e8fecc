import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import {
  addEvidenceSchema,
  adminDisputeListSchema,
  adminDisputeQuerySchema,
  createDisputeAnswerSchema,
  createDisputeSchema,
  disputableTransactionsSchema,
  disputeAnswerSchema,
  disputeListQuerySchema,
  disputeListSchema,
  disputeMessageBodySchema,
  disputeMetaSchema,
  escalateDisputeSchema,
  proposeResolutionSchema,
  rejectResolutionSchema,
} from '@escrow/shared/schemas/disputes';
import type { FastifyRequest } from 'fastify';
import { staffChatSchema } from '@escrow/shared/schemas/messages';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { staffTwoFactorMet } from '../../lib/staff-two-factor.ts';
import { chatForStaff } from '../messages/index.ts';
import { findDispute } from './disputes.repository.ts';
import { limitRequests, messagesRule } from '../../lib/rate-limits.ts';
import type { DisputeActor, DisputesDeps } from './disputes.deps.ts';
import {
  disputableTransactions,
  disputeMeta,
  disputeQueue,
  getDispute,
  listMyDisputes,
} from './disputes.queries.ts';
import { answerProposal, proposeResolution } from './disputes.resolutions.ts';
import { addEvidence, addMessage, escalateDispute, raiseDispute, takeDispute } from './disputes.service.ts';

// Ids are looked up as text; anything the caller may not see is the same 404.
const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['disputes'];
const security = [{ bearerAuth: [] }];

/** Disputes under /api (docs/disputes.md): proposals, escalation, staff calls. */
export const disputesRoutes =
  (deps: DisputesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const actorOf = (request: FastifyRequest): DisputeActor => ({
      id: request.user!.id,
      role: request.user!.role,
      requestId: request.id,
      // Staff who are not a party act on a dispute only with the staff second factor (disputes.deps.ts).
      staffTwoFactorMet: staffTwoFactorMet(request.user!, deps.config.staffTwoFactor),
    });
    // Parties and staff alike read the dispute (its SYSTEM lines) in their own language.
    const disputeFor = (request: FastifyRequest, id: string) =>
      getDispute(deps, actorOf(request), id, requestLanguage(request));
    const answer = async (request: FastifyRequest, id: string, message?: string) =>
      ok({ dispute: await disputeFor(request, id) }, message);

    app.get(
      '/disputes/meta/types',
      {
        schema: {
          tags,
          description: 'Dispute types and priorities (no token needed).',
          response: { 200: envelope(disputeMetaSchema) },
        },
      },
      async () => ok(disputeMeta()),
    );

    await app.register(async (scope) => {
      const authed = scope.withTypeProvider<ZodTypeProvider>();
      authed.addHook('onRequest', authed.authenticate);
      // Every message is stored, announced and may be e-mailed: counted per user (staff notes too).
      const messageLimit = limitRequests(scope, messagesRule(deps.config));

      authed.post(
        '/disputes',
        {
          schema: {
            tags,
            security,
            body: createDisputeSchema,
            response: { 201: envelope(createDisputeAnswerSchema) },
          },
        },
        async (request, reply) => {
          const id = await raiseDispute(deps, request.user!.id, request.body);
          const dispute = await disputeFor(request, id);
          return reply.status(201).send(ok({ id, dispute }, DISPUTE_TEXT.created));
        },
      );

      authed.get(
        '/disputes',
        {
          schema: {
            tags,
            security,
            querystring: disputeListQuerySchema,
            response: { 200: envelope(disputeListSchema) },
          },
        },
        async (request) =>
          ok({ disputes: await listMyDisputes(deps, request.user!.id, request.query.status) }),
      );

      authed.get(
        '/disputes/eligible-transactions',
        { schema: { tags, security, response: { 200: envelope(disputableTransactionsSchema) } } },
        async (request) => ok({ transactions: await disputableTransactions(deps, request.user!.id) }),
      );

      authed.get(
        '/disputes/:id',
        { schema: { tags, security, params: idParams, response: { 200: envelope(disputeAnswerSchema) } } },
        async (request) => answer(request, request.params.id),
      );

      authed.post(
        '/disputes/:id/messages',
        {
          preHandler: messageLimit,
          schema: {
            tags,
            security,
            params: idParams,
            body: disputeMessageBodySchema,
            response: { 200: envelope(disputeAnswerSchema) },
          },
        },
        async (request) => {
          await addMessage(deps, actorOf(request), request.params.id, request.body);
          return answer(request, request.params.id, DISPUTE_TEXT.messageSent);
        },
      );

      authed.post(
        '/disputes/:id/evidence',
        {
          schema: {
            tags,
            security,
            params: idParams,
            body: addEvidenceSchema,
            response: { 200: envelope(disputeAnswerSchema) },
          },
        },
        async (request) => {
          await addEvidence(deps, actorOf(request), request.params.id, request.body);
          return answer(request, request.params.id, msg('Evidence added'));
        },
      );

      authed.post(
        '/disputes/:id/resolutions',
        {
          schema: {
            tags,
            security,
            params: idParams,
            body: proposeResolutionSchema,
            response: { 200: envelope(disputeAnswerSchema) },
          },
        },
        async (request) => {
          const dispute = await proposeResolution(deps, actorOf(request), request.params.id, request.body);
          const message = dispute.status === 'RESOLVED' ? msg('Dispute resolved') : msg('Proposal sent');
          return answer(request, request.params.id, message);
        },
      );

      for (const verdict of ['accept', 'reject'] as const)
        authed.post(
          `/disputes/resolutions/:id/${verdict}`,
          {
            schema: {
              tags,
              security,
              params: idParams,
              ...(verdict === 'reject' ? { body: rejectResolutionSchema.optional() } : {}),
              response: { 200: envelope(disputeAnswerSchema) },
            },
          },
          async (request) => {
            const reason = (request.body as { reason?: string } | undefined)?.reason;
            const dispute = await answerProposal(
              deps,
              actorOf(request),
              request.params.id,
              verdict === 'accept' ? { accept: true } : { accept: false, reason },
            );
            return answer(
              request,
              dispute.id,
              verdict === 'accept' ? msg('Proposal accepted') : msg('Proposal rejected'),
            );
          },
        );

      authed.post(
        '/disputes/:id/escalate',
        {
          schema: {
            tags,
            security,
            params: idParams,
            body: escalateDisputeSchema.optional(),
            response: { 200: envelope(disputeAnswerSchema) },
          },
        },
        async (request) => {
          await escalateDispute(deps, actorOf(request), request.params.id, request.body?.reason);
          return answer(request, request.params.id, msg('Dispute escalated to support'));
        },
      );

      // Staff (SUPPORT and ADMIN): the queue and taking a dispute; decisions use /disputes/:id/resolutions.
      authed.get(
        '/admin/disputes',
        {
          schema: {
            tags: ['admin'],
            security,
            querystring: adminDisputeQuerySchema,
            response: { 200: envelope(adminDisputeListSchema) },
          },
          onRequest: authed.requireRole('ADMIN', 'SUPPORT'),
        },
        async (request) => ok(await disputeQueue(deps, request.user!.id, request.query)),
      );

      // Staff read the parties' chat only through a dispute (docs/product.md "Disputes").
      authed.get(
        '/admin/disputes/:id/chat',
        {
          schema: {
            tags: ['admin'],
            security,
            params: idParams,
            response: { 200: envelope(staffChatSchema) },
          },
          onRequest: authed.requireRole('ADMIN', 'SUPPORT'),
        },
        async (request) => {
          const dispute = await findDispute(deps.db, request.params.id);
          if (!dispute) throw new AppError('NOT_FOUND', DISPUTE_TEXT.notFound);
          return ok({ messages: await chatForStaff(deps.db, dispute.transactionId) });
        },
      );

      authed.post(
        '/admin/disputes/:id/take',
        {
          schema: {
            tags: ['admin'],
            security,
            params: idParams,
            response: { 200: envelope(disputeAnswerSchema) },
          },
          onRequest: authed.requireRole('ADMIN', 'SUPPORT'),
        },
        async (request) => {
          await takeDispute(deps, actorOf(request), request.params.id);
          return answer(request, request.params.id, msg('Dispute taken'));
        },
      );
    });
  };
