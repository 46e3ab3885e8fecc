/**
 * Query keys of the console. Everything about disputes (queue, one dispute, its transaction's ledger)
 * sits under one root, so a live `dispute:updated` refreshes it with one invalidation.
 */
export const adminKeys = {
  disputes: ['admin', 'disputes'] as const,
  disputeQueue: (queryString: string) => [...adminKeys.disputes, 'queue', queryString] as const,
  dispute: (id: string) => [...adminKeys.disputes, 'detail', id] as const,
  transactionLedger: (transactionId: string) => [...adminKeys.disputes, 'ledger', transactionId] as const,
  users: ['admin', 'users'] as const,
  userSearch: (queryString: string) => [...adminKeys.users, 'search', queryString] as const,
  user: (id: string) => [...adminKeys.users, 'detail', id] as const,
  auditLog: (queryString: string) => ['admin', 'audit-log', queryString] as const,
  refunds: ['admin', 'refunds'] as const,
  refundList: (queryString: string) => [...adminKeys.refunds, 'list', queryString] as const,
  textMessages: ['admin', 'text-messages'] as const,
  textMessageList: (queryString: string) => [...adminKeys.textMessages, 'list', queryString] as const,
};
