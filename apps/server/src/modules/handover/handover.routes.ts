import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HANDOVER_TEXT,
  handoverCodeAnswerSchema,
  handoverCodeBodySchema,
} from '@escrow/shared/schemas/handover';
import { transactionAnswerSchema } from '@escrow/shared/schemas/transactions';
import { envelope, ok } from '../../lib/envelope.ts';
import { idempotency, idempotencyHeaders } from '../idempotency/index.ts';
import { toTransactionView } from '../transactions/index.ts';
import {
  enterReleaseCode,
  readReleaseCode,
  regenerateReleaseCode,
  type HandoverDeps,
} from './handover.service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['handover'];
const security = [{ bearerAuth: [] }];
const codeAnswer = envelope(handoverCodeAnswerSchema);

/**
 * In-person handover (docs/handover.md), under /api. Every answer is `no-store` (as all of
 * /api, plugins/security-headers.ts). The code is in the buyer's answers only; the seller's answer is
 * the transaction view, which never carries it. Request bodies are not logged (app.ts logs method, URL
 * and address), so the code the seller enters never reaches a log line either.
 */
export const handoverRoutes =
  (deps: HandoverDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const idem = idempotency(deps);

    app.get(
      '/transactions/:id/handover',
      {
        schema: {
          tags,
          security,
          description:
            'The buyer reads the release code of an in-person trade waiting for the handover (seller 403, anyone else 404).',
          params: idParams,
          response: { 200: codeAnswer },
        },
      },
      async (request) => ok(await readReleaseCode(deps, request.user!.id, request.params.id)),
    );

    app.post(
      '/transactions/:id/handover',
      {
        schema: {
          tags,
          security,
          description:
            'The seller enters the release code the buyer told them: the escrow is released at once. Five wrong codes within an hour lock entry for an hour (429).',
          params: idParams,
          headers: idempotencyHeaders,
          body: handoverCodeBodySchema,
          response: { 200: envelope(transactionAnswerSchema) },
        },
        preHandler: idem.preHandler,
        onSend: idem.onSend,
      },
      async (request) => {
        const userId = request.user!.id;
        const step = await enterReleaseCode(deps, userId, request.params.id, request.body.code);
        return ok({ transaction: toTransactionView(step.record, userId) }, HANDOVER_TEXT.released);
      },
    );

    app.post(
      '/transactions/:id/handover/regenerate',
      {
        schema: {
          tags,
          security,
          description: 'The buyer replaces the release code; the old one stops working.',
          params: idParams,
          response: { 200: codeAnswer },
        },
      },
      async (request) =>
        ok(await regenerateReleaseCode(deps, request.user!.id, request.params.id), HANDOVER_TEXT.regenerated),
    );
  };
