import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeStatus } from '@escrow/shared/domain/disputes';
import type {
  CreateDisputeInput,
  Dispute,
  DisputeListItem,
  disputableTransactionsSchema,
} from '@escrow/shared/schemas/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ResolutionInput } from '../../../widgets/disputes/resolution-draft';

export type DisputableTransaction = z.infer<typeof disputableTransactionsSchema>['transactions'][number];

/** One key tree: every dispute screen refetches when `dispute:updated` arrives. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: (status: DisputeStatus | null) => ['disputes', 'list', status ?? 'all'] as const,
  detail: (id: string) => ['disputes', 'detail', id] as const,
  eligible: ['disputes', 'eligible'] as const,
  transaction: (id: string) => ['disputes', 'transaction', id] as const,
};

const path = (id: string) => `/disputes/${encodeURIComponent(id)}`;

export function useMyDisputes(status: DisputeStatus | null) {
  return useQuery({
    queryKey: disputeKeys.list(status),
    queryFn: ({ signal }) =>
      api<{ disputes: DisputeListItem[] }>(`/disputes${status ? `?status=${status}` : ''}`, { signal }),
    select: (answer) => answer.disputes,
  });
}

export const disputeQuery = (id: string) =>
  queryOptions({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) => api<{ dispute: Dispute }>(path(id), { signal }),
    select: (answer) => answer.dispute,
  });

/** The create screen's choices: the caller's transactions that can be disputed now (server-side rule). */
export function useDisputableTransactions() {
  return useQuery({
    queryKey: disputeKeys.eligible,
    queryFn: ({ signal }) =>
      api<{ transactions: DisputableTransaction[] }>('/disputes/eligible-transactions', { signal }),
    select: (answer) => answer.transactions,
  });
}

/** A preselected transaction that is not disputable: its status says why (completed, cancelled, disputed). */
export function useTransactionStatus(id: string | null) {
  return useQuery({
    queryKey: disputeKeys.transaction(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: ({ signal }) =>
      api<{ transaction: Transaction }>(`/transactions/${encodeURIComponent(id!)}`, { signal }),
    select: (answer) => answer.transaction,
  });
}

/** Every change answers the whole dispute: it is stored at once, and the lists refetch. */
function useDisputeMutation<TInput>(request: (input: TInput) => Promise<{ dispute: Dispute }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ dispute }) => {
      queryClient.setQueryData(disputeKeys.detail(dispute.id), { dispute });
      void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
    },
  });
}

export const useCreateDispute = () =>
  useDisputeMutation((input: CreateDisputeInput) =>
    api<{ id: string; dispute: Dispute }>('/disputes', { method: 'POST', body: input }),
  );

export const useSendDisputeMessage = (id: string) =>
  useDisputeMutation((content: string) =>
    api<{ dispute: Dispute }>(`${path(id)}/messages`, { method: 'POST', body: { content } }),
  );

export const useAddEvidence = () =>
  useDisputeMutation(
    ({ disputeId, ...input }: { disputeId: string; uploadId: string; description?: string }) =>
      api<{ dispute: Dispute }>(`${path(disputeId)}/evidence`, { method: 'POST', body: input }),
  );

export const useProposeResolution = (id: string) =>
  useDisputeMutation((input: ResolutionInput) =>
    api<{ dispute: Dispute }>(`${path(id)}/resolutions`, {
      method: 'POST',
      body: { resolutionType: 'MEDIATION', ...input },
    }),
  );

export const useAnswerProposal = () =>
  useDisputeMutation(
    ({ resolutionId, accept, reason }: { resolutionId: string; accept: boolean; reason?: string }) =>
      api<{ dispute: Dispute }>(
        `/disputes/resolutions/${encodeURIComponent(resolutionId)}/${accept ? 'accept' : 'reject'}`,
        { method: 'POST', ...(accept ? {} : { body: reason ? { reason } : {} }) },
      ),
  );

export const useEscalateDispute = (id: string) =>
  useDisputeMutation((reason: string) =>
    api<{ dispute: Dispute }>(`${path(id)}/escalate`, {
      method: 'POST',
      body: reason.trim() ? { reason: reason.trim() } : {},
    }),
  );
