import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { textMessageAnswerSchema, textMessageListSchema } from '@escrow/shared/schemas/phone';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

type TextMessagePage = z.infer<typeof textMessageListSchema>;
type TextMessageAnswer = z.infer<typeof textMessageAnswerSchema>;

/** The list opens on the messages that need an operator; 'ALL' drops the status filter. */
export const DEFAULT_TEXT_MESSAGE_FILTER = 'FAILED';
export const TEXT_MESSAGE_FILTERS = ['FAILED', 'PENDING', 'SENT', 'ALL'] as const;
export type TextMessageFilter = (typeof TEXT_MESSAGE_FILTERS)[number];

/** GET /admin/text-messages query string (textMessageListQuerySchema). */
export function textMessageQueryString(filter: TextMessageFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== 'ALL') params.set('status', filter);
  params.set('page', String(page));
  return params.toString();
}

export const textMessageListQuery = (filter: TextMessageFilter, page: number) => {
  const queryString = textMessageQueryString(filter, page);
  return queryOptions({
    queryKey: adminKeys.textMessageList(queryString),
    queryFn: ({ signal }) => api<TextMessagePage>(`/admin/text-messages?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

/**
 * POST /admin/text-messages/{id}/retry: a FAILED message is queued again. The answered message replaces
 * its row where it is shown, so the operator sees it PENDING; the lists refetch when next opened (a
 * FAILED list refetched at once would drop the row just acted on).
 */
export function useRetryTextMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<TextMessageAnswer>(`/admin/text-messages/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: ({ message }) => {
      queryClient.setQueriesData<TextMessagePage>({ queryKey: adminKeys.textMessages }, (page) =>
        page
          ? { ...page, messages: page.messages.map((row) => (row.id === message.id ? message : row)) }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.textMessages, refetchType: 'none' });
    },
    // Refused (already retried by someone else): show the messages as they now stand.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.textMessages }),
  });
}
