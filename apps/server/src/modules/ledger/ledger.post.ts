import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings, type JournalEntryRow } from '../../db/schema/ledger.ts';
import { AppError } from '../../lib/errors.ts';
import { describeAccount, lockRank } from './ledger.accounts.ts';

export const JOURNAL_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_REVERSAL',
  'ESCROW_HOLD',
  'ESCROW_RELEASE',
  'ESCROW_REFUND',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export type PostingInput = { amountMinor: number; memo?: string } & (
  { accountCode: string; accountId?: undefined } | { accountId: string; accountCode?: undefined }
);

export type PostEntryInput = {
  /** Unique per business event: a repeat returns the first entry and posts nothing. */
  idempotencyKey: string;
  kind: JournalKind;
  description: string;
  currency: string;
  postings: PostingInput[];
  userId?: string | null;
  transactionId?: string | null;
  metadata?: Record<string, unknown>;
  /** Text of the INSUFFICIENT_FUNDS error when a non-negative account would go below zero. */
  insufficientFundsMessage?: string;
};

export type PostEntryResult = { entry: JournalEntryRow; created: boolean };

/** A caller broke a ledger rule (unbalanced, zero or unsafe amount): a bug, never user input. */
export class LedgerInvariantError extends Error {}

function validate(input: PostEntryInput) {
  if (input.postings.length < 2) throw new LedgerInvariantError('An entry needs at least two postings');
  let sum = 0;
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountMinor) || p.amountMinor === 0)
      throw new LedgerInvariantError(`Invalid posting amount: ${p.amountMinor}`);
    sum += p.amountMinor;
  }
  if (sum !== 0) throw new LedgerInvariantError(`Entry ${input.idempotencyKey} does not balance (${sum})`);
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new LedgerInvariantError(`Bad currency ${input.currency}`);
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new LedgerInvariantError('An entry needs an idempotency key of at most 200 characters');
}

async function selectAccounts(tx: Tx, codes: string[], ids: string[]) {
  const conditions = [
    ...(codes.length > 0 ? [inArray(ledgerAccounts.code, codes)] : []),
    ...(ids.length > 0 ? [inArray(ledgerAccounts.id, ids)] : []),
  ];
  if (conditions.length === 0) return [];
  return tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, type: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(conditions.length === 1 ? conditions[0] : or(...conditions));
}

/** Returns id/type for every posting's account, creating accounts named by code on first use. */
async function resolveAccounts(tx: Tx, input: PostEntryInput) {
  const codes = [...new Set(input.postings.flatMap((p) => (p.accountCode ? [p.accountCode] : [])))];
  const ids = [...new Set(input.postings.flatMap((p) => (p.accountId ? [p.accountId] : [])))];
  let rows = await selectAccounts(tx, codes, ids);
  const missing = codes.filter((code) => !rows.some((r) => r.code === code));
  if (missing.length > 0) {
    const described = missing.map((code) => describeAccount(code, input.currency));
    const created = await tx
      .insert(ledgerAccounts)
      .values(described)
      .onConflictDoNothing({ target: ledgerAccounts.code })
      .returning({ id: ledgerAccounts.id, code: ledgerAccounts.code, type: ledgerAccounts.type });
    // Only when a concurrent transaction created one of them first do we need to read again.
    rows = created.length === missing.length ? [...rows, ...created] : await selectAccounts(tx, codes, ids);
  }
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return input.postings.map((p) => {
    const account = p.accountCode ? byCode.get(p.accountCode) : byId.get(p.accountId!);
    if (!account) throw new LedgerInvariantError(`Unknown ledger account ${p.accountCode ?? p.accountId}`);
    return { ...p, account };
  });
}

/**
 * The ONE writer of the ledger. Inside the caller's transaction: records the entry (or returns the
 * existing one for a repeated idempotency key), moves the cached balances with guarded updates in a
 * fixed lock order, and appends the postings. The database refuses an unbalanced commit, any
 * UPDATE/DELETE of postings, and a wallet or escrow below zero, even if this code were wrong.
 */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<PostEntryResult> {
  validate(input);
  const [inserted] = await tx
    .insert(journalEntries)
    .values({
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      description: input.description,
      userId: input.userId ?? null,
      transactionId: input.transactionId ?? null,
      metadata: input.metadata ?? {},
    })
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning();
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new LedgerInvariantError(`Entry ${input.idempotencyKey} vanished`);
    if (existing.kind !== input.kind)
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This request was already used for a different operation');
    return { entry: existing, created: false };
  }

  const legs = await resolveAccounts(tx, input);
  const netByAccount = new Map<string, { amount: number; rank: number; id: string }>();
  for (const leg of legs) {
    const current = netByAccount.get(leg.account.id) ?? {
      amount: 0,
      rank: lockRank(leg.account.type),
      id: leg.account.id,
    };
    current.amount += leg.amountMinor;
    netByAccount.set(leg.account.id, current);
  }
  const ordered = [...netByAccount.values()].sort((a, b) =>
    a.rank !== b.rank ? a.rank - b.rank : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const { id, amount } of ordered) {
    if (amount === 0) continue;
    // The guard is evaluated on the locked, latest row version, so concurrent debits cannot overdraw.
    // Balances also stay within JavaScript's exact integer range (they are read back as numbers).
    const [updated] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(
        and(
          eq(ledgerAccounts.id, id),
          sql`(${ledgerAccounts.allowNegative} or ${ledgerAccounts.balance} + ${amount} >= 0)`,
          sql`abs(${ledgerAccounts.balance} + ${amount}) <= ${Number.MAX_SAFE_INTEGER}`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (!updated) {
      const [account] = await tx
        .select({ balance: ledgerAccounts.balance, allowNegative: ledgerAccounts.allowNegative })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, id));
      const overdrawn = account && !account.allowNegative && account.balance + amount < 0;
      if (overdrawn)
        throw new AppError('INSUFFICIENT_FUNDS', input.insufficientFundsMessage ?? 'Insufficient balance');
      throw new AppError('LIMIT_EXCEEDED', 'This amount is more than an account can hold');
    }
  }
  await tx.insert(postings).values(
    legs.map((leg) => ({
      entryId: inserted.id,
      accountId: leg.account.id,
      amount: leg.amountMinor,
      currency: input.currency,
      memo: leg.memo ?? null,
    })),
  );
  return { entry: inserted, created: true };
}
