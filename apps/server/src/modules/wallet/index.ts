/** Wallets: balance and statement, deposits, withdrawals to Nigerian banks, and their reconciliation. */
export { walletRoutes } from './wallet.routes.ts';
export type { WalletDeps } from './wallet.deps.ts';
export { reconcilePendingWithdrawals } from './wallet.reconcile.ts';
export { announceWithdrawal, markWithdrawalCompleted, reverseWithdrawal } from './wallet.withdrawals.ts';
export { walletSummary } from './wallet.summary.ts';
export { pendingWithdrawalsOf, retireBankAccountsOf } from './wallet.closed-owner.ts';
export { walletForExport } from './wallet.export.ts';
export { dedicatedAccountOwner } from './wallet.dedicated-accounts.ts';
