import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminDocumentListSchema } from '@escrow/shared/schemas/identity';
import { api } from '../../../lib/api-client';

export type AdminDocumentList = z.infer<typeof adminDocumentListSchema>;
export const documentKeys = {
  all: ['admin', 'documents'] as const,
  queue: (page: number) => ['admin', 'documents', 'queue', page] as const,
};

/** GET /admin/documents?status=PENDING_REVIEW: the oldest waiting first. */
export const documentQueueQuery = (page: number) =>
  queryOptions({
    queryKey: documentKeys.queue(page),
    queryFn: ({ signal }) =>
      api<AdminDocumentList>(`/admin/documents?status=PENDING_REVIEW&page=${page}&limit=20`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Approve, or reject with a reason the user sees; either refreshes the queue and the audit log. */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api(`/admin/documents/${encodeURIComponent(id)}/${reason === undefined ? 'approve' : 'reject'}`, {
        method: 'POST',
        ...(reason === undefined ? {} : { body: { reason } }),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
