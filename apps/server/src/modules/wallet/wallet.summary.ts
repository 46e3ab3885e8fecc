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
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { withdrawals } from '../../db/schema/wallet.ts';
import { walletLedgerFigures } from '../ledger/index.ts';
import { historySource } from './wallet.history.ts';

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

type SummaryRow = {
  balance: string;
  held: string;
  deposited: string;
  withdrawn: string;
  withdrawn_today: string;
  entries: number;
};

/**
 * The wallet's figures in one statement (one round trip): the ledger's balance, escrow and deposits
 * (from the ledger module's fragment), withdrawals, today's withdrawals and the history count, which
 * stops at 1,001 rows so a long history does not make the summary slower.
 */
export async function walletSummary(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'payments'>,
  user: Pick<UserRow, 'id' | 'verificationLevel'>,
): Promise<Wallet> {
  const currency = WALLET_CURRENCY;
  const dayStart = lagosDayStart(deps.clock.now());
  const result = (await deps.db.execute(sql`
    select l.balance::text as balance, l.held::text as held, l.deposited::text as deposited,
      (select coalesce(sum(w.amount), 0) from withdrawals w
        where w.user_id = ${user.id} and w.status <> 'FAILED' and w.currency = ${currency})::text as withdrawn,
      (select coalesce(sum(w.amount), 0) from withdrawals w
        where w.user_id = ${user.id} and w.status <> 'FAILED' and w.created_at >= ${dayStart})::text
        as withdrawn_today,
      (select count(*) from (select 1 from (${historySource(user.id, currency)}) h
        limit ${WALLET_COUNT_CAP + 1}) c)::int as entries
    from (${walletLedgerFigures(user.id, currency)}) l`)) as { rows: SummaryRow[] };
  const row = result.rows[0]!;
  const limits = walletLimitsFor(user.verificationLevel);
  return {
    balance: toMajor(BigInt(row.balance)),
    currency,
    pendingEscrow: toMajor(BigInt(row.held)),
    totalDeposits: toMajor(BigInt(row.deposited)),
    totalWithdrawals: toMajor(BigInt(row.withdrawn)),
    transactionCount: Math.min(Number(row.entries), WALLET_COUNT_CAP),
    transactionCountCapped: Number(row.entries) > WALLET_COUNT_CAP,
    verificationLevel: user.verificationLevel,
    limits: {
      dailyWithdrawal: toMajor(limits.dailyWithdrawalMinor),
      withdrawnToday: toMajor(BigInt(row.withdrawn_today)),
      maxBalance: limits.maxBalanceMinor === null ? null : toMajor(limits.maxBalanceMinor),
    },
    withdrawalFee: toMajor(WITHDRAWAL_FEE_MINOR),
    provider: deps.payments.name,
    testMode: deps.payments.testMode,
  };
}
