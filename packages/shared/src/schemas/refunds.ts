import { z } from 'zod';

/**
 * Where an escrow refund went (docs/money.md "Refunds"): a wallet payment back to the Amana wallet; a
 * card or bank-transfer payment back to the card or bank through the provider's refund.
 */
export const PROVIDER_REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CREDITED_TO_WALLET'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

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

const METHOD_WORDS: Record<string, string> = { CARD: 'card', BANK_TRANSFER: 'bank account' };
const PROVIDER_NAMES: Record<string, string> = { paystack: 'Paystack', sandbox: 'the test provider' };

/** The receipt's and the transaction view's line: where the buyer's refund went, and how it stands. */
export function refundDestinationText(
  refund: { provider: string; method: string; status: ProviderRefundStatus; reference: string | null } | null,
): string {
  if (!refund) return 'Refunded to your Amana wallet';
  const to = `your ${METHOD_WORDS[refund.method] ?? 'card'} via ${PROVIDER_NAMES[refund.provider] ?? refund.provider}`;
  const ref = refund.reference ? `, ref ${refund.reference}` : '';
  if (refund.status === 'SUCCEEDED') return `Refunded to ${to}${ref}`;
  if (refund.status === 'FAILED') return `Refund to ${to} failed; our support team is sorting it out`;
  if (refund.status === 'CREDITED_TO_WALLET')
    return `Refund to ${to} could not be paid; credited to your Amana wallet instead`;
  return `Refund to ${to} is on its way${ref}`;
}
