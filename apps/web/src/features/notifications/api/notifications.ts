import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  resolveChannels,
  type NotificationChannel,
  type NotificationChannels,
} from '@escrow/shared/domain/notifications';
import type {
  Notification,
  NotificationFilter,
  NotificationPreferenceId,
  NotificationPreferences,
} from '@escrow/shared/schemas/notifications';
import { api } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: NotificationFilter, limit: number) => ['notifications', 'list', filter, limit] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export type NotificationPage = {
  notifications: Notification[];
  total: number;
  hasMore: boolean;
  unreadCount: number;
};

export function useNotifications(filter: NotificationFilter, limit: number) {
  return useQuery({
    queryKey: notificationKeys.list(filter, limit),
    queryFn: ({ signal }) =>
      api<NotificationPage>(`/notifications?filter=${filter}&limit=${limit}`, { signal }),
  });
}

/** The bell's badge; refetched when a notification is pushed or read anywhere. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api<{ unreadCount: number }>('/notifications/unread-count', { signal }),
    select: (answer) => answer.unreadCount,
  });
}

/** What GET/PUT /notifications/preferences and PUT /notifications/channels answer. */
type PreferencesAnswer = { preferences: NotificationPreferences; channels?: NotificationChannels };

/** The five categories and, per category, the channels beside in-app. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api<PreferencesAnswer>('/notifications/preferences', { signal }),
    select: (answer) => ({
      preferences: answer.preferences,
      channels: resolveChannels(answer.channels ?? {}),
    }),
    staleTime: 60_000,
  });
}

/** Every change refetches the lists and the badge. */
function useNotificationMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const markNotificationRead = (id: string) =>
  api(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });

export const useMarkRead = () => useNotificationMutation(markNotificationRead);
export const useMarkAllRead = () =>
  useNotificationMutation(() => api('/notifications/mark-all-read', { method: 'PUT' }));
export const useDeleteNotification = () =>
  useNotificationMutation((id: string) =>
    api(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
export const useClearNotifications = () =>
  useNotificationMutation(() => api('/notifications', { method: 'DELETE' }));

/** One toggle at a time; the answer is the whole object, stored as the query's data. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: NotificationPreferenceId; on: boolean }) =>
      api<PreferencesAnswer>('/notifications/preferences', { method: 'PUT', body: { [id]: on } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}

/**
 * One channel of one category at a time (PUT /notifications/channels); SMS or WhatsApp without a
 * verified phone is refused (409 PHONE_NOT_VERIFIED). The answer holds both objects.
 */
export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      channel,
      on,
    }: {
      id: NotificationPreferenceId;
      channel: NotificationChannel;
      on: boolean;
    }) =>
      api<PreferencesAnswer>('/notifications/channels', { method: 'PUT', body: { [id]: { [channel]: on } } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}
