import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { paymentIntents, processedWebhookEvents } from '../../db/schema/payments.ts';
import { dedicatedAccounts } from '../../db/schema/wallet.ts';
import { markWithdrawalCompleted, reverseWithdrawal } from '../wallet/wallet.withdrawals.ts';
import { settleProviderPayment } from './payments.service.ts';

export type PaystackEvent = {
  event: string;
  data: {
    id?: number | string;
    reference?: string;
    amount?: number;
    currency?: string;
    transfer_code?: string;
    channel?: string;
    customer?: { customer_code?: string };
  };
};

export type WebhookOutcome =
  'duplicate' | 'ignored' | 'credited' | 'confirmed' | 'settled' | 'reversed' | 'mismatch';

export function isPaystackEvent(value: unknown): value is PaystackEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.event === 'string' && typeof v.data === 'object' && v.data !== null;
}

/** Money sent to a user's dedicated account arrives with Paystack's own reference: record it as a deposit. */
async function creditDedicatedAccountTransfer(tx: Tx, event: PaystackEvent): Promise<WebhookOutcome> {
  const { reference, amount, currency, customer } = event.data;
  if (!reference || !customer?.customer_code || !Number.isSafeInteger(amount) || !currency) return 'ignored';
  const [account] = await tx
    .select()
    .from(dedicatedAccounts)
    .where(eq(dedicatedAccounts.customerCode, customer.customer_code));
  if (!account) return 'ignored';
  await tx
    .insert(paymentIntents)
    .values({
      reference,
      userId: account.userId,
      purpose: 'DEPOSIT',
      amount: amount!,
      currency,
      method: 'BANK_TRANSFER',
      provider: 'paystack',
    })
    .onConflictDoNothing({ target: paymentIntents.reference });
  const outcome = await settleProviderPayment(tx, reference, { amountMinor: amount!, currency });
  return outcome === 'credited' ? 'credited' : 'ignored';
}

async function applyEvent(tx: Tx, event: PaystackEvent): Promise<WebhookOutcome> {
  const { reference, amount, currency } = event.data;
  switch (event.event) {
    case 'charge.success': {
      if (!reference || !Number.isSafeInteger(amount) || typeof currency !== 'string') return 'ignored';
      const outcome = await settleProviderPayment(tx, reference, { amountMinor: amount!, currency });
      if (outcome === 'unknown') return creditDedicatedAccountTransfer(tx, event);
      if (outcome === 'already') return 'duplicate';
      return outcome;
    }
    case 'transfer.success':
      if (!reference) return 'ignored';
      return (await markWithdrawalCompleted(tx, reference, event.data.transfer_code)) ? 'settled' : 'ignored';
    case 'transfer.failed':
    case 'transfer.reversed':
      if (!reference) return 'ignored';
      return (await reverseWithdrawal(tx, reference, event.event)) ? 'reversed' : 'ignored';
    default:
      return 'ignored';
  }
}

/**
 * Applies a verified Paystack event exactly once: the event's key is recorded in the same database
 * transaction as its effect, so a redelivery is acknowledged without effect, and a failure rolls
 * both back (Paystack then retries). The ledger's own idempotency keys are a second guard.
 */
export async function handlePaystackEvent(
  app: FastifyInstance,
  event: PaystackEvent,
): Promise<WebhookOutcome> {
  const key = `${event.event}:${event.data.id ?? ''}:${event.data.reference ?? ''}`.slice(0, 300);
  const outcome = await app.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ provider: 'paystack', eventKey: key, eventType: event.event.slice(0, 100) })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (!fresh) return 'duplicate' as const;
    return applyEvent(tx, event);
  });
  if (outcome === 'mismatch')
    app.log.error({ key }, 'paystack charge amount differs from the payment intent');
  return outcome;
}
