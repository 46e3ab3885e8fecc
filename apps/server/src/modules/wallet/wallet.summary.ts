import { and, eq, gte, ne, sql } from 'drizzle-orm';
import {
  lagosDayStart,
  WALLET_CURRENCY,
  walletLimitsFor,
  WITHDRAWAL_FEE_MINOR,
} from '@escrow/shared/domain/limits';
import { toMajor } from '@escrow/shared/domain/money';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import type { WalletDeps } from './wallet.deps.ts';
import { isRootDb, type Db, type DbOrTx } from '../../db/client.ts';
import { withCompiledRowMapper } from '../../db/compiled-row-mapper.ts';
import { readCacheOf } from '../../db/read-cache.ts';
import { userDirectory } from '../../db/schema/published.ts';
import type { UserRow } from '../auth/index.ts';
import { withdrawals } from '../../db/schema/wallet.ts';
import { unauthorized } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { accountCodes, walletLedgerFigures } from '../ledger/index.ts';
import { pendingDepositsFrom } from './wallet.history.ts';

type WalletRef = Parameters<typeof walletLedgerFigures>[0];

const sumAsNumber = (expression: ReturnType<typeof sql>) =>
  sql<string>`coalesce(sum(${expression}), 0)::text`;

/** Amounts withdrawn (fee excluded, failed transfers excluded) since 00:00 today in Lagos. */
export async function withdrawnTodayMinor(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sumAsNumber(sql`${withdrawals.amount}`) })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, 'FAILED'),
        gte(withdrawals.createdAt, lagosDayStart(now)),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The most history entries counted for the summary: past it the count shows as '1,000+'. */
export const WALLET_COUNT_CAP = 1000;

/**
 * The summary statement for one wallet; `wallet` and `dayStart` are values or, for the prepared
 * statement, placeholders. The history count is the wallet's postings (one history line each: the
 * history's joins add at most one row per posting) plus its deposits not yet credited, read from their
 * own indexes and each stopped at 1,001 rows, so a long history does not make the summary slower.
 */
function summaryQuery(db: DbOrTx, wallet: WalletRef, dayStart: unknown) {
  const cap = WALLET_COUNT_CAP + 1;
  return db
    .select({
      balance: sql<string>`l.balance::text`,
      held: sql<string>`l.held::text`,
      deposited: sql<string>`l.deposited::text`,
      withdrawn: sql<string>`w.withdrawn::text`,
      withdrawnToday: sql<string>`w.withdrawn_today::text`,
      entries: sql<number>`least(l.postings + d.pending, ${cap})::int`,
      verificationLevel: sql<UserRow['verificationLevel'] | null>`(select u.verification_level
        from ${userDirectory} u where u.id = ${wallet.userId})`,
    })
    .from(
      sql`(${walletLedgerFigures(wallet, cap)}) l
      cross join lateral (select
          coalesce(sum(w.amount) filter (where w.currency = ${wallet.currency}), 0) as withdrawn,
          coalesce(sum(w.amount) filter (where w.created_at >= ${dayStart}), 0) as withdrawn_today
        from withdrawals w where w.user_id = ${wallet.userId} and w.status <> 'FAILED') w
      cross join lateral (select count(*) as pending from (select 1 ${pendingDepositsFrom(wallet.userId, wallet.currency)}
        limit ${cap}) i) d`,
    );
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

function prepareSummary(db: Db) {
  const wallet = {
    userId: sql.placeholder('userId'),
    currency: sql.placeholder('currency'),
    walletCode: sql.placeholder('walletCode'),
  };
  const query = summaryQuery(db, wallet, sql.placeholder('dayStart'));
  // A plain SELECT whose only time is the `dayStart` parameter: the embedded read cache may keep its answers.
  readCacheOf(db)?.pureRead(query.toSQL().sql);
  return withCompiledRowMapper(query.prepare('wallet_summary'));
}
// One prepared statement per database handle (as transactions.repository.ts does): no SQL is built per
// request and PostgreSQL parses and plans it once per connection. Inside a database transaction the
// statement is built as usual.
const summaryByDb = new WeakMap<Db, ReturnType<typeof prepareSummary>>();

/**
 * The wallet's figures in one statement (one round trip): the ledger's balance, escrow and deposits
 * (from the ledger module's fragment), withdrawals, today's withdrawals and the capped history count.
 * The user's verification level (which picks the limits shown) is read from the user row (through the
 * published user directory) in the same statement, so it is never a cached copy.
 */
export async function walletSummary(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'payments'>,
  user: Pick<UserRow, 'id'>,
): Promise<Wallet> {
  const currency = WALLET_CURRENCY;
  const dayStart = lagosDayStart(deps.clock.now());
  const wallet = { userId: user.id, currency, walletCode: accountCodes.userWallet(user.id, currency) };
  let row: SummaryRow;
  if (isRootDb(deps.db)) {
    let prepared = summaryByDb.get(deps.db);
    if (!prepared) summaryByDb.set(deps.db, (prepared = prepareSummary(deps.db)));
    const statement = prepared;
    const load = async () => (await statement.execute({ ...wallet, dayStart }))[0]!;
    // On the embedded database the figures are kept until the next write; the day is part of the key.
    const cache = readCacheOf(deps.db);
    row = await (cache
      ? cache.read(`wallet-summary:${wallet.walletCode}:${dayStart.toISOString()}`, load)
      : load());
  } else {
    [row] = (await summaryQuery(deps.db, wallet, dayStart)) as [SummaryRow];
  }
  const verificationLevel = row.verificationLevel;
  // As loadUser answers for a user that no longer exists.
  if (verificationLevel === null) throw unauthorized(msg('Invalid or expired token'));
  const limits = walletLimitsFor(verificationLevel);
  return {
    balance: toMajor(BigInt(row.balance)),
    currency,
    pendingEscrow: toMajor(BigInt(row.held)),
    totalDeposits: toMajor(BigInt(row.deposited)),
    totalWithdrawals: toMajor(BigInt(row.withdrawn)),
    transactionCount: Math.min(Number(row.entries), WALLET_COUNT_CAP),
    transactionCountCapped: Number(row.entries) > WALLET_COUNT_CAP,
    verificationLevel,
    limits: {
      dailyWithdrawal: toMajor(limits.dailyWithdrawalMinor),
      withdrawnToday: toMajor(BigInt(row.withdrawnToday)),
      maxBalance: limits.maxBalanceMinor === null ? null : toMajor(limits.maxBalanceMinor),
    },
    withdrawalFee: toMajor(WITHDRAWAL_FEE_MINOR),
    provider: deps.payments.name,
    testMode: deps.payments.testMode,
  };
}
