import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  TestCheckout,
  TestCheckoutBody,
  TestCheckoutResult,
} from '@escrow/shared/schemas/test-checkout';
import { api } from '../../../lib/api-client';

const path = (reference: string) => `/payments/test-checkout/${encodeURIComponent(reference)}`;

/** GET /api/payments/test-checkout/{reference}: the payment the buyer is about to make (test mode). */
export const useTestCheckout = (reference: string) =>
  useQuery({
    queryKey: ['test-checkout', reference],
    queryFn: async () => (await api<{ checkout: TestCheckout }>(path(reference))).checkout,
    retry: false,
  });

/** POST the same path: one attempt with a test card, or 'I have sent the money' for a transfer. */
export const usePayTestCheckout = (reference: string) =>
  useMutation({
    mutationFn: async (body: TestCheckoutBody) =>
      (await api<{ result: TestCheckoutResult }>(path(reference), { method: 'POST', body })).result,
  });
