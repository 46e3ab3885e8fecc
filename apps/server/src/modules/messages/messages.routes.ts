import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationListSchema,
  messageAnswerSchema,
  messageListSchema,
  messagePageQuerySchema,
  messageSearchQuerySchema,
  messageSearchSchema,
  messageStatsSchema,
  MESSAGE_TEXT,
  sendMessageSchema,
} from '@escrow/shared/schemas/messages';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { limitRequests, limitUser, messagesRule } from '../../lib/rate-limits.ts';
import type { AppConfig } from '../../config/env.ts';
import type { MessagesDeps } from './messages.deps.ts';
import * as repo from './messages.repository.ts';
import { deleteMessage, markRead, sendMessage } from './messages.service.ts';
import { trackPresence } from './messages.presence.ts';
import { registerMessageSocket } from './messages.socket.ts';
import { toMessageView } from './messages.view.ts';
import { requestLanguage } from '../../lib/i18n.ts';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid(MESSAGE_TEXT.messageNotFound) });
const transactionParams = z.object({ transactionId: z.uuid(MESSAGE_TEXT.notFound) });

/** Messaging under /api (docs/architecture.md "Messaging and notifications"). */
export const messagesRoutes =
  (deps: MessagesDeps & { config: AppConfig }): FastifyPluginAsyncZod =>
  async (app) => {
    // One budget per user for REST and socket sends alike (and dispute messages).
    registerMessageSocket(deps, { sendLimit: limitUser(app, messagesRule(deps.config)) });
    const presence = trackPresence(deps);
    app.addHook('onClose', async () => presence.stop());
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/messages/conversations',
      { schema: { tags, security, response: { 200: envelope(conversationListSchema) } } },
      async (request) => ok({ conversations: await repo.listConversations(deps.db, request.user!.id) }),
    );

    app.get(
      '/messages/transactions/:transactionId',
      {
        schema: {
          tags,
          security,
          params: transactionParams,
          querystring: messagePageQuerySchema,
          response: { 200: envelope(messageListSchema) },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const member = await repo.membership(deps.db, request.params.transactionId, userId);
        const before = request.query.before
          ? await repo.findMessage(deps.db, request.query.before)
          : undefined;
        if (request.query.before && before?.transactionId !== member.transactionId)
          throw new AppError('NOT_FOUND', MESSAGE_TEXT.messageNotFound);
        const page = await repo.pageOfMessages(deps.db, member.transactionId, request.query.limit, before);
        const [conversation] = (await repo.listConversations(deps.db, userId)).filter(
          (c) => c.transactionId === member.transactionId,
        );
        return ok({
          messages: page.rows.reverse().map((row) => toMessageView(row, userId, requestLanguage(request))),
          hasMore: page.hasMore,
          conversation: conversation ?? (await repo.pendingConversation(deps.db, member)),
        });
      },
    );

    app.post(
      '/messages',
      {
        preHandler: limitRequests(app, messagesRule(deps.config)),
        schema: { tags, security, body: sendMessageSchema, response: { 201: envelope(messageAnswerSchema) } },
      },
      async (request, reply) =>
        reply.status(201).send(ok({ message: await sendMessage(deps, request.user!.id, request.body) })),
    );

    app.put(
      '/messages/:id/read',
      {
        schema: {
          tags,
          security,
          params: idParams,
          response: { 200: envelope(z.object({ updated: z.number() })) },
        },
      },
      async (request) =>
        ok({ updated: await markRead(deps, request.user!.id, { messageId: request.params.id }) }),
    );

    app.put(
      '/messages/transactions/:transactionId/read',
      {
        schema: {
          tags,
          security,
          params: transactionParams,
          response: { 200: envelope(z.object({ updated: z.number() })) },
        },
      },
      async (request) =>
        ok({
          updated: await markRead(deps, request.user!.id, { transactionId: request.params.transactionId }),
        }),
    );

    app.delete(
      '/messages/:id',
      { schema: { tags, security, params: idParams, response: { 200: envelope(messageAnswerSchema) } } },
      async (request) => ok({ message: await deleteMessage(deps, request.user!.id, request.params.id) }),
    );

    app.get(
      '/messages/unread-count',
      { schema: { tags, security, response: { 200: envelope(z.object({ unreadCount: z.number() })) } } },
      async (request) => ok({ unreadCount: await repo.unreadMessageCount(deps.db, request.user!.id) }),
    );

    app.get(
      '/messages/stats',
      { schema: { tags, security, response: { 200: envelope(messageStatsSchema) } } },
      async (request) => ok(await repo.messageStats(deps.db, request.user!.id)),
    );

    app.get(
      '/messages/search',
      {
        schema: {
          tags,
          security,
          querystring: messageSearchQuerySchema,
          response: { 200: envelope(messageSearchSchema) },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        // Searching one conversation that is not the caller's: it does not exist for them.
        if (request.query.transactionId) await repo.membership(deps.db, request.query.transactionId, userId);
        const rows = await repo.searchMessages(deps.db, userId, request.query);
        return ok({
          results: rows.map((r) => ({
            ...toMessageView(r.message, userId, requestLanguage(request)),
            transactionDescription: r.description,
          })),
        });
      },
    );
  };
