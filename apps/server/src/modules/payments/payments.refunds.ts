import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import type { AppConfig } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { paymentIntents, providerRefunds, type ProviderRefundRow } from '../../db/schema/payments.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { creditRefundToWallet, settleProviderRefund } from '../ledger/index.ts';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import { ProviderError, type RefundResult } from './payments.provider.ts';
import { msg } from '@escrow/shared/i18n/msg';

/** What sending refunds needs: the provider, and the buyer's notification when one fails for good. */
export type RefundDeps = Pick<PaymentsDeps, 'db' | 'clock' | 'log' | 'payments'> & {
  realtime: Realtime;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
};

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the refund is FAILED (staff step in). */
export const REFUND_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
export const REFUND_MAX_ATTEMPTS = REFUND_RETRY_DELAYS_MS.length + 1;
/** A claimed refund is not claimed again for this long (a provider call times out well before). */
const CLAIM_LEASE_MS = 5 * 60_000;
/** How often a refund the provider accepted but has not paid yet is looked up again. */
const PENDING_CHECK_MS = 30 * 60_000;
const BATCH = 20;

/**
 * The card or bank-transfer payment that funded this transaction's escrow (the consumed ESCROW intent
 * of its payment reference), or null when it was paid from the wallet.
 */
export async function providerFundingOf(
  tx: Tx,
  transaction: { id: string; paymentMethod: string | null; paymentReference: string | null },
) {
  if (transaction.paymentMethod === 'WALLET' || !transaction.paymentReference) return null;
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.reference, transaction.paymentReference),
        eq(paymentIntents.transactionId, transaction.id),
        eq(paymentIntents.purpose, 'ESCROW'),
        eq(paymentIntents.status, 'SUCCEEDED'),
      ),
    );
  return intent ?? null;
}

/**
 * Records the buyer's provider refund (PENDING, due now) in the caller's database transaction, the one
 * that moved the buyer's share from escrow to the refund clearing account (`entryId`). Once per
 * `idempotencyKey`. The provider is asked after commit (sendProviderRefund).
 */
export async function recordProviderRefund(
  tx: Tx,
  input: {
    idempotencyKey: string;
    transactionId: string;
    buyerId: string;
    funding: { reference: string; provider: string; method: string };
    amountMinor: number;
    currency: string;
    entryId: string;
    now: Date;
  },
): Promise<ProviderRefundRow | null> {
  const [row] = await tx
    .insert(providerRefunds)
    .values({
      idempotencyKey: input.idempotencyKey,
      transactionId: input.transactionId,
      buyerId: input.buyerId,
      provider: input.funding.provider,
      method: input.funding.method,
      paymentReference: input.funding.reference,
      amount: input.amountMinor,
      currency: input.currency,
      entryId: input.entryId,
      nextAttemptAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: providerRefunds.idempotencyKey })
    .returning();
  return row ?? null;
}

/** Claims the refund if it is due (a guarded update), so two processes never ask the provider at once. */
async function claim(deps: RefundDeps, id: string, now: Date): Promise<ProviderRefundRow | null> {
  const [row] = await deps.db
    .update(providerRefunds)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), updatedAt: now })
    .where(
      and(
        eq(providerRefunds.id, id),
        eq(providerRefunds.status, 'PENDING'),
        // Only the provider that took the payment can refund it (never another one configured since).
        eq(providerRefunds.provider, deps.payments.name),
        lte(providerRefunds.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export type RefundOutcome = 'succeeded' | 'pending' | 'retry' | 'failed' | 'skipped';

/** Our key for a refund at the provider (Paystack's merchant_note): one per provider_refunds row. */
export const providerRefundKey = (refund: Pick<ProviderRefundRow, 'id'>) => `amana-refund:${refund.id}`;

/**
 * Asks the provider for one refund, outside any database transaction. A refund it already accepted is
 * looked up by its reference; otherwise the provider is first asked whether it already has one carrying
 * our key (the answer to an earlier send may have been lost: a timeout, a crash after the call), which
 * is adopted, and only when it has none is the refund sent. Paid → SUCCEEDED with clearing → external in
 * one transaction; on its way → looked up again later; refused or unreachable → retried with backoff, and
 * after the last attempt FAILED (the money stays in refund clearing, staff see it, the buyer is told).
 */
export async function sendProviderRefund(deps: RefundDeps, id: string): Promise<RefundOutcome> {
  const now = deps.clock.now();
  const refund = await claim(deps, id, now);
  if (!refund) return 'skipped';
  let result: RefundResult;
  try {
    if (refund.providerRefundReference)
      result = await deps.payments.verifyRefund(refund.providerRefundReference);
    else {
      const key = providerRefundKey(refund);
      const found = await deps.payments.findRefund({
        reference: refund.paymentReference,
        currency: refund.currency,
        idempotencyKey: key,
        since: refund.createdAt,
      });
      result =
        found ??
        (await deps.payments.refund({
          reference: refund.paymentReference,
          amountMinor: refund.amount,
          currency: refund.currency,
          idempotencyKey: key,
        }));
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, refundId: id }, 'provider refund');
    // Outcome unknown: the reference (if any) is kept, and nothing is sent again without a lookup first.
    return failedAttempt(deps, refund, (error as Error).message, false);
  }
  if (result.status === 'success') return succeeded(deps, refund, result.refundReference);
  if (result.status === 'failed')
    return failedAttempt(deps, refund, 'The provider could not pay the refund', true);
  await deps.db
    .update(providerRefunds)
    .set({
      providerRefundReference: result.refundReference,
      nextAttemptAt: new Date(now.getTime() + PENDING_CHECK_MS),
      updatedAt: now,
    })
    .where(and(eq(providerRefunds.id, refund.id), eq(providerRefunds.status, 'PENDING')));
  return 'pending';
}

/** PENDING → SUCCEEDED and refund clearing → external funding, in the caller's transaction; once. */
async function markSucceeded(tx: Tx, refund: ProviderRefundRow, reference: string, now: Date) {
  const [done] = await tx
    .update(providerRefunds)
    .set({ status: 'SUCCEEDED', providerRefundReference: reference, succeededAt: now, updatedAt: now })
    .where(and(eq(providerRefunds.id, refund.id), eq(providerRefunds.status, 'PENDING')))
    .returning();
  if (!done) return false;
  const { entryId } = await settleProviderRefund(tx, {
    idempotencyKey: `provider-refund:${refund.id}`,
    transactionId: refund.transactionId,
    buyerId: refund.buyerId,
    currency: refund.currency,
    amountMinor: refund.amount,
    providerRefundReference: reference,
  });
  await tx.update(providerRefunds).set({ settledEntryId: entryId }).where(eq(providerRefunds.id, refund.id));
  return true;
}

async function succeeded(deps: RefundDeps, refund: ProviderRefundRow, reference: string) {
  const now = deps.clock.now();
  const done = await deps.db.transaction((tx) => markSucceeded(tx, refund, reference, now));
  return done ? ('succeeded' as const) : ('skipped' as const);
}

/**
 * One failed attempt, in the caller's transaction: retried after the next backoff delay, or FAILED once
 * the attempts ran out (with the buyer's 'Refund delayed' notification, announced after commit).
 * `forget`: the provider said the refund failed, so its reference is dropped and the next attempt sends
 * afresh (after looking up again); an unknown outcome keeps the reference.
 */
async function recordFailedAttempt(
  tx: Tx,
  refund: ProviderRefundRow,
  reason: string,
  forget: boolean,
  now: Date,
): Promise<{ outcome: 'retry' | 'failed' | 'skipped'; note: NotificationView | null }> {
  const attempts = refund.attempts + 1;
  const base = {
    attempts,
    lastError: reason.slice(0, 300),
    ...(forget ? { providerRefundReference: null } : {}),
    updatedAt: now,
  };
  const pending = and(eq(providerRefunds.id, refund.id), eq(providerRefunds.status, 'PENDING'));
  if (attempts < REFUND_MAX_ATTEMPTS) {
    const [retried] = await tx
      .update(providerRefunds)
      .set({ ...base, nextAttemptAt: new Date(now.getTime() + REFUND_RETRY_DELAYS_MS[attempts - 1]!) })
      .where(pending)
      .returning({ id: providerRefunds.id });
    return { outcome: retried ? 'retry' : 'skipped', note: null };
  }
  const [failed] = await tx
    .update(providerRefunds)
    .set({ ...base, status: 'FAILED', failedAt: now, nextAttemptAt: null })
    .where(pending)
    .returning();
  if (!failed) return { outcome: 'skipped', note: null };
  const amount = formatMoney(toMajor(refund.amount), refund.currency);
  const note = await createNotification(tx, {
    userId: refund.buyerId,
    transactionId: refund.transactionId,
    type: 'PAYMENT',
    priority: 'HIGH',
    title: msg('Refund delayed'),
    message: msg(
      'We could not pay your refund of {amount} back to your {method, select, CARD {card} other {bank account}}. Your money is safe with us and our support team is sorting it out; you do not need to do anything.',
    ),
    params: { amount, method: refund.method },
    metadata: { refundId: refund.id },
  });
  return { outcome: 'failed', note };
}

/** After commit: the buyer hears of their refund (in-app and e-mail); never fails the caller. */
export function announceRefund(deps: RefundDeps, note: NotificationView | null) {
  if (!note) return;
  try {
    pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error }, 'could not announce a refund');
  }
}

async function failedAttempt(deps: RefundDeps, refund: ProviderRefundRow, reason: string, forget: boolean) {
  const now = deps.clock.now();
  const { outcome, note } = await deps.db.transaction((tx) =>
    recordFailedAttempt(tx, refund, reason, forget, now),
  );
  if (outcome === 'retry')
    deps.log.warn(
      { refundId: refund.id, attempts: refund.attempts + 1 },
      'provider refund failed; retried later',
    );
  if (outcome === 'failed') {
    deps.log.error({ refundId: refund.id, transactionId: refund.transactionId }, 'provider refund FAILED');
    announceRefund(deps, note);
  }
  return outcome;
}

export type RefundEvent = {
  /** Paystack's refund.processed or refund.failed. */
  kind: 'processed' | 'failed';
  /** The refunded payment's reference (ours, the one we paid with). */
  transactionReference: string;
  /** Paystack's id of the refund, when the event names it. */
  refundId: string | null;
  amountMinor: number | null;
};

/**
 * A provider's refund event, in the webhook's database transaction (which also records the event, so a
 * redelivery does nothing). The PENDING refund of that payment is locked; processed → SUCCEEDED (as the
 * scheduler's lookup would), failed → a failed attempt (retried after the backoff, or FAILED once
 * attempts ran out).
 * An event for another refund than the one on its way (an older, failed one) or for a refund already
 * settled changes nothing.
 */
export async function applyRefundEvent(
  tx: Tx,
  provider: string,
  event: RefundEvent,
  now: Date,
): Promise<{ outcome: 'settled' | 'rescheduled' | 'ignored' | 'mismatch'; note: NotificationView | null }> {
  const [refund] = await tx
    .select()
    .from(providerRefunds)
    .where(
      and(
        eq(providerRefunds.provider, provider),
        eq(providerRefunds.paymentReference, event.transactionReference),
        eq(providerRefunds.status, 'PENDING'),
      ),
    )
    .for('update');
  if (!refund) return { outcome: 'ignored', note: null };
  if (event.refundId && refund.providerRefundReference && event.refundId !== refund.providerRefundReference)
    return { outcome: 'ignored', note: null };
  if (event.amountMinor !== null && event.amountMinor !== refund.amount)
    return { outcome: 'mismatch', note: null };
  if (event.kind === 'processed') {
    const reference = event.refundId ?? refund.providerRefundReference ?? event.transactionReference;
    return { outcome: (await markSucceeded(tx, refund, reference, now)) ? 'settled' : 'ignored', note: null };
  }
  // Rescheduled with the usual backoff: the scheduler looks it up again (a failed refund is never
  // adopted) and sends a new one.
  const failed = await recordFailedAttempt(tx, refund, 'The provider reported the refund failed', true, now);
  return { outcome: failed.outcome === 'skipped' ? 'ignored' : 'rescheduled', note: failed.note };
}

/**
 * The scheduler's pass: every PENDING refund of the configured provider that is due is sent or looked up
 * (see sendProviderRefund). Safe in several processes at once: each refund is claimed before the call.
 */
export async function retryDueProviderRefunds(deps: RefundDeps): Promise<Record<RefundOutcome, number>> {
  const counts: Record<RefundOutcome, number> = { succeeded: 0, pending: 0, retry: 0, failed: 0, skipped: 0 };
  const due = await deps.db
    .select({ id: providerRefunds.id })
    .from(providerRefunds)
    .where(
      and(
        eq(providerRefunds.status, 'PENDING'),
        eq(providerRefunds.provider, deps.payments.name),
        lte(providerRefunds.nextAttemptAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(providerRefunds.nextAttemptAt))
    .limit(BATCH);
  for (const { id } of due) counts[await sendProviderRefund(deps, id)] += 1;
  return counts;
}

/** The provider refunds of these transactions (receipts and views say where a refund went). */
export async function providerRefundsOf(deps: Pick<PaymentsDeps, 'db'>, transactionIds: string[]) {
  if (!transactionIds.length) return [];
  return deps.db.select().from(providerRefunds).where(inArray(providerRefunds.transactionId, transactionIds));
}

/** A staff member acting on a refund, for the audit log. */
export type RefundStaff = { id: string; requestId: string | null };

/** Locks a refund for a staff action; 404 when there is none, 409 unless it is FAILED. */
/** `refused`: the 409's message, with {status} the refund's status. */
async function lockFailed(tx: Tx, id: string, refused: string): Promise<ProviderRefundRow> {
  const [refund] = await tx.select().from(providerRefunds).where(eq(providerRefunds.id, id)).for('update');
  if (!refund) throw notFound(msg('Refund not found'));
  if (refund.status !== 'FAILED')
    throw new AppError('CONFLICT', refused, undefined, undefined, { status: refund.status });
  return refund;
}

const refundById = async (deps: Pick<RefundDeps, 'db'>, id: string) =>
  (await deps.db.select().from(providerRefunds).where(eq(providerRefunds.id, id)))[0]!;

/**
 * Staff send a FAILED refund again: PENDING, attempts from zero, due now (audit row in the same
 * transaction); the provider is then asked at once (looked up first, as always), and the answer is the
 * refund as it stands after that.
 */
export async function retryFailedRefund(deps: RefundDeps, id: string, staff: RefundStaff) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const refund = await lockFailed(
      tx,
      id,
      msg('Only a failed refund can be retried (this one is {status})'),
    );
    if (refund.provider !== deps.payments.name)
      throw new AppError(
        'CONFLICT',
        msg('This refund goes through {provider}, which is not configured; credit it to the wallet instead'),
        undefined,
        undefined,
        { provider: refund.provider },
      );
    await tx
      .update(providerRefunds)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now, failedAt: null, updatedAt: now })
      .where(and(eq(providerRefunds.id, id), eq(providerRefunds.status, 'FAILED')));
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'refund.retry',
      targetType: 'refund',
      targetId: id,
      summary: {
        before: { status: 'FAILED', attempts: refund.attempts, lastError: refund.lastError },
        after: { status: 'PENDING' },
      },
      requestId: staff.requestId,
      at: now,
    });
  });
  try {
    await sendProviderRefund(deps, id);
  } catch (error) {
    deps.log.error({ err: error, refundId: id }, 'retried refund not sent; the scheduler retries it');
  }
  return refundById(deps, id);
}

/**
 * Staff pay a FAILED refund into the buyer's Amana wallet instead: refund clearing → buyer wallet
 * through the ledger (once: the status is guarded and the entry has its own key), status
 * CREDITED_TO_WALLET, the buyer's notification and the audit row, all in one transaction.
 */
export async function creditFailedRefundToWallet(deps: RefundDeps, id: string, staff: RefundStaff) {
  const now = deps.clock.now();
  const note = await deps.db.transaction(async (tx) => {
    const refund = await lockFailed(
      tx,
      id,
      msg('Only a failed refund can be credited to the wallet (this one is {status})'),
    );
    const [credited] = await tx
      .update(providerRefunds)
      .set({ status: 'CREDITED_TO_WALLET', nextAttemptAt: null, updatedAt: now })
      .where(and(eq(providerRefunds.id, id), eq(providerRefunds.status, 'FAILED')))
      .returning();
    if (!credited) throw new AppError('CONFLICT', msg('Only a failed refund can be credited to the wallet'));
    const { entryId } = await creditRefundToWallet(tx, {
      idempotencyKey: `refund-to-wallet:${id}`,
      transactionId: refund.transactionId,
      buyerId: refund.buyerId,
      currency: refund.currency,
      amountMinor: refund.amount,
    });
    await tx.update(providerRefunds).set({ settledEntryId: entryId }).where(eq(providerRefunds.id, id));
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'refund.credit_wallet',
      targetType: 'refund',
      targetId: id,
      summary: {
        before: { status: 'FAILED' },
        after: { status: 'CREDITED_TO_WALLET', amount: toMajor(refund.amount), currency: refund.currency },
      },
      requestId: staff.requestId,
      at: now,
    });
    const amount = formatMoney(toMajor(refund.amount), refund.currency);
    return createNotification(tx, {
      userId: refund.buyerId,
      transactionId: refund.transactionId,
      type: 'PAYMENT',
      priority: 'HIGH',
      title: msg('Refund credited to your wallet'),
      message: msg(
        'Your refund of {amount} could not be paid back to your {method, select, CARD {card} other {bank account}}, so we credited it to your Amana wallet. You can withdraw it at any time.',
      ),
      params: { amount, method: refund.method },
      metadata: { refundId: refund.id },
    });
  });
  announceRefund(deps, note);
  return refundById(deps, id);
}
