import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { escrowHolds, journalEntries, type EscrowHoldRow } from '../../db/schema/ledger.ts';
import { AppError } from '../../lib/errors.ts';
import { accountCodes } from './ledger.accounts.ts';
import { LedgerInvariantError, postEntry, type PostingInput } from './ledger.post.ts';

/**
 * Escrow as a two-phase hold (TigerBeetle's pending/post/void): paying moves the total into the
 * transaction's escrow account; release or refund empties it exactly once. Every function runs in the
 * caller's database transaction (`tx`), so the hold, the postings and the caller's own rows (status,
 * activity) commit or roll back together. Post one business event per database transaction (pay, then
 * later release, in separate transactions): accounts are locked in a fixed order within an entry, and
 * two entries in one transaction could lock user accounts out of that order.
 */
export type EscrowHold = {
  transactionId: string;
  buyerId: string;
  sellerId: string | null;
  currency: string;
  amountMinor: number;
  status: EscrowHoldRow['status'];
  resolvedAt: Date | null;
  createdAt: Date;
};

export type HoldResult = { hold: EscrowHold; entryId: string; replayed: boolean };

function toHold(row: EscrowHoldRow): EscrowHold {
  return {
    transactionId: row.transactionId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    currency: row.currency,
    amountMinor: row.amount,
    status: row.status,
    resolvedAt: row.resolvedAt,
    createdAt: row.createdAt,
  };
}

function assertAmount(name: string, value: number, allowZero = false) {
  if (!Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0))
    throw new LedgerInvariantError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
}

async function entryIdFor(tx: Tx, idempotencyKey: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

async function holdRow(db: DbOrTx, transactionId: string): Promise<EscrowHoldRow | null> {
  const [row] = await db.select().from(escrowHolds).where(eq(escrowHolds.transactionId, transactionId));
  return row ?? null;
}

async function replayOf(tx: Tx, transactionId: string, idempotencyKey: string): Promise<HoldResult | null> {
  const entryId = await entryIdFor(tx, idempotencyKey);
  if (!entryId) return null;
  const row = await holdRow(tx, transactionId);
  if (!row) throw new LedgerInvariantError(`Entry ${idempotencyKey} exists without its escrow hold`);
  return { hold: toHold(row), entryId, replayed: true };
}

type HoldInput = {
  transactionId: string;
  buyerId: string;
  currency: string;
  amountMinor: number;
  idempotencyKey: string;
  /** Optional: lets the wallet history name the counterparty and a partial refund find the seller. */
  sellerId?: string | null;
};

async function openHold(tx: Tx, input: HoldInput, source: PostingInput, kindText: string, extra = {}) {
  assertAmount('amountMinor', input.amountMinor);
  // No pre-check for a replay: a replayed key means the hold row exists, so the insert finds it.
  const [created] = await tx
    .insert(escrowHolds)
    .values({
      transactionId: input.transactionId,
      buyerId: input.buyerId,
      sellerId: input.sellerId ?? null,
      currency: input.currency,
      amount: input.amountMinor,
    })
    .onConflictDoNothing({ target: escrowHolds.transactionId })
    .returning();
  if (!created) {
    // Same key: a replay (possibly of a request that committed while we waited on the index).
    const replay = await replayOf(tx, input.transactionId, input.idempotencyKey);
    if (replay) return replay;
    throw new AppError('CONFLICT', 'Escrow is already funded for this transaction');
  }
  const { entry, created: posted } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_HOLD',
    description: kindText,
    currency: input.currency,
    userId: input.buyerId,
    transactionId: input.transactionId,
    metadata: extra,
    insufficientFundsMessage: 'Insufficient wallet balance',
    postings: [
      source,
      { accountCode: accountCodes.escrow(input.transactionId), amountMinor: input.amountMinor },
    ],
  });
  if (!posted)
    throw new LedgerInvariantError(`Key ${input.idempotencyKey} was already used by another entry`);
  return { hold: toHold(created), entryId: entry.id, replayed: false };
}

/** Buyer wallet → escrow. Not enough in the wallet → 422 INSUFFICIENT_FUNDS 'Insufficient wallet balance'. */
export async function holdFromWallet(tx: Tx, input: HoldInput): Promise<HoldResult> {
  const wallet = {
    accountCode: accountCodes.userWallet(input.buyerId, input.currency),
    amountMinor: -input.amountMinor,
  };
  return openHold(tx, input, wallet, 'Escrow payment from wallet', { source: 'wallet' });
}

/** External funding → escrow, for a card or bank-transfer payment the provider has confirmed. */
export async function holdFromProvider(
  tx: Tx,
  input: HoldInput & { providerReference: string },
): Promise<HoldResult> {
  const funding = accountCodes.externalFunding(input.currency);
  return openHold(tx, input, { accountCode: funding, amountMinor: -input.amountMinor }, 'Escrow payment', {
    source: 'provider',
    reference: input.providerReference,
  });
}

/**
 * Marks the hold resolved with a guarded update (`where status = 'HELD'`), so of two racing
 * resolutions exactly one proceeds; the other gets 409 'Escrow has already been resolved'.
 */
async function resolveHold(
  tx: Tx,
  transactionId: string,
  idempotencyKey: string,
  status: 'RELEASED' | 'REFUNDED',
  totalMinor: number,
): Promise<EscrowHoldRow | HoldResult> {
  // A replayed key means this hold was already resolved by it: the guarded update finds nothing.
  const [row] = await tx
    .update(escrowHolds)
    .set({ status, resolvedAt: new Date() })
    .where(and(eq(escrowHolds.transactionId, transactionId), eq(escrowHolds.status, 'HELD')))
    .returning();
  if (!row) {
    const replay = await replayOf(tx, transactionId, idempotencyKey);
    if (replay) return replay;
    const existing = await holdRow(tx, transactionId);
    if (!existing) throw new AppError('CONFLICT', 'Escrow is not funded for this transaction');
    throw new AppError('CONFLICT', 'Escrow has already been resolved');
  }
  if (totalMinor !== row.amount)
    throw new LedgerInvariantError(`Resolution of ${totalMinor} does not match the hold of ${row.amount}`);
  return row;
}

/** Escrow → seller wallet (price) + platform fees (fee). price + fee must equal the hold. */
export async function releaseHold(
  tx: Tx,
  input: {
    transactionId: string;
    sellerId: string;
    priceMinor: number;
    feeMinor: number;
    idempotencyKey: string;
  },
): Promise<HoldResult> {
  assertAmount('priceMinor', input.priceMinor, true);
  assertAmount('feeMinor', input.feeMinor, true);
  const total = input.priceMinor + input.feeMinor;
  const resolved = await resolveHold(tx, input.transactionId, input.idempotencyKey, 'RELEASED', total);
  if ('replayed' in resolved) return resolved;
  const legs: PostingInput[] = [
    { accountCode: accountCodes.escrow(input.transactionId), amountMinor: -total },
    {
      accountCode: accountCodes.userWallet(input.sellerId, resolved.currency),
      amountMinor: input.priceMinor,
    },
    { accountCode: accountCodes.platformFees(resolved.currency), amountMinor: input.feeMinor },
  ];
  const { entry, created } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_RELEASE',
    description: 'Escrow released to seller',
    currency: resolved.currency,
    userId: input.sellerId,
    transactionId: input.transactionId,
    metadata: { buyerId: resolved.buyerId, sellerId: input.sellerId },
    postings: legs.filter((l) => l.amountMinor !== 0),
  });
  if (!created)
    throw new LedgerInvariantError(`Key ${input.idempotencyKey} was already used by another entry`);
  return { hold: toHold(resolved), entryId: entry.id, replayed: false };
}

/**
 * Escrow → buyer (+ seller) (+ platform fee). REFUND_FULL: buyerAmount = hold, seller 0, fee 0.
 * REFUND_PARTIAL: buyer + seller = price and the platform keeps the fee. The parts must sum to the hold.
 * `sellerId` is needed when the seller gets a part (taken from the hold when it was recorded there).
 */
export async function refundHold(
  tx: Tx,
  input: {
    transactionId: string;
    buyerAmountMinor: number;
    sellerAmountMinor: number;
    feeMinor: number;
    idempotencyKey: string;
    sellerId?: string;
  },
): Promise<HoldResult> {
  assertAmount('buyerAmountMinor', input.buyerAmountMinor, true);
  assertAmount('sellerAmountMinor', input.sellerAmountMinor, true);
  assertAmount('feeMinor', input.feeMinor, true);
  const total = input.buyerAmountMinor + input.sellerAmountMinor + input.feeMinor;
  const resolved = await resolveHold(tx, input.transactionId, input.idempotencyKey, 'REFUNDED', total);
  if ('replayed' in resolved) return resolved;
  const sellerId = input.sellerId ?? resolved.sellerId;
  if (input.sellerAmountMinor > 0 && !sellerId)
    throw new LedgerInvariantError('A refund that pays the seller needs the seller id');
  const currency = resolved.currency;
  const legs: PostingInput[] = [
    { accountCode: accountCodes.escrow(input.transactionId), amountMinor: -total },
    {
      accountCode: accountCodes.userWallet(resolved.buyerId, currency),
      amountMinor: input.buyerAmountMinor,
      memo: 'refund_buyer',
    },
    ...(sellerId
      ? [
          {
            accountCode: accountCodes.userWallet(sellerId, currency),
            amountMinor: input.sellerAmountMinor,
            memo: 'refund_seller',
          },
        ]
      : []),
    { accountCode: accountCodes.platformFees(currency), amountMinor: input.feeMinor },
  ];
  const { entry, created } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_REFUND',
    description: input.sellerAmountMinor > 0 ? 'Escrow partially refunded' : 'Escrow refunded',
    currency,
    userId: resolved.buyerId,
    transactionId: input.transactionId,
    metadata: { buyerId: resolved.buyerId, sellerId },
    postings: legs.filter((l) => l.amountMinor !== 0),
  });
  if (!created)
    throw new LedgerInvariantError(`Key ${input.idempotencyKey} was already used by another entry`);
  return { hold: toHold(resolved), entryId: entry.id, replayed: false };
}

export async function getHold(db: DbOrTx, transactionId: string): Promise<EscrowHold | null> {
  const row = await holdRow(db, transactionId);
  return row ? toHold(row) : null;
}
