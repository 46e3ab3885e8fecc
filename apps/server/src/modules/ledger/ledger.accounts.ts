import type { LedgerAccountType } from '../../db/schema/ledger.ts';

/**
 * Ledger account codes. Accounts are created on first use from their code, so a code alone says
 * what the account is: its type, its owner or transaction, and whether it may go negative.
 * ledger_resolve_escrow (migration 0029) builds the user, escrow and platform-fee codes the same way for
 * releases and refunds: change both together.
 */
export const accountCodes = {
  userWallet: (userId: string, currency: string) => `user:${userId}:${currency}`,
  escrow: (transactionId: string) => `escrow:${transactionId}`,
  platformFees: (currency: string) => `platform:fees:${currency}`,
  externalFunding: (currency: string) => `external:funding:${currency}`,
  externalPayouts: (currency: string) => `external:payouts:${currency}`,
  /** Buyers' refunds on their way back to a card or bank through the provider (never negative). */
  refundClearing: (currency: string) => `clearing:refunds:${currency}`,
};

export type AccountDescription = {
  code: string;
  type: LedgerAccountType;
  ownerUserId: string | null;
  transactionId: string | null;
  currency: string;
  allowNegative: boolean;
};

const CURRENCY = /^[A-Z]{3}$/;

/**
 * Parses a code into the account it names. `entryCurrency` is the currency of the entry that first
 * uses it (escrow codes carry no currency: a transaction has one). Unknown shapes are programming
 * errors, never user input.
 */
export function describeAccount(code: string, entryCurrency: string): AccountDescription {
  const parts = code.split(':');
  const base = { code, ownerUserId: null, transactionId: null, currency: entryCurrency };
  if (parts[0] === 'user' && parts.length === 3 && parts[1] && CURRENCY.test(parts[2]!))
    return { ...base, type: 'USER_WALLET', ownerUserId: parts[1], currency: parts[2]!, allowNegative: false };
  if (parts[0] === 'escrow' && parts.length === 2 && parts[1])
    return { ...base, type: 'ESCROW', transactionId: parts[1], allowNegative: false };
  if (parts.length === 3 && CURRENCY.test(parts[2]!)) {
    const currency = parts[2]!;
    if (parts[0] === 'platform' && parts[1] === 'fees')
      return { ...base, type: 'PLATFORM_FEES', currency, allowNegative: false };
    // Clearing accounts mirror money outside the platform (the provider's side), so they run negative.
    if (parts[0] === 'external' && parts[1] === 'funding')
      return { ...base, type: 'EXTERNAL_FUNDING', currency, allowNegative: true };
    if (parts[0] === 'external' && parts[1] === 'payouts')
      return { ...base, type: 'EXTERNAL_PAYOUTS', currency, allowNegative: true };
    if (parts[0] === 'clearing' && parts[1] === 'refunds')
      return { ...base, type: 'REFUND_CLEARING', currency, allowNegative: false };
  }
  throw new Error(`Unknown ledger account code: ${code}`);
}

/**
 * Lock order: user and escrow accounts first, then the shared system accounts, each group by id.
 * Any fixed total order prevents deadlocks; this one also lets a caller lock a user's wallet before
 * posting (withdrawals do, to serialise the daily limit check) without breaking the order.
 */
export function lockRank(type: LedgerAccountType): number {
  return type === 'USER_WALLET' || type === 'ESCROW' ? 0 : 1;
}
