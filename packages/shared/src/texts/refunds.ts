/**
 * Refund texts, without zod: the transaction view imports them from here, so showing where a refund went
 * does not download zod with the refund schemas (schemas/refunds.ts re-exports them for the server).
 */

import { msg } from '../i18n/msg.ts';

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

/**
 * refundDestinationText as one ICU message. {status}: 'WALLET' when there is no provider refund
 * (`refund` null), else refund.status; {method}: refund.method; {provider}: refund.provider as stored
 * ('paystack', 'sandbox', …); {reference}: refund.reference, or 'none' when it has none.
 */
export const refundDestinationTextMessage = msg(
  '{status, select, WALLET {Refunded to your Amana wallet} SUCCEEDED {Refunded to your {method, select, BANK_TRANSFER {bank account} other {card}} via {provider, select, paystack {Paystack} sandbox {the test provider} other {{provider}}}{reference, select, none {} other {, ref {reference}}}} FAILED {Refund to your {method, select, BANK_TRANSFER {bank account} other {card}} via {provider, select, paystack {Paystack} sandbox {the test provider} other {{provider}}} failed; our support team is sorting it out} CREDITED_TO_WALLET {Refund to your {method, select, BANK_TRANSFER {bank account} other {card}} via {provider, select, paystack {Paystack} sandbox {the test provider} other {{provider}}} could not be paid; credited to your Amana wallet instead} other {Refund to your {method, select, BANK_TRANSFER {bank account} other {card}} via {provider, select, paystack {Paystack} sandbox {the test provider} other {{provider}}} is on its way{reference, select, none {} other {, ref {reference}}}}}',
);
