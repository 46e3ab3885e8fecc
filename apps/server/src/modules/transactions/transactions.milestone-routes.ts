import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import { extendInspectionSchema } from '@escrow/shared/schemas/disputes';
import { deliverMilestoneBodySchemaFor, transactionAnswerSchema } from '@escrow/shared/schemas/transactions';
import { msg } from '@escrow/shared/i18n/msg';
import { envelope, ok } from '../../lib/envelope.ts';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import { acceptMilestone, deliverMilestone, extendMilestoneInspection } from './transactions.milestones.ts';
import { toTransactionView } from './transactions.view.ts';

const params = z.object({ id: z.string().min(1).max(64), milestoneId: z.string().min(1).max(64) });
const tags = ['transactions'];
const security = [{ bearerAuth: [] }];
const answer = { 200: envelope(transactionAnswerSchema) };

/**
 * A milestone trade's steps (docs/money.md "Milestones"), registered inside the transactions routes (signed
 * in). Each answers the updated transaction; 404 for a stranger or an unknown milestone, 403 for the wrong
 * party, 409 when the milestone or the transaction is not in the right state.
 */
export const milestoneRoutes =
  (deps: TransactionsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const idem = idempotency(deps);

    app.post(
      '/transactions/:id/milestones/:milestoneId/deliver',
      {
        schema: {
          tags,
          security,
          description:
            'The seller marks a milestone delivered: a note alone is enough; shipment details and photos when goods travel, or milestone_file uploads for a service.',
          params,
          body: deliverMilestoneBodySchemaFor(deps.clock),
          response: answer,
        },
      },
      async (request) => {
        const { id, milestoneId } = request.params;
        const step = await deliverMilestone(deps, request.user!.id, id, milestoneId, request.body);
        return ok(
          { transaction: toTransactionView(step.record, request.user!.id) },
          msg('Milestone marked as delivered'),
        );
      },
    );

    app.post(
      '/transactions/:id/milestones/:milestoneId/accept',
      {
        schema: {
          tags,
          security,
          description:
            'The buyer accepts a delivered milestone: its amount is released to the seller at once.',
          params,
          headers: idempotencyHeaders,
          response: answer,
        },
        preHandler: idem.preHandler,
        onSend: idem.onSend,
      },
      async (request) => {
        const { id, milestoneId } = request.params;
        const step = await acceptMilestone(deps, request.user!.id, id, milestoneId);
        return ok(
          { transaction: toTransactionView(step.record, request.user!.id) },
          msg('Milestone accepted and paid'),
        );
      },
    );

    app.post(
      '/transactions/:id/milestones/:milestoneId/extend-inspection',
      {
        schema: {
          tags,
          security,
          description: 'The buyer extends one delivered milestone’s inspection period once, by 1 to 7 days.',
          params,
          body: extendInspectionSchema,
          response: answer,
        },
      },
      async (request) => {
        const { id, milestoneId } = request.params;
        const step = await extendMilestoneInspection(
          deps,
          request.user!.id,
          id,
          milestoneId,
          request.body.days,
        );
        return ok(
          { transaction: toTransactionView(step.record, request.user!.id) },
          INSPECTION_TEXT.extended,
        );
      },
    );
  };
