import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHONE_TEXT,
  textMessageAnswerSchema,
  textMessageListQuerySchema,
  textMessageListSchema,
} from '@escrow/shared/schemas/phone';
import { envelope, ok } from '../../lib/envelope.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { listTextMessages, retryTextMessage } from './phone.staff.ts';

const staff = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Staff only (SUPPORT, ADMIN), under /api/admin: the text-message outbox, without bodies. */
export const textMessagesStaffRoutes =
  (deps: PhoneDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/text-messages',
      {
        schema: {
          ...staff,
          description:
            'SMS and WhatsApp messages (PENDING, SENT, FAILED), newest first, 50 a page; the number masked, ' +
            'never the text.',
          querystring: textMessageListQuerySchema,
          response: { 200: envelope(textMessageListSchema) },
        },
        preHandler: app.requireRole('SUPPORT', 'ADMIN'),
      },
      async (request) => ok(await listTextMessages(deps.db, request.query)),
    );

    app.post(
      '/admin/text-messages/:id/retry',
      {
        schema: {
          ...staff,
          description:
            'Sends a FAILED message again: PENDING, due now, attempts from zero. 409 unless FAILED. Audited.',
          params: idParams,
          response: { 200: envelope(textMessageAnswerSchema) },
        },
        preHandler: app.requireRole('SUPPORT', 'ADMIN'),
      },
      async (request) => {
        const message = await retryTextMessage(deps, request.params.id, {
          id: request.user!.id,
          requestId: request.id,
        });
        return ok({ message }, PHONE_TEXT.retried);
      },
    );
  };
