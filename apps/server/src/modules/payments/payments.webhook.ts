import type { Tx } from '../../db/client.ts';
import { paymentIntents, processedWebhookEvents } from '../../db/schema/payments.ts';
import type { NotificationView } from '../notifications/index.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import type { PaystackEvent } from './payments.paystack-schemas.ts';
import { announceRefund, applyRefundEvent, type RefundDeps } from './payments.refunds.ts';
import { settleProviderPayment } from './payments.service.ts';

export type { PaystackEvent };

/**
 * What a transfer event does to a withdrawal. The wallet module owns withdrawals; the composition
 * root hands its functions in here, so payments does not depend on wallet (wallet depends on payments).
 */
export type WithdrawalOutcomes = {
  /** Each answers what to announce after commit (the user's notification), or null when nothing changed. */
  markCompleted: (tx: Tx, reference: string, at: Date, transferCode?: string) => Promise<unknown>;
  reverse: (tx: Tx, reference: string, reason: string) => Promise<unknown>;
  /** After commit, with what one of the two answered (payments does not look inside it). */
  announce: (note: unknown) => void;
};

/**
 * The user whose dedicated account a Paystack customer code names, or null, read in the webhook's
 * database transaction. The wallet module owns dedicated accounts; the composition root hands its
 * lookup in, as it does the withdrawal outcomes.
 */
export type DedicatedAccountOwner = (tx: Tx, customerCode: string) => Promise<string | null>;

export type WebhookDeps = Pick<PaymentsDeps, 'db' | 'clock' | 'log'> &
  RefundDeps & { withdrawals: WithdrawalOutcomes; dedicatedAccountOwner: DedicatedAccountOwner };

export type WebhookOutcome =
  'duplicate' | 'ignored' | 'credited' | 'confirmed' | 'settled' | 'reversed' | 'mismatch' | 'rescheduled';

type ActedEvent = Extract<PaystackEvent, { kind: 'acted' }>;
type ChargeSuccess = Extract<ActedEvent, { event: 'charge.success' }>;

/** Money sent to a user's dedicated account arrives with Paystack's own reference: record it as a deposit. */
async function creditDedicatedAccountTransfer(
  deps: Pick<WebhookDeps, 'dedicatedAccountOwner'>,
  tx: Tx,
  event: ChargeSuccess,
  now: Date,
): Promise<WebhookOutcome> {
  const { reference, amount, currency, customer } = event.data;
  const customerCode = customer?.customer_code;
  // A zero charge has nothing to credit (and a payment intent's amount must be positive).
  if (!customerCode || amount <= 0) return 'ignored';
  const userId = await deps.dedicatedAccountOwner(tx, customerCode);
  if (userId === null) return 'ignored';
  await tx
    .insert(paymentIntents)
    .values({
      reference,
      userId,
      purpose: 'DEPOSIT',
      amount,
      currency,
      method: 'BANK_TRANSFER',
      provider: 'paystack',
    })
    .onConflictDoNothing({ target: paymentIntents.reference });
  const outcome = await settleProviderPayment(tx, reference, { amountMinor: amount, currency }, now);
  return outcome === 'credited' ? 'credited' : 'ignored';
}

async function applyEvent(
  deps: WebhookDeps,
  tx: Tx,
  event: ActedEvent,
  now: Date,
  after: unknown[],
  refundNotes: NotificationView[],
): Promise<WebhookOutcome> {
  switch (event.event) {
    case 'charge.success': {
      const { reference, amount, currency } = event.data;
      const outcome = await settleProviderPayment(tx, reference, { amountMinor: amount, currency }, now);
      if (outcome === 'unknown') return creditDedicatedAccountTransfer(deps, tx, event, now);
      if (outcome === 'already') return 'duplicate';
      return outcome;
    }
    case 'transfer.success': {
      const { reference, transfer_code: transferCode } = event.data;
      const note = await deps.withdrawals.markCompleted(tx, reference, now, transferCode ?? undefined);
      after.push(note);
      return note ? 'settled' : 'ignored';
    }
    case 'transfer.failed':
    case 'transfer.reversed': {
      const note = await deps.withdrawals.reverse(tx, event.data.reference, event.event);
      after.push(note);
      return note ? 'reversed' : 'ignored';
    }
    case 'refund.processed':
    case 'refund.failed': {
      const { id, amount, transaction_reference: transactionReference } = event.data;
      const applied = await applyRefundEvent(
        tx,
        'paystack',
        {
          kind: event.event === 'refund.processed' ? 'processed' : 'failed',
          transactionReference,
          refundId: id === null || id === undefined ? null : String(id),
          amountMinor: amount ?? null,
        },
        now,
      );
      if (applied.note) refundNotes.push(applied.note);
      return applied.outcome;
    }
  }
}

/**
 * Applies a verified, parsed Paystack event exactly once: the event's key is recorded in the same
 * database transaction as its effect, so a redelivery is acknowledged without effect, and a failure
 * rolls both back (Paystack then retries). The ledger's own idempotency keys are a second guard.
 */
export async function handlePaystackEvent(deps: WebhookDeps, event: PaystackEvent): Promise<WebhookOutcome> {
  // A well-formed event of a type we do not act on is acknowledged (Paystack stops retrying) and
  // leaves no trace: nothing to apply, so nothing to deduplicate.
  if (event.kind === 'other') return 'ignored';
  const reference = 'reference' in event.data ? event.data.reference : event.data.transaction_reference;
  const key = `${event.event}:${event.data.id ?? ''}:${reference}`.slice(0, 300);
  const now = deps.clock.now();
  const after: unknown[] = [];
  const refundNotes: NotificationView[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ provider: 'paystack', eventKey: key, eventType: event.event.slice(0, 100) })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (!fresh) return 'duplicate' as const;
    return applyEvent(deps, tx, event, now, after, refundNotes);
  });
  // Committed: the user hears of their withdrawal's outcome.
  for (const note of after) deps.withdrawals.announce(note);
  for (const note of refundNotes) announceRefund(deps, note);
  if (outcome === 'mismatch')
    deps.log.error({ key }, 'paystack amount differs from the payment intent or refund');
  return outcome;
}
