import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import type { Db } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema/payments.ts';
import { ProviderError, type PaymentProvider } from './payments.provider.ts';

const FIRST_NAMES = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Tunde', 'Zainab'];
const LAST_NAMES = ['Adeyemi', 'Bello', 'Eze', 'Musa', 'Nwosu', 'Okafor', 'Olawale', 'Usman'];

/**
 * The default provider: no money leaves or enters the platform. Card and transfer payments settle
 * at once with a generated reference; the UI labels all of it "Test mode".
 * Test data: an account number whose first nine digits are all zero cannot be resolved.
 */
/** The sandbox's refund reference for one of our refunds: derived from our key, so always the same. */
function sandboxRefundReference(idempotencyKey: string) {
  return `RFD_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
}

export function createSandboxProvider(db: Db): PaymentProvider {
  /** Refunds this process has paid, by our key (the sandbox's own record for findRefund). */
  const refunded = new Map<string, string>();
  return {
    name: 'sandbox',
    testMode: true,
    settlesImmediately: true,
    async initialize({ reference, metadata }) {
      // An escrow payment goes through the app's test checkout, as a real one goes through Paystack's page.
      if (metadata.purpose !== 'ESCROW') return { authorizationUrl: null };
      return { authorizationUrl: `/app/test-checkout/${reference}` };
    },
    async verify(reference) {
      // The sandbox "bank" confirms exactly what the platform asked it to collect, unless the buyer's
      // last attempt on the test checkout was refused (a declined card): then, as Paystack, 'failed'.
      const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference));
      if (!intent) return { status: 'failed', amountMinor: 0, currency: 'NGN' };
      if (intent.status === 'PENDING' && intent.failureReason !== null)
        return { status: 'failed', amountMinor: intent.amount, currency: intent.currency };
      return { status: 'success', amountMinor: intent.amount, currency: intent.currency };
    },
    async resolveAccount(bankCode, accountNumber) {
      if (accountNumber.startsWith('000000000'))
        throw new ProviderError('Could not resolve account name', true, 422);
      const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
      const first = FIRST_NAMES[digest[0]! % FIRST_NAMES.length]!;
      const last = LAST_NAMES[digest[1]! % LAST_NAMES.length]!;
      return { accountName: `${first} ${last} (test)`.toUpperCase() };
    },
    async transfer() {
      return { status: 'success', transferCode: `TRF_sandbox_${randomBytes(8).toString('hex')}` };
    },
    async verifyTransfer() {
      // Sandbox transfers settle when they are made, so any that is asked about has been paid.
      return { status: 'success' as const };
    },
    async refund(input) {
      // The sandbox "bank" pays refunds back at once. Idempotent by our key: the same refund id always
      // gets the same reference, so a resend (after a lost answer or a restart) is the same refund.
      const refundReference = sandboxRefundReference(input.idempotencyKey);
      refunded.set(input.idempotencyKey, refundReference);
      return { status: 'success' as const, refundReference };
    },
    async verifyRefund(refundReference) {
      return { status: 'success' as const, refundReference };
    },
    async findRefund(input) {
      const refundReference = refunded.get(input.idempotencyKey);
      return refundReference ? { status: 'success' as const, refundReference } : null;
    },
    async createDedicatedAccount(user) {
      // A stable, check-digit-valid test NUBAN at Wema Bank (035) derived from the user id.
      const digest = createHash('sha256').update(user.id).digest();
      const serial = (digest.readUInt32BE(0) % 1_000_000_000).toString().padStart(9, '0');
      const accountNumber = `${serial}${nubanCheckDigit('035', serial)}`;
      return {
        accountNumber,
        bankName: 'Wema Bank (test)',
        accountName: `AMANA/${user.firstName} ${user.lastName}`.toUpperCase(),
      };
    },
    verifyWebhook() {
      // The sandbox sends no webhooks; anything claiming to be one is refused.
      return false;
    },
  };
}
