import type { AssistantAction } from '@escrow/shared/schemas/assistant';

/**
 * Where each topic's answer sends the user: the table of docs/assistant.md "How it answers" (binding) for
 * the topics it lists; `transactions` (the user's list) for the steps of a trade that table does not name.
 */
export const TOPIC_ACTIONS = {
  wallet: { type: 'NAVIGATE', value: '/app/wallet', label: 'Go to wallet' },
  calculator: { type: 'NAVIGATE', value: '/app/escrow-calculator', label: 'Open fee calculator' },
  disputes: { type: 'NAVIGATE', value: '/app/disputes', label: 'Go to disputes' },
  verification: { type: 'NAVIGATE', value: '/app/verification', label: 'Verify your identity' },
  create: { type: 'NAVIGATE', value: '/app/create-transaction', label: 'Create a transaction' },
  join: { type: 'NAVIGATE', value: '/app/join-transaction', label: 'Join a transaction' },
  messages: { type: 'NAVIGATE', value: '/app/messages', label: 'Open messages' },
  notifications: { type: 'NAVIGATE', value: '/app/notifications', label: 'Open notifications' },
  profile: { type: 'NAVIGATE', value: '/app/profile', label: 'Go to profile' },
  vendors: { type: 'NAVIGATE', value: '/app/vendor', label: 'Browse vendors' },
  transactions: { type: 'NAVIGATE', value: '/app/transactions', label: 'View my transactions' },
} as const satisfies Record<string, AssistantAction>;

export type Topic = keyof typeof TOPIC_ACTIONS;

export const transactionAction = (id: string): AssistantAction => ({
  type: 'NAVIGATE',
  value: `/app/transactions/${id}`,
  label: 'View transaction',
});
