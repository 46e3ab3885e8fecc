import type { FastifyBaseLogger } from 'fastify';
import type { TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Language, MessageParams } from '../../lib/i18n.ts';

/**
 * The caller's own account, read through the wallet and transactions modules (passed in by the
 * composition root). Every read takes the signed-in user's id: the assistant never names another user.
 */
export type AccountReader = {
  wallet: (userId: string) => Promise<Wallet>;
  /** The user's own transactions, newest first; `q` matches the description or the other party's name. */
  transactions: (
    userId: string,
    filter: { q?: string; status?: TransactionStatus; limit: number },
  ) => Promise<TransactionListItem[]>;
  /** Refunds credited to the user's wallet since `since`, in minor units (exempt from the daily limit). */
  refundsCreditedSince: (userId: string, currency: string, since: Date) => Promise<number>;
  /** The ledger entries of one of the user's own transactions (another's: refused), oldest first. */
  transactionEntries: (userId: string, transactionId: string) => Promise<LedgerEntryView[]>;
};

/** One journal entry of a transaction, its postings in signed major units (the ledger module's view). */
export type LedgerEntryView = {
  kind: string;
  createdAt: string;
  postings: { account: string; amount: number }[];
};

export type AssistantDeps = {
  config: AppConfig;
  log: FastifyBaseLogger;
  clock: Clock;
  account: AccountReader;
  /** An invitation's lifetime, from the transactions module (quoted in answers). */
  invitationTtlMs: number;
  /** Writes a message in a language; the server's catalogues (lib/i18n.ts) unless a test passes its own. */
  translate?: (language: Language, id: string, params?: MessageParams) => string;
};
