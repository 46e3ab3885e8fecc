import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { Notification } from '@escrow/shared/schemas/notifications';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  interrupts,
  toastDurationMs,
  type NotificationPreferences,
} from '@escrow/shared/domain/notifications';
import { playMessageSound } from '../../../lib/chat-sound';
import { t } from '../../../lib/i18n';
import { isConversationOpen } from '../../../lib/open-conversations';
import { liveChannel } from '../../../lib/socket';
import { markNotificationRead, notificationKeys, useNotificationPreferences } from '../api/notifications';
import { notificationLink } from '../lib/notification-link';

const BROWSER_NOTIFICATION_MS = 5000;

function isNotification(value: unknown): value is Notification {
  const v = value as Partial<Notification> | null;
  return !!v && typeof v.id === 'string' && typeof v.title === 'string' && typeof v.type === 'string';
}

/**
 * Mounted once in the signed-in app: a pushed notification refreshes the badge and the lists, and unless
 * its category is muted (docs/product.md "Notifications"; dispute events and deadlines never are) raises a
 * toast lasting by priority and, while the tab is hidden, a browser notification closed after 5 s.
 */
export function NotificationLiveEvents() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Loaded once for the session; read from the cache when an event arrives.
  useNotificationPreferences();

  useEffect(() => {
    const channel = liveChannel();
    const release = channel.acquire();
    const off = channel.on(SERVER_EVENTS.notification, (payload) => {
      if (!isNotification(payload)) return;
      const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // A message in the conversation on screen is read there (the chat marks it so): the bell does not
      // count it either. The badge is refetched once the server has it read.
      if (payload.type === 'MESSAGE' && isConversationOpen(payload.transactionId))
        markNotificationRead(payload.id).then(refresh, refresh);
      else refresh();
      const stored = queryClient.getQueryData<{ preferences: NotificationPreferences }>(
        notificationKeys.preferences,
      );
      if (!interrupts(payload, stored?.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES)) return;
      const link = notificationLink(payload);
      if (payload.type === 'MESSAGE') {
        // Only while that conversation is not open (on the Messages page or in a Chat
        // dialog), 'New message from counterparty' and a chime.
        if (!isConversationOpen(payload.transactionId)) {
          toast(t('New message from counterparty'), {
            id: `notification-${payload.id}`,
            description: payload.message,
            duration: toastDurationMs(payload.priority),
            position: 'top-right',
            testId: 'notification-toast',
            ...(link ? { action: { label: t('Open'), onClick: () => navigate(link) } } : {}),
          });
          playMessageSound();
        }
      } else
        toast(payload.title, {
          id: `notification-${payload.id}`,
          description: payload.message,
          duration: toastDurationMs(payload.priority),
          // Notification toasts top-right, the others bottom-right.
          position: 'top-right',
          testId: 'notification-toast',
          ...(link ? { action: { label: t('View'), onClick: () => navigate(link) } } : {}),
        });
      if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const shown = new Notification(payload.title, { body: payload.message, tag: payload.id });
        if (link)
          shown.onclick = () => {
            window.focus();
            navigate(link);
          };
        setTimeout(() => shown.close(), BROWSER_NOTIFICATION_MS);
      }
    });
    return () => {
      off();
      release();
    };
  }, [queryClient, navigate]);

  return null;
}
