import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import {
  WEBHOOK_TEXT,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookAnswerSchema,
  webhookAttemptListAnswerSchema,
  webhookAttemptListQuerySchema,
  webhookDeliveryAnswerSchema,
  webhookListAnswerSchema,
  webhookSecretAnswerSchema,
} from '@escrow/shared/schemas/webhooks';
import { envelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { byUser, limitRequests } from '../../lib/rate-limits.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './webhooks.endpoints.ts';
import { listAttempts, retryDelivery, sendPing } from './webhooks.log.ts';

// Ids are UUIDs: anything else is refused before it reaches a query.
const idParams = z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, msg('Invalid id')) });
const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];

/** Manual sends (test pings, retries) per user per minute: an endpoint is not a target to flood. */
const MANUAL_SENDS_PER_MINUTE = 30;

/**
 * Signed webhooks (docs/webhooks.md), under /api/developer, for the signed-in user's own endpoints
 * only: another user's endpoint or delivery is 404.
 */
export const webhooksRoutes =
  (deps: WebhooksDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const manualSendLimit = limitRequests(app, {
      name: 'webhook-manual-sends',
      max: MANUAL_SENDS_PER_MINUTE,
      windowSeconds: 60,
      key: byUser,
    });

    app.get(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          description: "The caller's webhook endpoints (their secrets are never shown again).",
          response: { 200: envelope(webhookListAnswerSchema) },
        },
      },
      async (request) =>
        ok({ webhooks: await listEndpoints(deps, request.user!.id, requestLanguage(request)) }),
    );

    app.post(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          description:
            'Registers an endpoint for some events. Answers its signing secret (`whsec_…`) this once. In production the URL must be https and resolve to public addresses only.',
          body: createWebhookBodySchema,
          response: { 201: envelope(webhookSecretAnswerSchema) },
        },
      },
      async (request, reply) => {
        const created = await createEndpoint(deps, request.user!.id, request.body);
        return reply.code(201).send(ok(created, WEBHOOK_TEXT.created));
      },
    );

    app.patch(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          description: 'Changes the URL or the events, or enables or disables the endpoint.',
          params: idParams,
          body: updateWebhookBodySchema,
          response: { 200: envelope(webhookAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          {
            webhook: await updateEndpoint(
              deps,
              request.user!.id,
              request.params.id,
              request.body,
              requestLanguage(request),
            ),
          },
          WEBHOOK_TEXT.updated,
        ),
    );

    app.delete(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          description: 'Removes the endpoint with its delivery log.',
          params: idParams,
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (request) => {
        await deleteEndpoint(deps, request.user!.id, request.params.id);
        return ok({ id: request.params.id }, WEBHOOK_TEXT.deleted);
      },
    );

    app.post(
      '/webhooks/:id/rotate',
      {
        schema: {
          tags,
          security,
          description:
            'Replaces the signing secret (answered this once); the previous one keeps signing alongside for 24 hours.',
          params: idParams,
          response: { 200: envelope(webhookSecretAnswerSchema) },
        },
      },
      async (request) =>
        ok(await rotateSecret(deps, request.user!.id, request.params.id), WEBHOOK_TEXT.rotated),
    );

    app.post(
      '/webhooks/:id/test',
      {
        preHandler: manualSendLimit,
        schema: {
          tags,
          security,
          description:
            'Sends a `ping` event to this endpoint (queued; the scheduler sends it within seconds).',
          params: idParams,
          response: { 202: envelope(webhookDeliveryAnswerSchema) },
        },
      },
      async (request, reply) => {
        const delivery = await sendPing(deps, request.user!.id, request.params.id);
        return reply.code(202).send(ok({ delivery }, WEBHOOK_TEXT.pingQueued));
      },
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          security,
          description:
            "The endpoint's delivery attempts, newest first: event, status code, duration and the first 1 KB of the answer.",
          params: idParams,
          querystring: webhookAttemptListQuerySchema,
          response: { 200: envelope(webhookAttemptListAnswerSchema) },
        },
      },
      async (request) => ok(await listAttempts(deps, request.user!.id, request.params.id, request.query)),
    );

    app.post(
      '/webhooks/deliveries/:id/retry',
      {
        preHandler: manualSendLimit,
        schema: {
          tags,
          security,
          description: 'Sends a delivery again, with the same `webhook-id` (queued; sent within seconds).',
          params: idParams,
          response: { 202: envelope(webhookDeliveryAnswerSchema) },
        },
      },
      async (request, reply) => {
        const delivery = await retryDelivery(deps, request.user!.id, request.params.id);
        return reply.code(202).send(ok({ delivery }, WEBHOOK_TEXT.retryQueued));
      },
    );
  };
