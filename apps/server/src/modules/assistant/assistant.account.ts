import { formatMoney } from '@escrow/shared/domain/money';
import { nextActionFor, STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { TERMINAL_STATUSES, type TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { TOPIC_ACTIONS, transactionAction } from './assistant.actions.ts';
import type { AccountReader } from './assistant.deps.ts';

/**
 * Questions about the caller's own account, answered from their own data only: why their money is on
 * hold, their transactions with a named counterparty (searched among their own). The balance is in
 * assistant.balance.ts, a trade named by its description in assistant.trades.ts.
 */
export type AccountQuestion = { kind: 'on-hold' } | { kind: 'transaction'; counterparty: string | null };

const NOT_A_NAME = new Set(
  (
    'my the a an me him her them us you it this that seller buyer vendor customer person amana escrow shipping ' +
    'delivery payment courier bank wallet money item goods order deal trade transaction which who what my ' +
    'mistake sale dispute'
  ).split(' '),
);

/** The name after 'with', 'from', 'to' or 'for' ('my order with Tunde Bakare'), at most two words. */
export function counterpartyIn(raw: string): string | null {
  const pattern = /\b(?:with|from|to|for|by)\s+([\p{L}][\p{L}'-]{1,40})(?:\s+([\p{L}][\p{L}'-]{1,40}))?/giu;
  for (const match of raw.matchAll(pattern)) {
    const first = match[1]!;
    if (NOT_A_NAME.has(first.toLowerCase())) continue;
    const second =
      match[2] && !NOT_A_NAME.has(match[2].toLowerCase()) && /^\p{Lu}/u.test(match[2]) ? match[2] : '';
    return [first, second].filter(Boolean).join(' ');
  }
  return null;
}

export const lagosDate = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function otherParty(item: TransactionListItem) {
  const name = item.viewerRole === item.creatorRole ? item.counterpartyName : item.creatorName;
  return name ?? 'the other party (not joined yet)';
}

export function describe(item: TransactionListItem): string {
  const step = nextActionFor(item, item.viewerRole);
  const next = step.kind === 'action' ? `your next step: ${step.label}` : step.label;
  return `“${item.description}” with ${otherParty(item)} (${formatMoney(item.price, item.currency)}) is ${STATUS_LABELS[item.status]}: ${next}.`;
}

const oneOrList = (items: TransactionListItem[]) =>
  items.length === 1 ? transactionAction(items[0]!.id) : TOPIC_ACTIONS.transactions;

/** Why money is held, per status, from the viewer's side. */
export function holdReason(item: TransactionListItem): string {
  const buyer = item.viewerRole === 'BUYER';
  const amount = formatMoney(buyer ? item.total : item.price, item.currency);
  const who = otherParty(item);
  switch (item.status) {
    case 'WAITING_FOR_SHIPMENT':
      return `${amount} for “${item.description}” with ${who}: paid into escrow, waiting for the seller to ship.`;
    case 'WAITING_FOR_BUYER_CONFIRMATION': {
      const auto = item.autoReleaseAt
        ? ` or automatically on ${lagosDate.format(new Date(item.autoReleaseAt))}`
        : '';
      return `${amount} for “${item.description}” with ${who}: shipped, released to the seller when the buyer confirms receipt${auto}.`;
    }
    default:
      return `${amount} for “${item.description}” with ${who}: frozen by a dispute until it is settled.`;
  }
}

const HELD_STATUSES: TransactionStatus[] = [
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_BUYER_CONFIRMATION',
  'DISPUTED',
];

export async function answerAccountQuestion(
  account: AccountReader,
  userId: string,
  question: AccountQuestion,
): Promise<AssistantAnswer> {
  if (question.kind === 'on-hold') {
    const lists = await Promise.all(
      HELD_STATUSES.map((status) => account.transactions(userId, { status, limit: 5 })),
    );
    const held = lists.flat();
    if (held.length === 0)
      return {
        response:
          'None of your money is on hold: you have no transaction with money in escrow. Money paid for a trade stays in escrow until the buyer confirms receipt, the inspection period ends, or a dispute is settled.',
        suggestions: ['What is my balance?', 'How long does the buyer have to inspect the item?'],
        action: TOPIC_ACTIONS.wallet,
      };
    return {
      response: `Money is held in escrow for ${held.length === 1 ? 'one of your transactions' : `${held.length} of your transactions`}, so neither side can lose it while the trade is under way:\n${held.map((item) => `• ${holdReason(item)}`).join('\n')}`,
      suggestions: ['How do I confirm I received my item?', 'How do I resolve a dispute?'],
      action: held.length === 1 ? transactionAction(held[0]!.id) : TOPIC_ACTIONS.wallet,
    };
  }
  const name = question.counterparty;
  const found = await account.transactions(userId, { q: name ?? undefined, limit: 5 });
  const items = name ? found : found.filter((item) => !TERMINAL_STATUSES.includes(item.status));
  if (items.length === 0)
    return {
      response: name
        ? `I couldn't find a transaction with “${name}” among your transactions. Check the spelling, or look through your list.`
        : 'You have no transaction in progress. Your list shows your completed and cancelled ones.',
      suggestions: ['How do I create a transaction?', 'How do I join a transaction?'],
      action: TOPIC_ACTIONS.transactions,
    };
  const shown = items.slice(0, 3);
  const intro = name ? `Your transactions matching “${name}”:` : 'Your transactions in progress:';
  return {
    response:
      shown.length === 1
        ? `Your transaction ${describe(shown[0]!)}`
        : `${intro}\n${shown.map((item) => `• ${describe(item)}`).join('\n')}`,
    suggestions: ['Why is my money on hold?', 'How do I resolve a dispute?'],
    action: oneOrList(shown),
  };
}
