/**
 * Wallet texts, without zod: screens import them from here, so a page that only shows them does not
 * download zod with the wallet's schemas (schemas/wallet.ts re-exports them for the forms and the server).
 */

import { msg } from '../i18n/msg.ts';

/** Wallet texts, the screens' and the server's answers. They live only here. */
export const WALLET_TEXT = {
  invalidAmount: msg('Please enter a valid amount'),
  insufficientBalance: msg('Insufficient balance'),
  insufficientWalletBalance: msg('Insufficient wallet balance'),
  loadWalletFailed: msg('Failed to load wallet information'),
  loadHistoryFailed: msg('Failed to load transaction history'),
  depositFailed: msg('Failed to process deposit'),
  withdrawalFailed: msg('Failed to process withdrawal'),
  depositSuccessful: msg('Deposit successful'),
  depositPending: msg('Complete the payment to fund your wallet'),
  withdrawalSuccessful: msg('Withdrawal successful'),
  withdrawalProcessing: msg('Withdrawal is being processed'),
  bankRequired: msg('Please select a bank'),
  accountNumberFormat: msg('Please enter a valid 10-digit account number'),
  accountNumberCheck: msg('This account number is not valid for the selected bank'),
  bankAccountRequired: msg('Please choose a bank account'),
  bankAccountNotFound: msg('Bank account not found'),
  bankAccountExists: msg('This bank account is already saved'),
  bankAccountRemoved: msg('Bank account removed'),
  bankAccountUnresolved: msg('We could not verify this account with the bank. Please check the details.'),
  tooManyBankAccounts: (max: number) => `You can save at most ${max} bank accounts`,
  tooManyBankAccountsMessage: msg('You can save at most {max} bank accounts'),
  virtualAccountNeedsVerification: msg(
    'Verify your identity (NIN or BVN) on the verification page to get a dedicated account number',
  ),
  providerUnavailable: msg('The payment provider is unavailable. Please try again shortly.'),
} as const;
