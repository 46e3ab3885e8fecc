import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { WalletDeps } from './wallet.deps.ts';
import { bankAccounts, withdrawals, type WithdrawalRow } from '../../db/schema/wallet.ts';
import { ProviderError } from '../payments/index.ts';
import { applyTransferOutcome, transferFor } from './wallet.withdrawals.ts';

const BATCH = 20;

export type ReconcileOutcome = 'completed' | 'reversed' | 'resent' | 'pending' | 'error';

/**
 * Withdrawals whose payout outcome was unknown (a timeout, a 5xx, a lost webhook) would otherwise keep
 * the user's money out of the wallet forever. Once a withdrawal has been pending for
 * WITHDRAWAL_RECONCILE_AFTER_SECONDS, ask the provider where its transfer stands, and ask again each
 * period after that:
 * - paid: mark it completed;
 * - failed or reversed: return amount and fee to the wallet (exactly once, see reverseWithdrawal);
 * - unknown to the provider (the request never reached it): send it again with the same reference;
 * - still on its way: leave it, and look again next period.
 * Rows are claimed with a guarded update of last_checked_at, so two processes never check the same
 * withdrawal in the same period; settling is idempotent anyway (guarded status updates, ledger keys).
 */
export async function reconcilePendingWithdrawals(
  deps: WalletDeps,
): Promise<Record<ReconcileOutcome, number>> {
  const counts: Record<ReconcileOutcome, number> = {
    completed: 0,
    reversed: 0,
    resent: 0,
    pending: 0,
    error: 0,
  };
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.WITHDRAWAL_RECONCILE_AFTER_SECONDS * 1000);
  const due = deps.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'PENDING'),
        // Only the configured provider can say where its transfers stand (after a switch of provider,
        // the old one's stragglers wait for an operator).
        eq(withdrawals.provider, deps.payments.name),
        lt(withdrawals.createdAt, cutoff),
        or(isNull(withdrawals.lastCheckedAt), lt(withdrawals.lastCheckedAt, cutoff)),
      ),
    )
    .orderBy(asc(withdrawals.createdAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(withdrawals)
    .set({ lastCheckedAt: now })
    .where(and(inArray(withdrawals.id, due), eq(withdrawals.status, 'PENDING')))
    .returning();

  for (const withdrawal of claimed) {
    try {
      const outcome = await reconcileOne(deps, withdrawal);
      counts[outcome] += 1;
    } catch (error) {
      counts.error += 1;
      deps.log.warn(
        { err: error, reference: withdrawal.reference },
        'withdrawal check failed; retried later',
      );
    }
  }
  return counts;
}

async function reconcileOne(deps: WalletDeps, withdrawal: WithdrawalRow): Promise<ReconcileOutcome> {
  const check = await deps.payments.verifyTransfer(withdrawal.reference);
  if (check.status === 'not_found') return resend(deps, withdrawal);
  const { status, transferCode } = check;
  return settle(deps, withdrawal, { status, transferCode }, 'Transfer failed (found by reconciliation)');
}

async function settle(
  deps: WalletDeps,
  withdrawal: WithdrawalRow,
  outcome: Parameters<typeof applyTransferOutcome>[2],
  failureReason: string,
): Promise<ReconcileOutcome> {
  await applyTransferOutcome(deps, withdrawal, outcome, failureReason);
  return outcome.status === 'success' ? 'completed' : outcome.status === 'failed' ? 'reversed' : 'pending';
}

/**
 * The provider never received the transfer: send it again with the same reference (the provider
 * refuses a second transfer with one reference, so this can never pay out twice). A refusal returns the
 * money only once the provider confirms it still has no such transfer; if it refused because the first
 * request did arrive after all, the next check finds that transfer and follows it.
 */
async function resend(deps: WalletDeps, withdrawal: WithdrawalRow): Promise<ReconcileOutcome> {
  // Removed bank accounts are only marked deleted, so the row is always there.
  const [account] = await deps.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, withdrawal.bankAccountId));
  const failureReason = 'Transfer could not be sent (found by reconciliation)';
  try {
    const result = await deps.payments.transfer(transferFor(withdrawal, account!));
    const outcome = await settle(deps, withdrawal, result, failureReason);
    return outcome === 'pending' ? 'resent' : outcome;
  } catch (error) {
    if (!(error instanceof ProviderError && error.definitive)) throw error;
    const again = await deps.payments.verifyTransfer(withdrawal.reference);
    if (again.status !== 'not_found') return 'pending';
    return settle(deps, withdrawal, { status: 'failed' }, failureReason);
  }
}
