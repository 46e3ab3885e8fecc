import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeeCalculateRequest, FeeCalculationResult } from '@escrow/shared/schemas/fee-calculator';
import { api } from '../../../lib/api-client';
import { feeCalculatorKeys } from './fee-history';

/** POST /api/escrow-calculator/calculate: the server quotes from the user's own level and trust score. */
export const calculateFee = (body: FeeCalculateRequest) =>
  api<FeeCalculationResult>('/escrow-calculator/calculate', { method: 'POST', body });

export function useCalculateFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calculateFee,
    // The new calculation heads the history list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeCalculatorKeys.all }),
  });
}
