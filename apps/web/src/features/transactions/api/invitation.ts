import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

type InviteAnswer = { invitation: Invitation & { transaction: Transaction } };

/** GET /api/transactions/invite/{code}: the preview an invitee sees before joining. */
export const useInvitation = (code: string) =>
  useQuery({
    queryKey: transactionKeys.invite(code),
    queryFn: ({ signal }) =>
      api<InviteAnswer>(`/transactions/invite/${encodeURIComponent(code)}`, { signal }),
    select: (answer) => answer.invitation,
    // An unknown or expired code will not start working on a second try.
    retry: false,
  });

/** POST /api/transactions/join {inviteCode}: the joiner takes the role opposite the creator's. */
export function useJoinTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      api<{ transaction: Transaction }>('/transactions/join', { method: 'POST', body: { inviteCode } }),
    onSuccess: async ({ transaction }) => {
      queryClient.setQueryData(transactionKeys.detail(transaction.id), { transaction });
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
