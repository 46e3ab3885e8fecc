/** Query keys of the wallet feature; invalidating `all` refreshes balance, history and accounts. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => ['wallet', 'summary'] as const,
  transactions: (page: number, limit: number) => ['wallet', 'transactions', page, limit] as const,
  bankAccounts: () => ['wallet', 'bank-accounts'] as const,
  banks: ['banks'] as const,
};
