import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  preferencesAnswerSchema,
  unreadCountSchema,
  updateChannelsSchema,
  updatePreferencesSchema,
  NOTIFICATION_TEXT,
} from '@escrow/shared/schemas/notifications';
import { PHONE_TEXT } from '@escrow/shared/schemas/phone';
import type { Clock } from '../../lib/clock.ts';
import { envelope, ok } from '../../lib/envelope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  getPreferences,
  turnsTextOn,
  updateChannels,
  updatePreferences,
} from './notifications.preferences.ts';
import { deliverNotificationsOnChannels, type QueueTextMessages } from './notifications.delivery.ts';
import type { MailNoticeDeps } from './notifications.mail.ts';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
} from './notifications.service.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export type NotificationsDeps = MailNoticeDeps & {
  clock: Clock;
  /** Whether the user has a verified phone (phone module): SMS and WhatsApp need one. */
  hasVerifiedPhone: (userId: string) => Promise<boolean>;
  /** The text-message outbox (phone module), written with each notification that goes by text. */
  queueTextMessages: QueueTextMessages;
};

/** Notifications: the caller's own notifications only; another user's id is 404. */
export const notificationsRoutes =
  (deps: NotificationsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    deliverNotificationsOnChannels(deps.db, { queue: deps.queueTextMessages, mail: deps }, (error) =>
      deps.log.error({ err: error }, 'work after a notification commit failed'),
    );
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          security,
          querystring: notificationListQuerySchema,
          response: { 200: envelope(notificationListSchema) },
        },
      },
      async (request) => {
        const { page, limit, unreadOnly, filter } = request.query;
        return ok(
          await listNotifications(deps.db, request.user!.id, {
            page,
            limit,
            filter: unreadOnly === 'true' ? 'unread' : filter,
            language: requestLanguage(request),
          }),
        );
      },
    );

    // The bell's badge: one indexed count, no rows.
    app.get(
      '/notifications/unread-count',
      { schema: { tags, security, response: { 200: envelope(unreadCountSchema) } } },
      async (request) => ok({ unreadCount: await unreadCount(deps.db, request.user!.id) }),
    );

    app.get(
      '/notifications/preferences',
      { schema: { tags, security, response: { 200: envelope(preferencesAnswerSchema) } } },
      async (request) => ok(await getPreferences(deps.db, request.user!.id)),
    );

    app.put(
      '/notifications/preferences',
      {
        schema: {
          tags,
          security,
          body: updatePreferencesSchema,
          response: { 200: envelope(preferencesAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await updatePreferences(deps.db, request.user!.id, request.body, deps.clock.now()),
          NOTIFICATION_TEXT.settingUpdated,
        ),
    );

    // Per category, the channels beside in-app; SMS and WhatsApp only with a verified phone.
    app.put(
      '/notifications/channels',
      {
        schema: {
          tags,
          security,
          body: updateChannelsSchema,
          response: { 200: envelope(preferencesAnswerSchema) },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const changes = request.body;
        if (turnsTextOn(changes) && !(await deps.hasVerifiedPhone(userId)))
          throw conflict(PHONE_TEXT.notVerified, 'PHONE_NOT_VERIFIED');
        return ok(
          await updateChannels(deps.db, userId, changes, deps.clock.now()),
          NOTIFICATION_TEXT.settingUpdated,
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
        const notification = await markRead(
          deps.db,
          request.user!.id,
          request.params.id,
          requestLanguage(request),
        );
        if (!notification) throw notFound(msg('Notification not found'));
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
          throw notFound(msg('Notification not found'));
        return ok({ deleted: true });
      },
    );

    app.delete(
      '/notifications',
      { schema: { tags, security, response: { 200: envelope(z.object({ deleted: z.number() })) } } },
      async (request) => ok({ deleted: await clearNotifications(deps.db, request.user!.id) }),
    );
  };
