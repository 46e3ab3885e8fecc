import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProviderRefund, providerRefundAnswerSchema } from '@escrow/shared/schemas/refunds';
import { PROVIDER_REFUND_STATUSES } from '@escrow/shared/texts/refunds';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { t } from '../../../lib/i18n';

type RefundPage = { refunds: ProviderRefund[]; hasMore: boolean };
type RefundAnswer = z.infer<typeof providerRefundAnswerSchema>;

/** The buyer's name, else e-mail, else 'the buyer' in the screens' language (call it while rendering). */
export const buyerOf = (refund: ProviderRefund) => refund.buyerName ?? refund.buyerEmail ?? t('the buyer');

/** The list opens on the refunds that need an operator; 'ALL' drops the status filter. */
export const DEFAULT_REFUND_FILTER = 'FAILED';
export const REFUND_FILTERS = [...PROVIDER_REFUND_STATUSES, 'ALL'] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

/** GET /admin/refunds query string (providerRefundListQuerySchema), in the server's order. */
export function refundListQueryString(filter: RefundFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== 'ALL') params.set('status', filter);
  params.set('page', String(page));
  return params.toString();
}

export const refundListQuery = (filter: RefundFilter, page: number) => {
  const queryString = refundListQueryString(filter, page);
  return queryOptions({
    queryKey: adminKeys.refundList(queryString),
    queryFn: ({ signal }) => api<RefundPage>(`/admin/refunds?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export type RefundAction = 'retry' | 'credit-wallet';

/**
 * POST /admin/refunds/{id}/retry (ask the provider again) or /credit-wallet (pay the buyer's wallet
 * instead). Money moves, so each confirmation carries its Idempotency-Key. The answered refund replaces
 * its row where it is shown, so the operator sees the outcome; the lists are marked stale and refetch
 * when next opened (a FAILED list refetched at once would drop the row just acted on).
 */
export function useRefundAction(action: RefundAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, idempotencyKey }: { refundId: string; idempotencyKey: string }) =>
      api<RefundAnswer>(`/admin/refunds/${encodeURIComponent(refundId)}/${action}`, {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: ({ refund }) => {
      queryClient.setQueriesData<RefundPage>({ queryKey: adminKeys.refunds }, (page) =>
        page ? { ...page, refunds: page.refunds.map((row) => (row.id === refund.id ? refund : row)) } : page,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.refunds, refetchType: 'none' });
    },
    // Refused (another operator got there first) or lost: show the refunds as they now stand.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.refunds }),
  });
}
