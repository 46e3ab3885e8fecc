/**
 * Wallet texts, without zod: screens import them from here, so a page that only shows them does not
 * download zod with the wallet's schemas (schemas/wallet.ts re-exports them for the forms and the server).
 */

/** Wallet texts, the screens' and the server's answers. They live only here. */
export const WALLET_TEXT = {
  invalidAmount: 'Please enter a valid amount',
  insufficientBalance: 'Insufficient balance',
  insufficientWalletBalance: 'Insufficient wallet balance',
  loadWalletFailed: 'Failed to load wallet information',
  loadHistoryFailed: 'Failed to load transaction history',
  depositFailed: 'Failed to process deposit',
  withdrawalFailed: 'Failed to process withdrawal',
  depositSuccessful: 'Deposit successful',
  depositPending: 'Complete the payment to fund your wallet',
  withdrawalSuccessful: 'Withdrawal successful',
  withdrawalProcessing: 'Withdrawal is being processed',
  bankRequired: 'Please select a bank',
  accountNumberFormat: 'Please enter a valid 10-digit account number',
  accountNumberCheck: 'This account number is not valid for the selected bank',
  bankAccountRequired: 'Please choose a bank account',
  bankAccountNotFound: 'Bank account not found',
  bankAccountExists: 'This bank account is already saved',
  bankAccountRemoved: 'Bank account removed',
  bankAccountUnresolved: 'We could not verify this account with the bank. Please check the details.',
  tooManyBankAccounts: (max: number) => `You can save at most ${max} bank accounts`,
  virtualAccountNeedsVerification:
    'Verify your identity (NIN or BVN) on the verification page to get a dedicated account number',
  providerUnavailable: 'The payment provider is unavailable. Please try again shortly.',
} as const;
