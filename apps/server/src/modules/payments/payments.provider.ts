import type { PaymentProviderName } from '@escrow/shared/schemas/wallet';

/**
 * What the platform needs from a payment provider. Amounts are minor units (kobo for NGN).
 * Two adapters: the sandbox (default; everything settles at once, clearly marked test mode) and
 * Paystack (real HTTP), chosen by config.paymentProvider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The UI shows "Test mode" wherever money moves: sandbox, or Paystack with a test secret key. */
  readonly testMode: boolean;
  /** True when payments are confirmed at once (no hosted checkout page to visit). */
  readonly settlesImmediately: boolean;
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string | null }>;
  verify(reference: string): Promise<VerifyResult>;
  resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
  /** Where a transfer stands now, by our reference; used to settle withdrawals left pending. */
  verifyTransfer(reference: string): Promise<TransferCheck>;
  createDedicatedAccount(user: DedicatedAccountUser): Promise<DedicatedAccount>;
  /**
   * Pays (part of) a confirmed payment back to the card or bank it came from. `idempotencyKey` is ours
   * for this refund (sent along so the provider's records name it).
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Where a refund the provider accepted stands now, by the provider's refund reference. */
  verifyRefund(refundReference: string): Promise<RefundResult>;
  /**
   * A refund of this payment the provider already has for our `idempotencyKey` (made since `since`), or
   * null when it has none that is paid or on its way. Asked before every send, so a refund whose answer
   * was lost (a timeout, a crash after the call) is adopted, never sent twice.
   */
  findRefund(input: FindRefundInput): Promise<RefundResult | null>;
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

export type InitializeInput = {
  reference: string;
  email: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, unknown>;
  callbackUrl?: string;
};

export type VerifyResult = {
  status: 'success' | 'pending' | 'failed';
  amountMinor: number;
  currency: string;
};

export type TransferInput = {
  reference: string;
  amountMinor: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  reason: string;
};

export type TransferResult = { status: 'success' | 'pending' | 'failed'; transferCode: string };

/** `not_found`: the provider has no transfer with this reference (the request never reached it). */
export type TransferCheck = {
  status: 'success' | 'pending' | 'failed' | 'not_found';
  transferCode?: string;
};

export type RefundInput = {
  /** The provider's reference of the payment being refunded. */
  reference: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
};

export type FindRefundInput = {
  /** The provider's reference of the payment that was refunded. */
  reference: string;
  currency: string;
  idempotencyKey: string;
  /** No refund of ours is older than this (the provider refund row's creation). */
  since: Date;
};

/** `pending`: accepted and on its way (Paystack processes refunds asynchronously). */
export type RefundResult = { status: 'success' | 'pending' | 'failed'; refundReference: string };

export type DedicatedAccountUser = { id: string; email: string; firstName: string; lastName: string };
export type DedicatedAccount = {
  accountNumber: string;
  bankName: string;
  accountName: string;
  customerCode?: string;
};

/**
 * A provider call that did not succeed. `definitive` means the provider answered and refused (the
 * operation certainly did not happen); otherwise the outcome is unknown (timeout, 5xx) and money
 * must not be assumed moved or not moved.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly definitive: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}
