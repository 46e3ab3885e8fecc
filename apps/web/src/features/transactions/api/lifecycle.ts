import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  DeliveryDetails,
  ReceiptChecklist,
  ShipmentDataInput,
  Transaction,
} from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';
import { createIdempotencyKeys } from '../../../lib/money-mutation';

type Answer = { transaction: Transaction };

/** After any action: the answer becomes the current transaction and every transaction view refetches. */
export function useTransactionAction<Input>(request: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async ({ transaction }) => {
      queryClient.setQueryData(transactionKeys.detail(transaction.id), { transaction });
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}

export const path = (id: string, action: string) => `/transactions/${encodeURIComponent(id)}/${action}`;

/** POST .../cancel: either party, before payment. */
export const useCancelTransaction = (id: string) =>
  useTransactionAction((reason: string | undefined) =>
    api<Answer>(path(id, 'cancel'), { method: 'POST', body: reason ? { reason } : {} }),
  );

/** POST .../extend-inspection: the buyer's one extension of the inspection period (1-7 days). */
export const useExtendInspection = (id: string) =>
  useTransactionAction((days: number) =>
    api<Answer>(path(id, 'extend-inspection'), { method: 'POST', body: { days } }),
  );

/** PUT .../delivery-details: the buyer's address (country Nigeria). */
export const useSaveDeliveryDetails = (id: string) =>
  useTransactionAction((deliveryDetails: DeliveryDetails) =>
    api<Answer>(path(id, 'delivery-details'), { method: 'PUT', body: { deliveryDetails } }),
  );

/** PUT .../shipping-details {shipmentData}: the seller confirms shipment (photos are upload ids). */
export const useConfirmShipment = (id: string) =>
  useTransactionAction((shipmentData: ShipmentDataInput) =>
    api<Answer>(path(id, 'shipping-details'), { method: 'PUT', body: { shipmentData } }),
  );

/** PUT .../confirm-receipt with the five ticked boxes; releases the escrow, so it carries an idempotency key. */
export function useConfirmReceipt(id: string) {
  const [keys] = useState(createIdempotencyKeys);
  return useTransactionAction(async (checklist: ReceiptChecklist) => {
    try {
      const answer = await api<Answer>(path(id, 'confirm-receipt'), {
        method: 'PUT',
        body: checklist,
        headers: { 'Idempotency-Key': keys.keyFor(checklist) },
      });
      keys.settle();
      return answer;
    } catch (error) {
      keys.settle(error);
      throw error;
    }
  });
}
