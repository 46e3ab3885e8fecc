import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { msg } from '@escrow/shared/i18n/msg';
import type { DbOrTx } from '../../db/client.ts';
import { escrowHolds, type EscrowHoldRow } from '../../db/schema/ledger.ts';
import { accountCodes } from './ledger.accounts.ts';
import { reportMoneyEvents, type MoneyEvent } from './ledger.events.ts';
import {
  callLedger,
  describeAccounts,
  LEDGER_CALLS,
  LedgerInvariantError,
  LOCK_RANKS,
  postEntry,
  type AccountDescriptions,
} from './ledger.post.ts';

/**
 * Escrow as a two-phase hold (TigerBeetle's pending/post/void): paying moves the total into the
 * transaction's escrow account; release or refund empties it exactly once. Every function runs in the
 * caller's database transaction (`tx`), so the hold, the postings and the caller's own rows (status,
 * activity) commit or roll back together; given the database itself, the event is its one statement
 * and commits (or fails) whole on its own. Post one business event per database transaction (pay, then
 * later release, in separate transactions): accounts are locked in a fixed order within an entry, and
 * two entries in one transaction could lock user accounts out of that order.
 *
 * Each event is ONE call (a named prepared statement) to a database function (migrations 0003, 0015,
 * 0029): ledger_hold_escrow opens the hold, writes the escrow account with its balance and posts the
 * entry; ledger_resolve_escrow resolves the hold and posts the release or refund, building the legs from
 * the hold it locked (the caller does not know the hold's currency or buyer). Both check their own legs
 * (accounts, currency, balance) and run 7 and 9 statements inside PostgreSQL (migration 0029). The
 * balance rows are locked last and held until commit, and the platform fee account is in every
 * release: a caller's own statements after the event keep that row locked, so post the event last.
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

async function holdRow(db: DbOrTx, transactionId: string): Promise<EscrowHoldRow | null> {
  const [row] = await db.select().from(escrowHolds).where(eq(escrowHolds.transactionId, transactionId));
  return row ?? null;
}

/** The database's answer for one hold row (to_jsonb: snake_case, timestamps as text). */
type HoldJson = {
  id: string;
  transaction_id: string;
  buyer_id: string;
  seller_id: string | null;
  currency: string;
  amount: number;
  released?: number;
  status: EscrowHoldRow['status'];
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
};
type HoldAnswer = { hold: HoldJson; entryId: string; replayed: boolean };

function toHoldResult(answer: HoldAnswer): HoldResult {
  const row = answer.hold;
  return {
    hold: toHold({
      id: row.id,
      transactionId: row.transaction_id,
      buyerId: row.buyer_id,
      sellerId: row.seller_id,
      currency: row.currency,
      amount: Number(row.amount),
      released: Number(row.released ?? 0),
      status: row.status,
      resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    }),
    entryId: answer.entryId,
    replayed: answer.replayed,
  };
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

type Source = { accountCode: string; amountMinor: number };

/**
 * One round trip: inserts the HELD hold (a conflict on the transaction is a replay of the same key,
 * else 409 'Escrow is already funded for this transaction'), then posts source → escrow.
 */
async function openHold(tx: DbOrTx, input: HoldInput, source: Source, kindText: string, extra = {}) {
  assertAmount('amountMinor', input.amountMinor);
  const escrow = { accountCode: accountCodes.escrow(input.transactionId), amountMinor: input.amountMinor };
  const postings = [source, escrow];
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new LedgerInvariantError(`Bad currency ${input.currency}`);
  validateKey(input.idempotencyKey);
  const hold = {
    id: uuidv7(),
    transactionId: input.transactionId,
    buyerId: input.buyerId,
    sellerId: input.sellerId ?? null,
    currency: input.currency,
    amount: input.amountMinor,
  };
  const entry = {
    id: uuidv7(),
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_HOLD',
    description: kindText,
    currency: input.currency,
    userId: input.buyerId,
    transactionId: input.transactionId,
    metadata: extra,
  };
  const legs = postings.map((p) => ({ postingId: uuidv7(), amount: p.amountMinor, code: p.accountCode }));
  const accounts = describeAccounts(new Set(postings.map((p) => p.accountCode)), input.currency);
  const answer = await callLedger<HoldAnswer>(
    tx,
    'ESCROW_HOLD',
    LEDGER_CALLS.holdEscrow,
    {
      hold: JSON.stringify(hold),
      entry: JSON.stringify(entry),
      legs: JSON.stringify(legs),
      accounts: JSON.stringify(accounts),
      ranks: LOCK_RANKS,
    },
    msg('Insufficient wallet balance'),
  );
  const result = toHoldResult(answer);
  if (!result.replayed)
    reportMoneyEvents(tx, () => [{ kind: 'hold', currency: input.currency, amountMinor: input.amountMinor }]);
  return result;
}

/** postEntry's check of the key (the legs are built balanced here; the currency is checked above). */
function validateKey(idempotencyKey: string) {
  if (!idempotencyKey || idempotencyKey.length > 200)
    throw new LedgerInvariantError('An entry needs an idempotency key of at most 200 characters');
}

/** Buyer wallet → escrow. Not enough in the wallet → 422 INSUFFICIENT_FUNDS 'Insufficient wallet balance'. */
export async function holdFromWallet(tx: DbOrTx, input: HoldInput): Promise<HoldResult> {
  const wallet = {
    accountCode: accountCodes.userWallet(input.buyerId, input.currency),
    amountMinor: -input.amountMinor,
  };
  return openHold(tx, input, wallet, msg('Escrow payment from wallet'), { source: 'wallet' });
}

/** External funding → escrow, for a card or bank-transfer payment the provider has confirmed. */
export async function holdFromProvider(
  tx: DbOrTx,
  input: HoldInput & { providerReference: string },
): Promise<HoldResult> {
  const funding = accountCodes.externalFunding(input.currency);
  return openHold(
    tx,
    input,
    { accountCode: funding, amountMinor: -input.amountMinor },
    msg('Escrow payment'),
    {
      source: 'provider',
      reference: input.providerReference,
    },
  );
}

type Resolution = {
  transactionId: string;
  status: 'RELEASED' | 'REFUNDED';
  idempotencyKey: string;
  description: string;
  total: number;
  feeMinor: number;
  sellerId?: string | null;
  priceMinor?: number;
  buyerAmountMinor?: number;
  sellerAmountMinor?: number;
  /** Where the buyer's share goes (ledger_resolve_escrow, migrations 0017, 0029); the buyer's wallet when absent. */
  buyerAccountCode?: string;
};

/**
 * Resolves the hold with a guarded update (`where status = 'HELD'`), so of two racing resolutions
 * exactly one proceeds; the other gets 409 'Escrow has already been resolved'. A replayed key returns
 * the first answer. One round trip, or two the first time an account it credits does not exist yet
 * (the database names the codes, describeAccount describes them, and the call is made again).
 */
async function resolveHold(tx: DbOrTx, resolution: Resolution): Promise<HoldResult> {
  validateKey(resolution.idempotencyKey);
  const p = JSON.stringify({
    ...resolution,
    entryId: uuidv7(),
    postingIds: Array.from({ length: 4 }, () => uuidv7()),
  });
  const accounts: AccountDescriptions = {};
  for (let attempt = 0; ; attempt += 1) {
    const answer = await callLedger<HoldAnswer | { describe: string[]; currency: string }>(
      tx,
      resolution.status === 'RELEASED' ? 'ESCROW_RELEASE' : 'ESCROW_REFUND',
      LEDGER_CALLS.resolveEscrow,
      { resolution: p, accounts: JSON.stringify(accounts), ranks: LOCK_RANKS },
    );
    if (!('describe' in answer)) {
      const result = toHoldResult(answer);
      if (!result.replayed) reportMoneyEvents(tx, () => resolutionEvents(resolution, result.hold.currency));
      return result;
    }
    if (attempt > 0)
      throw new LedgerInvariantError(`Accounts ${answer.describe.join(', ')} are still not described`);
    describeAccounts(answer.describe, answer.currency, accounts);
  }
}

/** A resolution's money events: the seller's part as `release`, the buyer's as `refund`, the fee as `fee`. */
function resolutionEvents(resolution: Resolution, currency: string): MoneyEvent[] {
  const seller = resolution.status === 'RELEASED' ? resolution.priceMinor : resolution.sellerAmountMinor;
  return [
    { kind: 'release', currency, amountMinor: seller ?? 0 },
    { kind: 'refund', currency, amountMinor: resolution.buyerAmountMinor ?? 0 },
    { kind: 'fee', currency, amountMinor: resolution.feeMinor },
  ];
}

/** Escrow → seller wallet (price) + platform fees (fee). price + fee must equal what is left of the hold. */
export async function releaseHold(
  tx: DbOrTx,
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
  return resolveHold(tx, {
    transactionId: input.transactionId,
    status: 'RELEASED',
    idempotencyKey: input.idempotencyKey,
    description: msg('Escrow released to seller'),
    total: input.priceMinor + input.feeMinor,
    sellerId: input.sellerId,
    priceMinor: input.priceMinor,
    feeMinor: input.feeMinor,
  });
}

/**
 * A milestone part release's description (releaseHoldPart): this prefix, then the milestone's title. The
 * ledger stores it in English; wallet history writes it in the reader's language as one message with
 * the title as its value (wallet.history.ts).
 */
export const MILESTONE_RELEASED_TO_SELLER = 'Milestone released to seller: ';

/**
 * Releases one part of a HELD hold (a milestone trade's accepted milestone): escrow → seller's wallet
 * (`sellerAmountMinor`) + platform fees (`feeMinor`). The hold stays HELD with `released` raised by the
 * part, in a guarded update that leaves something held (the last part resolves the hold through
 * releaseHold or refundHold, which take what is left). The caller's own guard (the milestone's status)
 * makes the event happen once; a key already used is a conflict, so nothing is counted twice.
 */
export async function releaseHoldPart(
  tx: DbOrTx,
  input: {
    transactionId: string;
    sellerId: string;
    sellerAmountMinor: number;
    feeMinor: number;
    idempotencyKey: string;
    description: string;
  },
): Promise<{ entryId: string }> {
  assertAmount('sellerAmountMinor', input.sellerAmountMinor, true);
  assertAmount('feeMinor', input.feeMinor, true);
  const part = input.sellerAmountMinor + input.feeMinor;
  assertAmount('part', part);
  const [hold] = await tx
    .update(escrowHolds)
    .set({ released: sql`${escrowHolds.released} + ${part}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(escrowHolds.transactionId, input.transactionId),
        eq(escrowHolds.status, 'HELD'),
        sql`${escrowHolds.amount} - ${escrowHolds.released} > ${part}`,
      ),
    )
    .returning({ currency: escrowHolds.currency, buyerId: escrowHolds.buyerId });
  if (!hold) throw new LedgerInvariantError(`No held escrow above ${part} for ${input.transactionId}`);
  const postings = [
    { accountCode: accountCodes.escrow(input.transactionId), amountMinor: -part },
    {
      accountCode: accountCodes.userWallet(input.sellerId, hold.currency),
      amountMinor: input.sellerAmountMinor,
    },
    { accountCode: accountCodes.platformFees(hold.currency), amountMinor: input.feeMinor },
  ].filter((leg) => leg.amountMinor !== 0);
  const { entry, created } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_RELEASE',
    description: input.description,
    currency: hold.currency,
    userId: input.sellerId,
    transactionId: input.transactionId,
    metadata: { buyerId: hold.buyerId, sellerId: input.sellerId, part: true },
    postings,
  });
  if (!created) throw new LedgerInvariantError(`Key ${input.idempotencyKey} was already used`);
  return { entryId: entry.id };
}

/**
 * A brokered trade's commission (domain/commission.ts): escrow → the broker's wallet, as its own entry
 * (memo `broker_commission`) posted just before the release or partial refund that resolves the hold.
 * Like a milestone part it raises `escrow_holds.released` in a guarded update that leaves something
 * held, so the resolution that follows takes exactly what is left (ledger_resolve_escrow checks
 * `total = amount − released`) and the ledger check still sees escrow = amount − released. The key is
 * per transaction, so the commission is paid at most once; the caller's status guard makes it once.
 */
export async function payBrokerCommission(
  tx: DbOrTx,
  input: { transactionId: string; brokerId: string; amountMinor: number; idempotencyKey: string },
): Promise<{ entryId: string }> {
  assertAmount('amountMinor', input.amountMinor);
  const [hold] = await tx
    .update(escrowHolds)
    .set({ released: sql`${escrowHolds.released} + ${input.amountMinor}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(escrowHolds.transactionId, input.transactionId),
        eq(escrowHolds.status, 'HELD'),
        sql`${escrowHolds.amount} - ${escrowHolds.released} > ${input.amountMinor}`,
      ),
    )
    .returning({ currency: escrowHolds.currency, buyerId: escrowHolds.buyerId });
  if (!hold)
    throw new LedgerInvariantError(`No held escrow above ${input.amountMinor} for ${input.transactionId}`);
  const { entry, created } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'ESCROW_RELEASE',
    description: msg('Broker commission'),
    currency: hold.currency,
    userId: input.brokerId,
    transactionId: input.transactionId,
    metadata: { buyerId: hold.buyerId, brokerId: input.brokerId, commission: true },
    postings: [
      { accountCode: accountCodes.escrow(input.transactionId), amountMinor: -input.amountMinor },
      {
        accountCode: accountCodes.userWallet(input.brokerId, hold.currency),
        amountMinor: input.amountMinor,
        memo: 'broker_commission',
      },
    ],
  });
  if (!created) throw new LedgerInvariantError(`Key ${input.idempotencyKey} was already used`);
  return { entryId: entry.id };
}

/**
 * Escrow → buyer (+ seller) (+ platform fee). REFUND_FULL: buyerAmount = hold, seller 0, fee 0.
 * REFUND_PARTIAL: buyer + seller = price and the platform keeps the fee. The parts must sum to the hold.
 * `sellerId` is needed when the seller gets a part (taken from the hold when it was recorded there).
 * `buyerRefundTo`: 'wallet' (default) credits the buyer's wallet; 'provider' credits the refund clearing
 * account instead, for the payments module's provider refund to pay back to the card or bank
 * (settleProviderRefund then moves it on to the external account, once the provider has paid).
 */
export async function refundHold(
  tx: DbOrTx,
  input: {
    transactionId: string;
    buyerAmountMinor: number;
    sellerAmountMinor: number;
    feeMinor: number;
    idempotencyKey: string;
    sellerId?: string;
    buyerRefundTo?: 'wallet' | 'provider';
    /** The hold's currency; needed with buyerRefundTo 'provider' (the clearing account is per currency). */
    currency?: string;
  },
): Promise<HoldResult> {
  assertAmount('buyerAmountMinor', input.buyerAmountMinor, true);
  let buyerAccountCode: string | undefined;
  if (input.buyerRefundTo === 'provider') {
    if (!input.currency || !/^[A-Z]{3}$/.test(input.currency))
      throw new LedgerInvariantError('A provider refund needs the hold currency');
    buyerAccountCode = accountCodes.refundClearing(input.currency);
  }
  assertAmount('sellerAmountMinor', input.sellerAmountMinor, true);
  assertAmount('feeMinor', input.feeMinor, true);
  return resolveHold(tx, {
    transactionId: input.transactionId,
    status: 'REFUNDED',
    idempotencyKey: input.idempotencyKey,
    description: input.sellerAmountMinor > 0 ? msg('Escrow partially refunded') : msg('Escrow refunded'),
    total: input.buyerAmountMinor + input.sellerAmountMinor + input.feeMinor,
    sellerId: input.sellerId ?? null,
    buyerAmountMinor: input.buyerAmountMinor,
    sellerAmountMinor: input.sellerAmountMinor,
    feeMinor: input.feeMinor,
    ...(buyerAccountCode ? { buyerAccountCode } : {}),
  });
}

/**
 * The provider paid a buyer's refund back to the card or bank: refund clearing → external funding
 * (the money leaves the platform the way it came in), once per provider refund (`idempotencyKey`).
 */
export async function settleProviderRefund(
  tx: DbOrTx,
  input: {
    idempotencyKey: string;
    transactionId: string;
    buyerId: string;
    currency: string;
    amountMinor: number;
    providerRefundReference: string;
  },
): Promise<{ entryId: string }> {
  assertAmount('amountMinor', input.amountMinor);
  const { entry } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'PROVIDER_REFUND',
    description: msg('Refund paid back through the payment provider'),
    currency: input.currency,
    userId: input.buyerId,
    transactionId: input.transactionId,
    metadata: { reference: input.providerRefundReference },
    postings: [
      { accountCode: accountCodes.refundClearing(input.currency), amountMinor: -input.amountMinor },
      { accountCode: accountCodes.externalFunding(input.currency), amountMinor: input.amountMinor },
    ],
  });
  return { entryId: entry.id };
}

/**
 * Staff credited a provider refund that could not be paid back (FAILED) to the buyer's wallet instead:
 * refund clearing → buyer wallet, once per refund (`idempotencyKey`). The wallet leg is a refund
 * ('refund_buyer'), so it may be withdrawn the same day whatever the daily limit, as any refund.
 */
export async function creditRefundToWallet(
  tx: DbOrTx,
  input: {
    idempotencyKey: string;
    transactionId: string;
    buyerId: string;
    currency: string;
    amountMinor: number;
  },
): Promise<{ entryId: string }> {
  assertAmount('amountMinor', input.amountMinor);
  const { entry } = await postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'PROVIDER_REFUND',
    description: msg('Refund credited to your wallet'),
    currency: input.currency,
    userId: input.buyerId,
    transactionId: input.transactionId,
    postings: [
      { accountCode: accountCodes.refundClearing(input.currency), amountMinor: -input.amountMinor },
      {
        accountCode: accountCodes.userWallet(input.buyerId, input.currency),
        amountMinor: input.amountMinor,
        memo: 'refund_buyer',
      },
    ],
  });
  return { entryId: entry.id };
}

export async function getHold(db: DbOrTx, transactionId: string): Promise<EscrowHold | null> {
  const row = await holdRow(db, transactionId);
  return row ? toHold(row) : null;
}
