import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askAssistantSchema, assistantAnswerSchema } from '@escrow/shared/schemas/assistant';
import { envelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { byUser, limitRequests } from '../../lib/rate-limits.ts';
import type { AssistantDeps } from './assistant.deps.ts';
import { createAssistant } from './assistant.service.ts';

/**
 * docs/assistant.md: POST /chatbot/ask, signed in, 30 questions per user per minute by default. Answered in
 * the question's language when recognised, else the user's (saved, else Accept-Language, else English).
 */
export const assistantRoutes =
  (deps: AssistantDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ask = createAssistant(deps);
    const perUser = {
      name: 'assistant-user',
      max: deps.config.RATE_LIMIT_ASSISTANT_PER_MINUTE,
      windowSeconds: 60,
      key: byUser,
    };
    app.post(
      '/chatbot/ask',
      {
        onRequest: app.authenticate,
        preHandler: limitRequests(app, perUser),
        schema: {
          tags: ['assistant'],
          security: [{ bearerAuth: [] }],
          body: askAssistantSchema,
          response: { 200: envelope(assistantAnswerSchema) },
        },
      },
      async (request) => ok(await ask(request.user!.id, request.body.message, requestLanguage(request))),
    );
  };
