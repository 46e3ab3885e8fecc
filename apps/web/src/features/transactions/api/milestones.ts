import { useState } from 'react';
import type { DeliverMilestoneBody, Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { createIdempotencyKeys } from '../../../lib/money-mutation';
import { path, useTransactionAction } from './lifecycle';

type Answer = { transaction: Transaction };

/**
 * A milestone trade's steps (docs/money.md "Milestones"), each answering the updated transaction, which
 * becomes the current one (the server also pushes transaction:updated to both parties).
 */
const milestonePath = (id: string, milestoneId: string, action: string) =>
  path(id, `milestones/${encodeURIComponent(milestoneId)}/${action}`);

/** POST .../milestones/{milestoneId}/deliver: the seller's delivery (a note, files, shipment details). */
export const useDeliverMilestone = (id: string) =>
  useTransactionAction(({ milestoneId, body }: { milestoneId: string; body: DeliverMilestoneBody }) =>
    api<Answer>(milestonePath(id, milestoneId, 'deliver'), { method: 'POST', body }),
  );

/** POST .../milestones/{milestoneId}/accept: releases the milestone's amount, so it carries an idempotency key. */
export function useAcceptMilestone(id: string) {
  const [keys] = useState(createIdempotencyKeys);
  return useTransactionAction(async (milestoneId: string) => {
    try {
      const answer = await api<Answer>(milestonePath(id, milestoneId, 'accept'), {
        method: 'POST',
        headers: { 'Idempotency-Key': keys.keyFor({ milestoneId }) },
      });
      keys.settle();
      return answer;
    } catch (error) {
      keys.settle(error);
      throw error;
    }
  });
}

/** POST .../milestones/{milestoneId}/extend-inspection {days}: the buyer's one extension (1-7 days). */
export const useExtendMilestoneInspection = (id: string) =>
  useTransactionAction(({ milestoneId, days }: { milestoneId: string; days: number }) =>
    api<Answer>(milestonePath(id, milestoneId, 'extend-inspection'), { method: 'POST', body: { days } }),
  );
