import { and, eq, gte, ne, sql } from 'drizzle-orm';
import {
  lagosDayStart,
  WALLET_CURRENCY,
  walletLimitsFor,
  WITHDRAWAL_FEE_MINOR,
} from '@escrow/shared/domain/limits';
import { toMajor } from '@escrow/shared/domain/money';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { escrowHolds, journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { withdrawals } from '../../db/schema/wallet.ts';
import { accountCodes, walletBalanceMinor } from '../ledger/ledger.service.ts';
import { countWalletHistory } from './wallet.history.ts';

const sumAsNumber = (expression: ReturnType<typeof sql>) =>
  sql<string>`coalesce(sum(${expression}), 0)::text`;

/** Amounts withdrawn (fee excluded, failed transfers excluded) since 00:00 today in Lagos. */
export async function withdrawnTodayMinor(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
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

export async function walletSummary(app: FastifyInstance, user: UserRow): Promise<Wallet> {
  const db = app.db;
  const currency = WALLET_CURRENCY;
  const [balance, withdrawnToday, count] = [
    await walletBalanceMinor(db, user.id, currency),
    await withdrawnTodayMinor(db, user.id),
    await countWalletHistory(db, user.id, currency),
  ];
  const [escrow] = await db
    .select({ total: sumAsNumber(sql`${escrowHolds.amount}`) })
    .from(escrowHolds)
    .where(
      and(
        eq(escrowHolds.buyerId, user.id),
        eq(escrowHolds.status, 'HELD'),
        eq(escrowHolds.currency, currency),
      ),
    );
  const [deposits] = await db
    .select({ total: sumAsNumber(sql`${postings.amount}`) })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(ledgerAccounts.code, accountCodes.userWallet(user.id, currency)),
        eq(journalEntries.kind, 'DEPOSIT'),
      ),
    );
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
    pendingEscrow: toMajor(BigInt(escrow?.total ?? '0')),
    totalDeposits: toMajor(BigInt(deposits?.total ?? '0')),
    totalWithdrawals: toMajor(BigInt(withdrawn?.total ?? '0')),
    transactionCount: count,
    verificationLevel: user.verificationLevel,
    limits: {
      dailyWithdrawal: toMajor(limits.dailyWithdrawalMinor),
      withdrawnToday: toMajor(withdrawnToday),
      maxBalance: limits.maxBalanceMinor === null ? null : toMajor(limits.maxBalanceMinor),
    },
    withdrawalFee: toMajor(WITHDRAWAL_FEE_MINOR),
    provider: app.payments.name,
    testMode: app.payments.testMode,
  };
}
