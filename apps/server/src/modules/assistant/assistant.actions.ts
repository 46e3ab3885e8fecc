import { msg } from '@escrow/shared/i18n/msg';
import type { AssistantAction } from '@escrow/shared/schemas/assistant';
import type { MessageParams } from '../../lib/i18n.ts';

/**
 * Where each topic's answer sends the user: the table of docs/assistant.md "How it answers" (binding) for
 * the topics it lists; `transactions` (the user's list) for the steps of a trade that table does not name.
 * The labels are message ids: `labelled` writes them in the answer's language.
 */
export const TOPIC_ACTIONS = {
  wallet: { type: 'NAVIGATE', value: '/app/wallet', label: msg('Go to wallet') },
  calculator: { type: 'NAVIGATE', value: '/app/escrow-calculator', label: msg('Open fee calculator') },
  disputes: { type: 'NAVIGATE', value: '/app/disputes', label: msg('Go to disputes') },
  verification: { type: 'NAVIGATE', value: '/app/verification', label: msg('Verify your identity') },
  create: { type: 'NAVIGATE', value: '/app/create-transaction', label: msg('Create a transaction') },
  join: { type: 'NAVIGATE', value: '/app/join-transaction', label: msg('Join a transaction') },
  messages: { type: 'NAVIGATE', value: '/app/messages', label: msg('Open messages') },
  notifications: { type: 'NAVIGATE', value: '/app/notifications', label: msg('Open notifications') },
  profile: { type: 'NAVIGATE', value: '/app/profile', label: msg('Go to profile') },
  vendors: { type: 'NAVIGATE', value: '/app/vendor', label: msg('Browse vendors') },
  transactions: { type: 'NAVIGATE', value: '/app/transactions', label: msg('View my transactions') },
} as const satisfies Record<string, AssistantAction>;

export type Topic = keyof typeof TOPIC_ACTIONS;

export const transactionAction = (id: string): AssistantAction => ({
  type: 'NAVIGATE',
  value: `/app/transactions/${id}`,
  label: msg('View transaction'),
});

/** The action with its label in the answer's language (the path is the same in every language). */
/** Writes a message in the answer's language (assistant.knowledge-types.ts's `Say`). */
type Say = (id: string, params?: MessageParams) => string;

export const labelled = (action: AssistantAction, say: Say): AssistantAction => ({
  ...action,
  label: say(action.label),
});
