/**
 * The ledger: the only module that touches ledger tables. Others move money through these functions,
 * always inside their own database transaction, and read balances and statements through them.
 */
export {
  accountCodes,
  checkLedger,
  getHold,
  holdFromProvider,
  holdFromWallet,
  lockWallet,
  LedgerInvariantError,
  postEntry,
  refundHold,
  releaseHold,
  releaseHoldPart,
  payBrokerCommission,
  settleProviderRefund,
  creditRefundToWallet,
  MILESTONE_RELEASED_TO_SELLER,
  walletBalanceMinor,
  type EscrowHold,
  type HoldResult,
  type JournalKind,
  type PostEntryInput,
} from './ledger.service.ts';
export { heldEscrowOf, transactionLedgerEntries, walletRefundOf } from './ledger.entries.ts';
export { runLedgerChecks } from './ledger.check.ts';
export {
  MONEY_EVENT_KINDS,
  onMoneyEvents,
  type MoneyEvent,
  type MoneyEventKind,
  type MoneyEventListener,
} from './ledger.events.ts';
export {
  refundsCreditedSince,
  walletBalanceBefore,
  walletLedgerFigures,
  walletPostingsSource,
} from './ledger.wallet.ts';
export { providerEscrowPaymentsSource } from './ledger.escrow-payments.ts';
export {
  escrowHeldFor,
  lockNonEmptyWallets,
  nonEmptyWallets,
  walletCurrenciesOf,
  type CurrencyAmount,
} from './ledger.user-funds.ts';
