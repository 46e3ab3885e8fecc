/**
 * Payments: the provider (sandbox or Paystack), payment intents and their settlement, the webhook.
 * Wallet and transactions call these; payments depends on the ledger only (withdrawal outcomes from
 * the webhook are handed to it as functions by the composition root).
 */
export { createPaymentProvider } from './payments.plugin.ts';
export { paymentsModule } from './payments.plugin.ts';
export type { PaymentsDeps } from './payments.deps.ts';
export type { WithdrawalOutcomes } from './payments.webhook.ts';
export type { DedicatedAccountOwner } from './payments.webhook.ts';
export {
  providerFundingOf,
  providerRefundsOf,
  recordProviderRefund,
  retryDueProviderRefunds,
  sendProviderRefund,
  type RefundDeps,
} from './payments.refunds.ts';
export { refundsOwedTo } from './payments.refunds-owed.ts';
export { dueProviderRefunds } from './payments.backlog.ts';
export {
  ProviderError,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type TransferInput,
  type TransferCheck,
} from './payments.provider.ts';
export {
  PROVIDER_UNAVAILABLE,
  confirmProviderPayment,
  consumeEscrowIntent,
  createPaymentIntent,
  creditUnspentEscrowIntents,
  newReference,
  providerFailure,
  settleProviderPayment,
} from './payments.service.ts';
export { ownPaymentIntent, recordSandboxDepositIntent } from './payments.deposit-intents.ts';
