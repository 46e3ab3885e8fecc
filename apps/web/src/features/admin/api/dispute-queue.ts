import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DisputePriority, DisputeStatus } from '@escrow/shared/domain/disputes';
import type { adminDisputeListSchema } from '@escrow/shared/schemas/disputes';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { msg } from '@escrow/shared/i18n/msg';

export type AdminDisputeList = z.infer<typeof adminDisputeListSchema>;
export type QueueItem = AdminDisputeList['disputes'][number];

export const QUEUE_PAGE_SIZE = 20;
export const AGE_FILTERS = [
  { value: '', label: msg('Any age') },
  { value: '24', label: msg('Older than 24 h') },
  { value: '48', label: msg('Older than 48 h') },
] as const;

export type QueueFilters = {
  status?: DisputeStatus;
  priority?: DisputePriority;
  /** Raised at least this many hours ago. */
  olderThanHours?: number;
  assignedToMe: boolean;
  page: number;
};

/** GET /admin/disputes query string (adminDisputeQuerySchema), in a fixed order; unset filters are left out. */
export function disputeQueueQueryString(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.assignedToMe) params.set('assignedToMe', 'true');
  if (filters.olderThanHours) params.set('olderThanHours', String(filters.olderThanHours));
  params.set('page', String(filters.page));
  params.set('limit', String(QUEUE_PAGE_SIZE));
  return params.toString();
}

export const disputeQueueQuery = (filters: QueueFilters) => {
  const queryString = disputeQueueQueryString(filters);
  return queryOptions({
    queryKey: adminKeys.disputeQueue(queryString),
    queryFn: ({ signal }) => api<AdminDisputeList>(`/admin/disputes?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** POST /admin/disputes/{id}/take: the caller becomes the assignee and the dispute goes IN_REVIEW. */
export function useTakeDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disputeId: string) =>
      api<unknown>(`/admin/disputes/${encodeURIComponent(disputeId)}/take`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.disputes }),
  });
}
