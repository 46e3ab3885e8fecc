import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../../db/schema/notifications.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
} from './notifications.service.ts';

const notificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  transactionId: z.string().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

/** Spec 02 §7 "Notifications": the caller's own notifications only; another user's id is 404. */
export const notificationsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          security,
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            limit: z.coerce.number().int().min(1).max(100).default(20),
            unreadOnly: z.enum(['true', 'false']).default('false'),
          }),
          response: {
            200: envelope(
              z.object({
                notifications: z.array(notificationSchema),
                total: z.number(),
                unreadCount: z.number(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { page, limit, unreadOnly } = request.query;
        return ok(
          await listNotifications(deps.db, request.user!.id, {
            page,
            limit,
            unreadOnly: unreadOnly === 'true',
          }),
        );
      },
    );

    app.put(
      '/notifications/mark-all-read',
      { schema: { tags, security, response: { 200: envelope(z.object({ updated: z.number() })) } } },
      async (request) => ok({ updated: await markAllRead(deps.db, request.user!.id) }),
    );

    app.put(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          security,
          params: idParams,
          response: { 200: envelope(z.object({ notification: notificationSchema })) },
        },
      },
      async (request) => {
        const notification = await markRead(deps.db, request.user!.id, request.params.id);
        if (!notification) throw notFound('Notification');
        return ok({ notification });
      },
    );

    app.delete(
      '/notifications/:id',
      {
        schema: {
          tags,
          security,
          params: idParams,
          response: { 200: envelope(z.object({ deleted: z.boolean() })) },
        },
      },
      async (request) => {
        if (!(await deleteNotification(deps.db, request.user!.id, request.params.id)))
          throw notFound('Notification');
        return ok({ deleted: true });
      },
    );

    app.delete(
      '/notifications',
      { schema: { tags, security, response: { 200: envelope(z.object({ deleted: z.number() })) } } },
      async (request) => ok({ deleted: await clearNotifications(deps.db, request.user!.id) }),
    );
  };
