import type { FastifyBaseLogger } from 'fastify';
import type { TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import type { AppConfig } from '../../config/env.ts';

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
};

export type AssistantDeps = {
  config: AppConfig;
  log: FastifyBaseLogger;
  account: AccountReader;
  /** An invitation's lifetime, from the transactions module (quoted in answers). */
  invitationTtlMs: number;
};
