import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { ErrorCode } from '@escrow/shared/errors';
import type { DbOrTx } from '../../db/client.ts';
import { LEDGER_ACCOUNT_TYPES, type JournalEntryRow } from '../../db/schema/ledger.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { withSpan } from '../../lib/tracing.ts';
import { describeAccount, lockRank, type AccountDescription } from './ledger.accounts.ts';
import { moneyEventsOfEntry, reportMoneyEvents } from './ledger.events.ts';

export const JOURNAL_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_REVERSAL',
  'ESCROW_HOLD',
  'ESCROW_RELEASE',
  'ESCROW_REFUND',
  'PROVIDER_REFUND',
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

/** The database's answer for one journal entry row (to_jsonb: snake_case, timestamps as text). */
type EntryJson = {
  id: string;
  idempotency_key: string;
  kind: string;
  description: string;
  user_id: string | null;
  transaction_id: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
};

function toEntryRow(row: EntryJson): JournalEntryRow {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    description: row.description,
    userId: row.user_id,
    transactionId: row.transaction_id,
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** lockRank for every account type, for the database function to lock accounts in the same order. */
export const LOCK_RANKS = JSON.stringify(
  Object.fromEntries(LEDGER_ACCOUNT_TYPES.map((type) => [type, lockRank(type)])),
);

export type AccountDescriptions = Record<string, (AccountDescription & { id: string }) | { error: string }>;

/**
 * describeAccount's answer for each code, with a fresh id, for the database to create the accounts
 * that do not exist yet. A code describeAccount refuses carries its error, raised only if that
 * account is really missing (as before, when only missing accounts were described).
 */
export function describeAccounts(
  codes: Iterable<string>,
  entryCurrency: string,
  into: AccountDescriptions = {},
) {
  for (const code of codes) {
    try {
      into[code] = { id: uuidv7(), ...describeAccount(code, entryCurrency) };
    } catch (error) {
      into[code] = { error: (error as Error).message };
    }
  }
  return into;
}

/**
 * The refusals (LG002) the ledger functions raise, in their words: marked as messages, so the answer
 * reaches its reader translated (the error handler translates a known message id).
 */
const INSUFFICIENT_BALANCE = msg('Insufficient balance');
const LEDGER_REFUSALS: readonly string[] = [
  INSUFFICIENT_BALANCE,
  msg('This amount is more than an account can hold'),
  msg('This request was already used for a different operation'),
  msg('Escrow is already funded for this transaction'),
  msg('Escrow is not funded for this transaction'),
  msg('Escrow has already been resolved'),
];

/** SQLSTATEs the ledger functions raise (migrations 0003, 0015, 0029); anything else is rethrown as it is. */
function ledgerError(error: unknown, insufficientFundsMessage?: string): Error | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, message, detail } = current as { code?: unknown; message?: string; detail?: string };
    if (code === 'LG001') return new LedgerInvariantError(message);
    if (code === 'LG003') return new Error(message);
    if (code === 'LG002') {
      const appCode = detail as ErrorCode;
      if (appCode === 'INSUFFICIENT_FUNDS')
        return new AppError(appCode, insufficientFundsMessage ?? INSUFFICIENT_BALANCE);
      return new AppError(appCode, LEDGER_REFUSALS.find((refusal) => refusal === message) ?? message ?? '');
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The ledger's database functions, each called as ONE named prepared statement (drizzle's public
 * `.prepare(name)`): on PostgreSQL each connection parses and plans the call once and then only binds
 * and runs it (an unnamed statement was parsed and planned again on every money event). The arguments
 * are jsonb text, bound by name.
 */
const jsonArg = (name: string) => sql`${sql.placeholder(name)}::jsonb`;
const ONE_ROW = sql`(values (1)) as one_row (n)`;
export const LEDGER_CALLS = {
  postEntry: {
    name: 'ledger_post_entry_call',
    call: sql`ledger_post_entry(${jsonArg('entry')}, ${jsonArg('legs')}, ${jsonArg('accounts')}, ${jsonArg('ranks')})`,
  },
  holdEscrow: {
    name: 'ledger_hold_escrow_call',
    call: sql`ledger_hold_escrow(${jsonArg('hold')}, ${jsonArg('entry')}, ${jsonArg('legs')}, ${jsonArg('accounts')}, ${jsonArg('ranks')})`,
  },
  resolveEscrow: {
    name: 'ledger_resolve_escrow_call',
    call: sql`ledger_resolve_escrow(${jsonArg('resolution')}, ${jsonArg('accounts')}, ${jsonArg('ranks')})`,
  },
} as const;
export type LedgerCall = (typeof LEDGER_CALLS)[keyof typeof LEDGER_CALLS];

function prepareCall(tx: DbOrTx, { name, call }: LedgerCall) {
  return tx.select({ result: call }).from(ONE_ROW).prepare(name);
}
/**
 * The prepared calls of a database handle: built (and their SQL rendered) once per handle, for the
 * application's database; a transaction's handle lives for one transaction, so its calls are built as
 * they come (at most a few).
 */
const preparedCalls = new WeakMap<DbOrTx, Map<string, ReturnType<typeof prepareCall>>>();
function preparedCall(tx: DbOrTx, call: LedgerCall) {
  let calls = preparedCalls.get(tx);
  if (!calls) preparedCalls.set(tx, (calls = new Map()));
  let prepared = calls.get(call.name);
  if (!prepared) calls.set(call.name, (prepared = prepareCall(tx, call)));
  return prepared;
}

/**
 * Runs one ledger function (one round trip) and returns its jsonb answer. Its refusals come back as
 * the errors callers have always seen: LedgerInvariantError, or AppError with the same code and text.
 * With tracing on, a span `ledger <kind>` names the entry's kind, nothing else (no amounts, no ids).
 */
export async function callLedger<T>(
  tx: DbOrTx,
  kind: JournalKind,
  call: LedgerCall,
  args: Record<string, unknown>,
  insufficientFundsMessage?: string,
): Promise<T> {
  let rows: { result: unknown }[];
  try {
    rows = await withSpan(`ledger ${kind}`, { 'app.ledger.entry_kind': kind }, async () =>
      preparedCall(tx, call).execute(args),
    );
  } catch (error) {
    throw ledgerError(error, insufficientFundsMessage) ?? error;
  }
  const value = rows[0]?.result;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The ONE writer of the ledger. Inside the caller's transaction (or, given the database, as a statement
 * of its own), in one call to the database function ledger_post_entry (migrations 0003, 0015, 0029): records
 * the entry (or returns the existing one for a repeated idempotency key), creates accounts named by
 * code on first use, appends the postings, and last moves the cached balances with guarded updates in
 * a fixed lock order (so balance rows stay locked only until the commit). The database refuses an
 * unbalanced entry, any UPDATE/DELETE of postings, and a wallet or escrow below zero, even if this
 * code were wrong.
 */
export async function postEntry(tx: DbOrTx, input: PostEntryInput): Promise<PostEntryResult> {
  validate(input);
  const codes = new Set(input.postings.flatMap((p) => (p.accountCode ? [p.accountCode] : [])));
  const entry = {
    id: uuidv7(),
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    description: input.description,
    currency: input.currency,
    userId: input.userId ?? null,
    transactionId: input.transactionId ?? null,
    metadata: input.metadata ?? {},
  };
  const legs = input.postings.map((p) => ({
    postingId: uuidv7(),
    amount: p.amountMinor,
    memo: p.memo ?? null,
    code: p.accountCode ?? null,
    accountId: p.accountId ?? null,
  }));
  const accounts = describeAccounts(codes, input.currency);
  const result = await callLedger<{ created: boolean; entry: EntryJson }>(
    tx,
    input.kind,
    LEDGER_CALLS.postEntry,
    {
      entry: JSON.stringify(entry),
      legs: JSON.stringify(legs),
      accounts: JSON.stringify(accounts),
      ranks: LOCK_RANKS,
    },
    input.insufficientFundsMessage,
  );
  // A repeated key posted nothing: only a new entry is a money event (counted once committed).
  if (result.created) reportMoneyEvents(tx, () => moneyEventsOfEntry(input));
  return { entry: toEntryRow(result.entry), created: result.created };
}
