import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  lagosDayStart,
  WALLET_CURRENCY,
  walletLimitsFor,
  WITHDRAWAL_FEE_MINOR,
} from '@escrow/shared/domain/limits';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import { WALLET_TEXT, type WithdrawalResult } from '@escrow/shared/schemas/wallet';
import type { WalletDeps } from './wallet.deps.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../auth/index.ts';
import { bankAccounts, withdrawals, type WithdrawalRow } from '../../db/schema/wallet.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { accountCodes, lockWallet, postEntry, refundsCreditedSince } from '../ledger/index.ts';
import { newReference } from '../payments/index.ts';
import { ProviderError, type TransferInput } from '../payments/index.ts';
import { walletSummary, withdrawnTodayMinor } from './wallet.summary.ts';
import { WITHDRAWAL_TO } from './wallet.history.ts';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';

/** After commit: the withdrawal's notification pushed live and e-mailed (a money event). */
export function announceWithdrawal(
  deps: Pick<WalletDeps, 'realtime' | 'db' | 'mailer' | 'config' | 'log'>,
  note: NotificationView | null,
): void {
  if (!note) return;
  try {
    pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error }, 'could not announce a withdrawal');
  }
}

const maskedNumber = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

/**
 * Step 1, one database transaction: lock the wallet (so the same user's withdrawals queue up and the
 * daily limit cannot be raced), check balance (amount + ₦50 fee on top) and the level's daily limit,
 * record the withdrawal and post wallet → payouts (amount) and wallet → platform fees (fee).
 */
async function recordWithdrawal(deps: WalletDeps, user: UserRow, amountMinor: number, bankAccountId: string) {
  const currency = WALLET_CURRENCY;
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.id, bankAccountId),
          eq(bankAccounts.userId, user.id),
          isNull(bankAccounts.deletedAt),
        ),
      );
    if (!account) throw new AppError('NOT_FOUND', WALLET_TEXT.bankAccountNotFound);
    const balance = await lockWallet(tx, user.id, currency);
    const fee = WITHDRAWAL_FEE_MINOR;
    if (amountMinor + fee > balance)
      throw new AppError('INSUFFICIENT_FUNDS', WALLET_TEXT.insufficientBalance);
    // Refunded escrow money is not a deposit: it may be withdrawn the same day whatever the limit.
    const now = deps.clock.now();
    const refunded = await refundsCreditedSince(tx, user.id, currency, lagosDayStart(now));
    const daily = walletLimitsFor(user.verificationLevel).dailyWithdrawalMinor + refunded;
    const today = await withdrawnTodayMinor(tx, user.id, now);
    if (today + amountMinor > daily)
      throw new AppError(
        'LIMIT_EXCEEDED',
        msg(
          'This withdrawal would exceed your daily limit of {limit} ({left} left today). Verify your identity on the verification page to raise your limits.',
        ),
        undefined,
        undefined,
        { limit: formatMoney(toMajor(daily)), left: formatMoney(toMajor(Math.max(0, daily - today))) },
      );
    const reference = newReference('wd');
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: user.id,
        bankAccountId: account.id,
        reference,
        amount: amountMinor,
        fee,
        currency,
        provider: deps.payments.name,
      })
      .returning();
    const wallet = accountCodes.userWallet(user.id, currency);
    const { entry } = await postEntry(tx, {
      idempotencyKey: `withdrawal:${row!.id}`,
      kind: 'WITHDRAWAL',
      description: `${WITHDRAWAL_TO}${account.bankName} ${maskedNumber(account.accountNumber)}`,
      currency,
      userId: user.id,
      metadata: { reference, bankAccountId: account.id },
      insufficientFundsMessage: WALLET_TEXT.insufficientBalance,
      postings: [
        { accountCode: wallet, amountMinor: -amountMinor },
        { accountCode: accountCodes.externalPayouts(currency), amountMinor },
        { accountCode: wallet, amountMinor: -fee, memo: 'withdrawal_fee' },
        { accountCode: accountCodes.platformFees(currency), amountMinor: fee },
      ],
    });
    await tx.update(withdrawals).set({ entryId: entry.id }).where(eq(withdrawals.id, row!.id));
    return { withdrawal: row!, account };
  });
}

/**
 * The provider paid the withdrawal out: COMPLETED once (guarded), with the user's notification in the
 * same database transaction. Answers the notification to push after commit, or null when nothing changed.
 */
export async function markWithdrawalCompleted(
  tx: Tx,
  reference: string,
  at: Date,
  transferCode?: string,
): Promise<NotificationView | null> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status: 'COMPLETED', completedAt: at, ...(transferCode ? { transferCode } : {}) })
    .where(and(eq(withdrawals.reference, reference), eq(withdrawals.status, 'PENDING')))
    .returning();
  if (!row) return null;
  return createNotification(tx, {
    userId: row.userId,
    transactionId: null,
    type: 'PAYMENT',
    priority: 'MEDIUM',
    title: msg('Withdrawal paid'),
    message: msg('{amount} has been paid out to your bank account (reference {reference}).'),
    params: { amount: formatMoney(toMajor(row.amount), row.currency), reference: row.reference },
    metadata: { reference: row.reference, amount: toMajor(row.amount), currency: row.currency },
  });
}

/**
 * A failed or reversed transfer: the money comes back to the wallet, fee included, through a NEW
 * entry (postings are never edited). Exactly once: guarded status update + ledger idempotency key.
 */
export async function reverseWithdrawal(
  tx: Tx,
  reference: string,
  reason: string,
): Promise<NotificationView | null> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status: 'FAILED', failureReason: reason.slice(0, 300) })
    .where(and(eq(withdrawals.reference, reference), inArray(withdrawals.status, ['PENDING', 'COMPLETED'])))
    .returning();
  if (!row) return null;
  const wallet = accountCodes.userWallet(row.userId, row.currency);
  const { entry } = await postEntry(tx, {
    idempotencyKey: `withdrawal-reversal:${row.id}`,
    kind: 'WITHDRAWAL_REVERSAL',
    description: msg('Withdrawal returned to wallet'),
    currency: row.currency,
    userId: row.userId,
    metadata: { reference, reason },
    postings: [
      { accountCode: accountCodes.externalPayouts(row.currency), amountMinor: -row.amount },
      { accountCode: wallet, amountMinor: row.amount },
      ...(row.fee > 0
        ? [
            { accountCode: accountCodes.platformFees(row.currency), amountMinor: -row.fee },
            { accountCode: wallet, amountMinor: row.fee, memo: 'withdrawal_fee_refund' },
          ]
        : []),
    ],
  });
  await tx.update(withdrawals).set({ reversalEntryId: entry.id }).where(eq(withdrawals.id, row.id));
  return createNotification(tx, {
    userId: row.userId,
    transactionId: null,
    type: 'PAYMENT',
    priority: 'HIGH',
    title: msg('Withdrawal failed'),
    message: msg(
      'The bank transfer of {amount} did not go through; the amount and its fee are back in your wallet.',
    ),
    params: { amount: formatMoney(toMajor(row.amount), row.currency) },
    metadata: { reference: row.reference, amount: toMajor(row.amount), currency: row.currency },
  });
}

/** What the provider is asked to pay out for a withdrawal; the same on every attempt. */
export const transferFor = (
  withdrawal: WithdrawalRow,
  account: typeof bankAccounts.$inferSelect,
): TransferInput => ({
  reference: withdrawal.reference,
  amountMinor: withdrawal.amount,
  bankCode: account.bankCode,
  accountNumber: account.accountNumber,
  accountName: account.accountName,
  reason: 'Amana Escrow wallet withdrawal',
});

/**
 * Records what the provider said about a withdrawal's transfer: paid completes it, failed returns amount
 * and fee to the wallet (both exactly once), still on its way keeps the provider's transfer code.
 */
export async function applyTransferOutcome(
  deps: WalletDeps,
  withdrawal: WithdrawalRow,
  outcome: { status: 'success' | 'pending' | 'failed'; transferCode?: string },
  failureReason: string,
) {
  if (outcome.status === 'success')
    announceWithdrawal(
      deps,
      await deps.db.transaction((tx) =>
        markWithdrawalCompleted(tx, withdrawal.reference, deps.clock.now(), outcome.transferCode),
      ),
    );
  else if (outcome.status === 'failed')
    announceWithdrawal(
      deps,
      await deps.db.transaction((tx) => reverseWithdrawal(tx, withdrawal.reference, failureReason)),
    );
  else if (outcome.transferCode)
    await deps.db
      .update(withdrawals)
      .set({ transferCode: outcome.transferCode })
      .where(eq(withdrawals.id, withdrawal.id));
}

/**
 * Step 2, after commit: ask the provider to pay out. Success settles the withdrawal; a definitive
 * refusal reverses it; an unknown outcome (timeout) leaves it pending for the transfer webhook or,
 * failing that, the reconciliation job (wallet.reconcile.ts).
 */
async function payOut(
  deps: WalletDeps,
  withdrawal: WithdrawalRow,
  account: typeof bankAccounts.$inferSelect,
) {
  try {
    const result = await deps.payments.transfer(transferFor(withdrawal, account));
    await applyTransferOutcome(deps, withdrawal, result, 'Transfer failed');
  } catch (error) {
    if (error instanceof ProviderError && error.definitive) {
      announceWithdrawal(
        deps,
        await deps.db.transaction((tx) => reverseWithdrawal(tx, withdrawal.reference, error.message)),
      );
      return;
    }
    deps.log.error({ err: error, reference: withdrawal.reference }, 'payout outcome unknown; left pending');
  }
}

export async function withdrawFromWallet(
  deps: WalletDeps,
  user: UserRow,
  input: { amountMinor: number; bankAccountId: string },
): Promise<WithdrawalResult> {
  const { withdrawal, account } = await recordWithdrawal(deps, user, input.amountMinor, input.bankAccountId);
  await payOut(deps, withdrawal, account);
  const [after] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
  // Refused by the provider: the debit has already been reversed; the client gets the wallet's failure text.
  if (after!.status === 'FAILED')
    throw new AppError('UNPROCESSABLE', WALLET_TEXT.withdrawalFailed, { reference: withdrawal.reference });
  const status = after!.status === 'COMPLETED' ? 'completed' : 'pending';
  return {
    withdrawal: {
      reference: withdrawal.reference,
      status,
      amount: toMajor(withdrawal.amount),
      fee: toMajor(withdrawal.fee),
    },
    wallet: await walletSummary(deps, user),
  };
}
