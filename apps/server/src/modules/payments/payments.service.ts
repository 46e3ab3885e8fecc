import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentsDeps } from './payments.deps.ts';
import type { Tx } from '../../db/client.ts';
import {
  paymentIntents,
  type PaymentIntentPurpose,
  type PaymentIntentRow,
} from '../../db/schema/payments.ts';
import { tradeDirectory } from '../../db/schema/published.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { accountCodes, holdFromProvider, postEntry, type HoldResult } from '../ledger/index.ts';
import { ProviderError } from './payments.provider.ts';

export const PROVIDER_UNAVAILABLE = msg('The payment provider is unavailable. Please try again shortly.');

/** Unique, unguessable and in the character set Paystack accepts for references. */
export function newReference(prefix: 'dep' | 'esc' | 'wd'): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

/** Maps a provider failure to an API error (never a 500 for the provider's trouble). */
export function providerFailure(error: unknown): AppError {
  if (error instanceof ProviderError)
    return new AppError(
      error.definitive ? 'UNPROCESSABLE' : 'SERVICE_UNAVAILABLE',
      error.definitive ? error.message : PROVIDER_UNAVAILABLE,
    );
  throw error;
}

export type CreatePaymentIntentInput = {
  userId: string;
  email: string;
  purpose: PaymentIntentPurpose;
  transactionId: string | null;
  amountMinor: number;
  currency: string;
  method: string;
};

/**
 * Issues a single-use reference for money coming in through the provider and, for Paystack, the
 * hosted checkout URL. The sandbox confirms such a reference as soon as it is verified.
 */
export async function createPaymentIntent(
  deps: PaymentsDeps,
  input: CreatePaymentIntentInput,
): Promise<{ reference: string; authorizationUrl: string | null; testMode: boolean }> {
  const reference = newReference(input.purpose === 'DEPOSIT' ? 'dep' : 'esc');
  await deps.db.insert(paymentIntents).values({
    reference,
    userId: input.userId,
    purpose: input.purpose,
    transactionId: input.transactionId,
    amount: input.amountMinor,
    currency: input.currency,
    method: input.method,
    provider: deps.payments.name,
  });
  const callbackUrl =
    input.purpose === 'DEPOSIT'
      ? `${deps.config.publicUrl}/app/wallet?reference=${reference}`
      : `${deps.config.publicUrl}/app/payment/${input.transactionId}?reference=${reference}`;
  let authorizationUrl: string | null;
  try {
    ({ authorizationUrl } = await deps.payments.initialize({
      reference,
      email: input.email,
      amountMinor: input.amountMinor,
      currency: input.currency,
      metadata: { purpose: input.purpose, transactionId: input.transactionId, userId: input.userId },
      callbackUrl,
    }));
  } catch (error) {
    await deps.db
      .update(paymentIntents)
      .set({ status: 'FAILED', failureReason: (error as Error).message.slice(0, 300) })
      .where(and(eq(paymentIntents.reference, reference), eq(paymentIntents.status, 'PENDING')));
    throw providerFailure(error);
  }
  if (authorizationUrl)
    await deps.db
      .update(paymentIntents)
      .set({ authorizationUrl })
      .where(eq(paymentIntents.reference, reference));
  return { reference, authorizationUrl, testMode: deps.payments.testMode };
}

export type SettleOutcome = 'confirmed' | 'credited' | 'already' | 'mismatch' | 'unknown';

/**
 * Records that the provider collected `observed` for `reference`, exactly once (the intent row is
 * locked). A deposit is credited to the wallet here; an escrow intent waits to be consumed by its
 * transaction. The amount and currency must match what was asked for.
 */
export async function settleProviderPayment(
  tx: Tx,
  reference: string,
  observed: { amountMinor: number; currency: string },
  now: Date,
): Promise<SettleOutcome> {
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, reference))
    .for('update');
  if (!intent) return 'unknown';
  if (intent.status === 'SUCCEEDED') return 'already';
  if (observed.amountMinor !== intent.amount || observed.currency !== intent.currency) {
    await tx
      .update(paymentIntents)
      .set({
        status: 'FAILED',
        failureReason: `Provider reported ${observed.amountMinor} ${observed.currency}`,
      })
      .where(eq(paymentIntents.id, intent.id));
    return 'mismatch';
  }
  if (intent.purpose === 'ESCROW') {
    await tx
      .update(paymentIntents)
      .set({ status: 'SUCCEEDED', confirmedAt: now })
      .where(eq(paymentIntents.id, intent.id));
    // Collected after the transaction stopped taking payments (cancelled, or paid another way):
    // the money goes to the buyer's wallet at once instead of waiting for a payment that cannot come.
    if (intent.transactionId && !(await transactionAwaitsPayment(tx, intent.transactionId))) {
      await creditUnspentEscrowIntents(tx, intent.transactionId, now);
      return 'credited';
    }
    return 'confirmed';
  }
  const { entry } = await postEntry(tx, {
    idempotencyKey: `deposit:${reference}`,
    kind: 'DEPOSIT',
    description: msg('Wallet deposit'),
    currency: intent.currency,
    userId: intent.userId,
    metadata: { reference, provider: intent.provider },
    postings: [
      { accountCode: accountCodes.externalFunding(intent.currency), amountMinor: -intent.amount },
      { accountCode: accountCodes.userWallet(intent.userId, intent.currency), amountMinor: intent.amount },
    ],
  });
  await tx
    .update(paymentIntents)
    .set({ status: 'SUCCEEDED', confirmedAt: now, consumedAt: now, entryId: entry.id, failureReason: null })
    .where(eq(paymentIntents.id, intent.id));
  return 'credited';
}

/**
 * Asks the provider about a reference and records the answer. Call it OUTSIDE a database
 * transaction (it waits on the network). Unknown references are 'failed'.
 */
export async function confirmProviderPayment(
  deps: PaymentsDeps,
  reference: string,
): Promise<{ status: 'success' | 'pending' | 'failed'; intent: PaymentIntentRow | null }> {
  const [intent] = await deps.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference));
  if (!intent) return { status: 'failed', intent: null };
  if (intent.status === 'SUCCEEDED') return { status: 'success', intent };
  let verified;
  try {
    verified = await deps.payments.verify(reference);
  } catch (error) {
    throw providerFailure(error);
  }
  if (verified.status === 'success') {
    const outcome = await deps.db.transaction((tx) =>
      settleProviderPayment(tx, reference, verified, deps.clock.now()),
    );
    if (outcome === 'mismatch')
      deps.log.error({ reference }, 'provider amount differs from the payment intent');
  } else if (verified.status === 'failed') {
    await deps.db
      .update(paymentIntents)
      .set({ status: 'FAILED', failureReason: msg('Declined by the provider') })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')));
  }
  const [after] = await deps.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
  const status =
    after!.status === 'SUCCEEDED' ? 'success' : after!.status === 'FAILED' ? 'failed' : 'pending';
  return { status, intent: after! };
}

/**
 * Spends a confirmed escrow reference on the transaction it was issued for, once: the guarded
 * update (`consumed_at is null`) lets exactly one caller through; then external funding → escrow.
 */
export async function consumeEscrowIntent(
  tx: Tx,
  input: {
    reference: string;
    userId: string;
    transactionId: string;
    amountMinor: number;
    currency: string;
    at: Date;
    /** Recorded on the hold: the wallet history names the seller, a partial refund finds them. */
    sellerId?: string | null;
  },
): Promise<HoldResult> {
  const [intent] = await tx
    .update(paymentIntents)
    .set({ consumedAt: input.at })
    .where(
      and(
        eq(paymentIntents.reference, input.reference),
        eq(paymentIntents.userId, input.userId),
        eq(paymentIntents.purpose, 'ESCROW'),
        eq(paymentIntents.transactionId, input.transactionId),
        eq(paymentIntents.amount, input.amountMinor),
        eq(paymentIntents.currency, input.currency),
        inArray(paymentIntents.status, ['SUCCEEDED']),
        isNull(paymentIntents.consumedAt),
      ),
    )
    .returning();
  if (!intent) throw new AppError('UNPROCESSABLE', msg('Invalid or already used payment reference'));
  const hold = await holdFromProvider(tx, {
    transactionId: input.transactionId,
    buyerId: input.userId,
    sellerId: input.sellerId ?? null,
    currency: input.currency,
    amountMinor: input.amountMinor,
    providerReference: input.reference,
    idempotencyKey: `escrow-hold:intent:${input.reference}`,
  });
  await tx.update(paymentIntents).set({ entryId: hold.entryId }).where(eq(paymentIntents.id, intent.id));
  return hold;
}

/**
 * Provider payments confirmed for a transaction but never spent on it (the transaction was cancelled,
 * or the buyer paid another way) are credited to the buyer's wallet, each exactly once: the row lock and
 * `consumed_at` guard stop a second credit, and the ledger idempotency key backs that up.
 */
export async function creditUnspentEscrowIntents(tx: Tx, transactionId: string, now: Date): Promise<number> {
  const unspent = await tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.transactionId, transactionId),
        eq(paymentIntents.purpose, 'ESCROW'),
        eq(paymentIntents.status, 'SUCCEEDED'),
        isNull(paymentIntents.consumedAt),
      ),
    )
    .for('update');
  for (const intent of unspent) {
    const { entry } = await postEntry(tx, {
      idempotencyKey: `escrow-unspent:${intent.reference}`,
      kind: 'DEPOSIT',
      description: msg('Unused escrow payment returned to your wallet'),
      currency: intent.currency,
      userId: intent.userId,
      transactionId,
      metadata: { reference: intent.reference, provider: intent.provider },
      postings: [
        { accountCode: accountCodes.externalFunding(intent.currency), amountMinor: -intent.amount },
        { accountCode: accountCodes.userWallet(intent.userId, intent.currency), amountMinor: intent.amount },
      ],
    });
    await tx
      .update(paymentIntents)
      .set({ consumedAt: now, entryId: entry.id })
      .where(eq(paymentIntents.id, intent.id));
  }
  return unspent.length;
}

/** Whether the transaction can still be paid (the states the transition table accepts PAY in). */
async function transactionAwaitsPayment(tx: Tx, transactionId: string): Promise<boolean> {
  // Read through the published trade directory: the transactions module calls into payments, so
  // calling back into it would loop.
  const [row] = await tx
    .select({ status: tradeDirectory.status })
    .from(tradeDirectory)
    .where(eq(tradeDirectory.id, transactionId));
  // An intent whose transaction row is not found keeps waiting to be consumed (nothing to decide on).
  if (!row) return true;
  return row.status === 'ACTIVE' || row.status === 'WAITING_FOR_PAYMENT';
}
