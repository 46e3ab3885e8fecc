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
import { depositedMinor, heldInEscrowMinor, walletBalanceMinor } from '../ledger/index.ts';
import { countWalletHistory } from './wallet.history.ts';

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

export async function walletSummary(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'payments'>,
  user: UserRow,
): Promise<Wallet> {
  const db = deps.db;
  const currency = WALLET_CURRENCY;
  const [balance, withdrawnToday, count, escrow, deposits] = [
    await walletBalanceMinor(db, user.id, currency),
    await withdrawnTodayMinor(db, user.id, deps.clock.now()),
    await countWalletHistory(db, user.id, currency),
    await heldInEscrowMinor(db, user.id, currency),
    await depositedMinor(db, user.id, currency),
  ];
  const [withdrawn] = await db
    .select({ total: sumAsNumber(sql`${withdrawals.amount}`) })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, user.id),
        ne(withdrawals.status, 'FAILED'),
        eq(withdrawals.currency, currency),
      ),
    );
  const limits = walletLimitsFor(user.verificationLevel);
  return {
    balance: toMajor(balance),
    currency,
    pendingEscrow: toMajor(escrow),
    totalDeposits: toMajor(deposits),
    totalWithdrawals: toMajor(BigInt(withdrawn?.total ?? '0')),
    transactionCount: count,
    verificationLevel: user.verificationLevel,
    limits: {
      dailyWithdrawal: toMajor(limits.dailyWithdrawalMinor),
      withdrawnToday: toMajor(withdrawnToday),
      maxBalance: limits.maxBalanceMinor === null ? null : toMajor(limits.maxBalanceMinor),
    },
    withdrawalFee: toMajor(WITHDRAWAL_FEE_MINOR),
    provider: deps.payments.name,
    testMode: deps.payments.testMode,
  };
}
