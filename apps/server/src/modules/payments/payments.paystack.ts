import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { withProviderSpan } from '../../lib/tracing.ts';
import {
  ProviderError,
  type PaymentProvider,
  type TransferCheck,
  type VerifyResult,
} from './payments.provider.ts';
import {
  customerDataSchema,
  dedicatedAccountDataSchema,
  describeIssues,
  initializeDataSchema,
  paystackEnvelopeSchema,
  paystackRefusalSchema,
  refundDataSchema,
  refundListDataSchema,
  resolveAccountDataSchema,
  transferDataSchema,
  transactionIdDataSchema,
  transferRecipientDataSchema,
  verifyDataSchema,
} from './payments.paystack-schemas.ts';

type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  dedicatedAccountBank: string;
  timeoutMs?: number;
};

/**
 * Paystack over its REST API (https://paystack.com/docs/api): Bearer secret key, amounts in the
 * currency's minor unit, webhooks signed with HMAC-SHA512 of the raw body using the same secret.
 */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  type Request = { param?: string; query?: URLSearchParams; body?: unknown };

  /** `send`, in a span 'paystack <endpoint>' when tracing is on (the endpoint only: no reference, no key). */
  function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    endpoint: string,
    dataSchema: S,
    request?: Request,
  ) {
    return withProviderSpan('paystack', endpoint, () => send(method, endpoint, dataSchema, request));
  }

  /**
   * One API call to `/{endpoint}[/{param}][?{query}]`; the answer is parsed (envelope, then `data`
   * against the endpoint's schema), never cast. Errors name the endpoint, never the param or query.
   */
  async function send<S extends z.ZodType>(
    method: 'GET' | 'POST',
    endpoint: string,
    dataSchema: S,
    request: Request = {},
  ): Promise<z.infer<S>> {
    const { param, query, body } = request;
    const path =
      `/${endpoint}` +
      (param === undefined ? '' : `/${encodeURIComponent(param)}`) +
      (query === undefined ? '' : `?${query.toString()}`);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Paystack unreachable: ${(error as Error).message}`, false);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ProviderError(
        `Paystack ${endpoint} answered ${response.status} without JSON`,
        false,
        response.status,
      );
    }
    if (!response.ok) {
      // 4xx: Paystack looked at the request and refused it. 5xx: outcome unknown.
      const definitive = response.status >= 400 && response.status < 500;
      const refusal = paystackRefusalSchema.safeParse(json);
      throw new ProviderError(
        refusal.success ? refusal.data.message : `Paystack answered ${response.status}`,
        definitive,
        response.status,
      );
    }
    const envelope = paystackEnvelopeSchema.safeParse(json);
    // From here on the answer is a 2xx: anything we cannot read leaves the outcome unknown, because
    // Paystack may well have done what was asked.
    if (!envelope.success) throw malformed(endpoint, response.status, describeIssues(envelope.error));
    if (!envelope.data.status)
      throw new ProviderError(
        envelope.data.message ?? `Paystack answered ${response.status}`,
        false,
        response.status,
      );
    const data = dataSchema.safeParse(envelope.data.data);
    if (!data.success) throw malformed(endpoint, response.status, describeIssues(data.error, 'data'));
    return data.data;
  }

  return {
    name: 'paystack',
    testMode: options.secretKey.startsWith('sk_test_'),
    settlesImmediately: false,

    async initialize(input) {
      const data = await call('POST', 'transaction/initialize', initializeDataSchema, {
        body: {
          email: input.email,
          amount: input.amountMinor,
          currency: input.currency,
          reference: input.reference,
          metadata: input.metadata,
          ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
        },
      });
      return { authorizationUrl: data.authorization_url };
    },

    async verify(reference): Promise<VerifyResult> {
      const data = await call('GET', 'transaction/verify', verifyDataSchema, { param: reference });
      // 'abandoned' and 'ongoing' mean the customer has not finished paying: still payable, so pending.
      const status =
        data.status === 'success'
          ? 'success'
          : data.status === 'failed' || data.status === 'reversed'
            ? 'failed'
            : 'pending';
      return { status, amountMinor: data.amount, currency: data.currency };
    },

    async resolveAccount(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call('GET', 'bank/resolve', resolveAccountDataSchema, { query });
      return { accountName: data.account_name };
    },

    async transfer(input) {
      const recipient = await call('POST', 'transferrecipient', transferRecipientDataSchema, {
        body: {
          type: 'nuban',
          name: input.accountName,
          account_number: input.accountNumber,
          bank_code: input.bankCode,
          currency: 'NGN',
        },
      });
      const data = await call('POST', 'transfer', transferDataSchema, {
        body: {
          source: 'balance',
          amount: input.amountMinor,
          recipient: recipient.recipient_code,
          reason: input.reason,
          reference: input.reference,
        },
      });
      const status = data.status === 'success' ? 'success' : data.status === 'failed' ? 'failed' : 'pending';
      return { status, transferCode: data.transfer_code };
    },

    async verifyTransfer(reference): Promise<TransferCheck> {
      try {
        const data = await call('GET', 'transfer/verify', transferDataSchema, { param: reference });
        // Anything else ('pending', 'otp', 'received', 'queued', 'abandoned' awaiting an OTP) may still
        // pay out, so the money stays out of the wallet until Paystack says which way it went.
        const status =
          data.status === 'success'
            ? 'success'
            : ['failed', 'reversed', 'rejected', 'blocked'].includes(data.status)
              ? 'failed'
              : 'pending';
        return { status, transferCode: data.transfer_code };
      } catch (error) {
        const notFound =
          error instanceof ProviderError &&
          (error.httpStatus === 404 || (error.httpStatus === 400 && /not found/i.test(error.message)));
        if (notFound) return { status: 'not_found' };
        throw error;
      }
    },

    async refund(input) {
      // https://paystack.com/docs/payments/refunds: queued, then refund.processed or refund.failed.
      const data = await call('POST', 'refund', refundDataSchema, {
        body: {
          transaction: input.reference,
          amount: input.amountMinor,
          currency: input.currency,
          // Our refund key, in both notes: findRefund recognises the refund by it after a lost answer.
          merchant_note: input.idempotencyKey,
          customer_note: `Amana Escrow refund ${input.idempotencyKey}`,
        },
      });
      return { status: refundStatus(data.status), refundReference: String(data.id) };
    },

    async findRefund(input) {
      // The refund list filters by Paystack's id of the transaction, which verify answers.
      const paid = await call('GET', 'transaction/verify', transactionIdDataSchema, {
        param: input.reference,
      });
      const transactionId = String(paid.id);
      // A day's margin on `from`: Paystack's dates need not be in our time zone.
      const from = new Date(input.since.getTime() - 86_400_000).toISOString().slice(0, 10);
      const query = new URLSearchParams({
        transaction: transactionId,
        currency: input.currency,
        from,
        perPage: '100',
      });
      const refunds = await call('GET', 'refund', refundListDataSchema, { query });
      const ours = refunds.filter((refund) => {
        const notes = [refund.merchant_note, refund.customer_note];
        if (!notes.some((note) => note?.includes(input.idempotencyKey))) return false;
        // Our key is unique to one transaction; the filter is checked anyway if Paystack names it.
        const of = refund.transaction;
        if (of === null || of === undefined) return true;
        if (typeof of !== 'object') return String(of) === transactionId || of === input.reference;
        return String(of.id ?? '') === transactionId || of.reference === input.reference;
      });
      // A failed refund paid nothing: only one paid or on its way is adopted (paid first).
      const found = ours
        .map((refund) => ({ status: refundStatus(refund.status), refundReference: String(refund.id) }))
        .filter((refund) => refund.status !== 'failed')
        .sort((a, b) => (a.status === 'success' ? -1 : 0) - (b.status === 'success' ? -1 : 0));
      return found[0] ?? null;
    },

    async verifyRefund(refundReference) {
      const data = await call('GET', 'refund', refundDataSchema, { param: refundReference });
      return { status: refundStatus(data.status), refundReference: String(data.id) };
    },

    async createDedicatedAccount(user) {
      const customer = await call('POST', 'customer', customerDataSchema, {
        body: { email: user.email, first_name: user.firstName, last_name: user.lastName },
      });
      const account = await call('POST', 'dedicated_account', dedicatedAccountDataSchema, {
        body: { customer: customer.customer_code, preferred_bank: options.dedicatedAccountBank },
      });
      return {
        accountNumber: account.account_number,
        bankName: account.bank.name,
        accountName: account.account_name,
        customerCode: customer.customer_code,
      };
    },

    verifyWebhook(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}

/** Paystack's refund statuses: 'processed' is paid back, 'failed' is final, anything else is on its way. */
function refundStatus(status: string): 'success' | 'pending' | 'failed' {
  return status === 'processed' ? 'success' : status === 'failed' ? 'failed' : 'pending';
}

/**
 * A 2xx answer we cannot read: the outcome is unknown (not definitive). The message names the
 * endpoint and the zod issue paths only, never a value from the answer or the secret key.
 */
function malformed(endpoint: string, httpStatus: number, issues: string): ProviderError {
  return new ProviderError(`Paystack ${endpoint} answered an unexpected shape: ${issues}`, false, httpStatus);
}
