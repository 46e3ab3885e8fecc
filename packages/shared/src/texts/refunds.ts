/**
 * Refund texts, without zod: the transaction view imports them from here, so showing where a refund went
 * does not download zod with the refund schemas (schemas/refunds.ts re-exports them for the server).
 */

/**
 * Where an escrow refund went (docs/money.md "Refunds"): a wallet payment back to the Amana wallet; a
 * card or bank-transfer payment back to the card or bank through the provider's refund.
 */
export const PROVIDER_REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CREDITED_TO_WALLET'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

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
