import { z } from 'zod';
import {
  PROVIDER_REFUND_STATUSES,
  refundDestinationText,
  refundDestinationTextMessage,
  type ProviderRefundStatus,
} from '../texts/refunds.ts';

/**
 * Where an escrow refund went (docs/money.md "Refunds"). The statuses and the refund line's text live in
 * texts/refunds.ts (zod-free, what screens import); re-exported here for the server.
 */
export {
  PROVIDER_REFUND_STATUSES,
  refundDestinationText,
  refundDestinationTextMessage,
  type ProviderRefundStatus,
};

/** A provider refund as staff see it (`GET /api/admin/refunds`). Amounts in major units. */
export const providerRefundSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  buyerId: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  provider: z.string(),
  method: z.string(),
  paymentReference: z.string(),
  providerRefundReference: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PROVIDER_REFUND_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  succeededAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProviderRefund = z.infer<typeof providerRefundSchema>;

export const providerRefundListQuerySchema = z.object({
  status: z.enum(PROVIDER_REFUND_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * A refunded transaction's `refund` as its buyer and seller see it (null for anyone else, and when
 * nothing was refunded). `destination`: 'WALLET' for a wallet payment (the refund is in the wallet:
 * SUCCEEDED), 'PROVIDER' for a card or bank-transfer payment (back through `provider`, with the
 * provider's `reference` once it has one): PENDING on its way, SUCCEEDED paid back, FAILED the provider
 * could not pay it (support is on it), CREDITED_TO_WALLET staff credited it to the Amana wallet instead.
 * `amount` is the buyer's share in major units.
 */
export const TRANSACTION_REFUND_DESTINATIONS = ['WALLET', 'PROVIDER'] as const;
export const transactionRefundSchema = z.object({
  destination: z.enum(TRANSACTION_REFUND_DESTINATIONS),
  status: z.enum(PROVIDER_REFUND_STATUSES),
  amount: z.number(),
  provider: z.string().optional(),
  reference: z.string().optional(),
});
export type TransactionRefund = z.infer<typeof transactionRefundSchema>;

/** POST /api/admin/refunds/{id}/retry and /credit-wallet answer the refund as it stands after. */
export const providerRefundAnswerSchema = z.object({ refund: providerRefundSchema });
