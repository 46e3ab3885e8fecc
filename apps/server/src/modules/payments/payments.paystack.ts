import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  type PaymentProvider,
  type TransferCheck,
  type VerifyResult,
} from './payments.provider.ts';

type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  dedicatedAccountBank: string;
  timeoutMs?: number;
};
type PaystackAnswer<T> = { status: boolean; message?: string; data?: T };

/**
 * Paystack over its REST API (https://paystack.com/docs/api): Bearer secret key, amounts in the
 * currency's minor unit, webhooks signed with HMAC-SHA512 of the raw body using the same secret.
 */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
    let answer: PaystackAnswer<T>;
    try {
      answer = (await response.json()) as PaystackAnswer<T>;
    } catch {
      throw new ProviderError(`Paystack answered ${response.status} without JSON`, false, response.status);
    }
    if (!response.ok || !answer.status || answer.data === undefined) {
      // 4xx: Paystack looked at the request and refused it. 5xx: outcome unknown.
      const definitive = response.status >= 400 && response.status < 500;
      throw new ProviderError(
        answer.message ?? `Paystack answered ${response.status}`,
        definitive,
        response.status,
      );
    }
    return answer.data;
  }

  return {
    name: 'paystack',
    testMode: options.secretKey.startsWith('sk_test_'),
    settlesImmediately: false,

    async initialize(input) {
      const data = await call<{ authorization_url: string }>('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        metadata: input.metadata,
        ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
      });
      return { authorizationUrl: data.authorization_url };
    },

    async verify(reference): Promise<VerifyResult> {
      const data = await call<{ status: string; amount: number; currency: string }>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
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
      const data = await call<{ account_name: string }>('GET', `/bank/resolve?${query.toString()}`);
      return { accountName: data.account_name };
    },

    async transfer(input) {
      const recipient = await call<{ recipient_code: string }>('POST', '/transferrecipient', {
        type: 'nuban',
        name: input.accountName,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: 'NGN',
      });
      const data = await call<{ status: string; transfer_code: string }>('POST', '/transfer', {
        source: 'balance',
        amount: input.amountMinor,
        recipient: recipient.recipient_code,
        reason: input.reason,
        reference: input.reference,
      });
      const status = data.status === 'success' ? 'success' : data.status === 'failed' ? 'failed' : 'pending';
      return { status, transferCode: data.transfer_code };
    },

    async verifyTransfer(reference): Promise<TransferCheck> {
      try {
        const data = await call<{ status: string; transfer_code: string }>(
          'GET',
          `/transfer/verify/${encodeURIComponent(reference)}`,
        );
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

    async createDedicatedAccount(user) {
      const customer = await call<{ customer_code: string }>('POST', '/customer', {
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
      });
      const account = await call<{ account_number: string; account_name: string; bank: { name: string } }>(
        'POST',
        '/dedicated_account',
        { customer: customer.customer_code, preferred_bank: options.dedicatedAccountBank },
      );
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
