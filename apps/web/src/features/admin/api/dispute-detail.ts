import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolutionAction } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import type { z } from 'zod';
import type { transactionLedgerSchema } from '@escrow/shared/schemas/admin';
import type { staffChatSchema } from '@escrow/shared/schemas/messages';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type TransactionLedger = z.infer<typeof transactionLedgerSchema>;
export type LedgerEntry = TransactionLedger['entries'][number];

/** GET /disputes/{id}: staff see everything, internal notes included, and the transaction's summary. */
export const disputeQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.dispute(id),
    queryFn: ({ signal }) => api<{ dispute: Dispute }>(`/disputes/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.dispute,
  });

export type StaffChatMessage = z.infer<typeof staffChatSchema>['messages'][number];

/** GET /admin/disputes/{id}/chat: the parties' transaction chat, which staff read only through a dispute. */
export const staffChatQuery = (disputeId: string) =>
  queryOptions({
    queryKey: [...adminKeys.dispute(disputeId), 'chat'],
    queryFn: ({ signal }) =>
      api<{ messages: StaffChatMessage[] }>(`/admin/disputes/${encodeURIComponent(disputeId)}/chat`, {
        signal,
      }),
    select: (answer) => answer.messages,
  });

/**
 * GET /admin/transactions/{id}/ledger: staff are not members of the transaction, so its own routes
 * answer 404 to them; this one shows its journal entries.
 */
export const transactionLedgerQuery = (transactionId: string) =>
  queryOptions({
    queryKey: adminKeys.transactionLedger(transactionId),
    queryFn: ({ signal }) =>
      api<TransactionLedger>(`/admin/transactions/${encodeURIComponent(transactionId)}/ledger`, { signal }),
    select: (answer) => answer.entries,
  });

/** POST /disputes/{id}/messages with isInternal: a note only staff ever see. */
export function useAddInternalNote(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<unknown>(`/disputes/${encodeURIComponent(disputeId)}/messages`, {
        method: 'POST',
        body: { content, isInternal: true },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dispute(disputeId) }),
  });
}

export type DecisionInput = {
  resolution: ResolutionAction;
  /** Major units, the buyer's share: REFUND_PARTIAL only. */
  amount?: number;
  reason: string;
};

/**
 * POST /disputes/{id}/resolutions with ADMIN_DECISION: executed at once, money moves. The caller's
 * Idempotency-Key makes a retried click (network failure, 5xx) return the first answer.
 */
export function useDecideDispute(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: DecisionInput; idempotencyKey: string }) =>
      api<unknown>(`/disputes/${encodeURIComponent(disputeId)}/resolutions`, {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: {
          resolutionType: 'ADMIN_DECISION',
          resolution: input.resolution,
          ...(input.resolution === 'REFUND_PARTIAL' ? { amount: input.amount } : {}),
          reason: input.reason,
        },
      }),
    // The dispute, its ledger and the queue all changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.disputes }),
  });
}
