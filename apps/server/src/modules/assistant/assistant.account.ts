import { formatMoney } from '@escrow/shared/domain/money';
import { nextActionFor, STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { TERMINAL_STATUSES, type TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { TOPIC_ACTIONS, transactionAction } from './assistant.actions.ts';
import type { AccountReader } from './assistant.deps.ts';

/**
 * Questions about the caller's own account, answered from their own data only: their wallet, their
 * transactions' statuses, their transactions with a named counterparty (searched among their own).
 */
export type AccountQuestion =
  { kind: 'balance' } | { kind: 'on-hold' } | { kind: 'transaction'; counterparty: string | null };

const NOT_BALANCE = /\b(withdraw|deposit|fee|limit|limits|verification|raise)\b/;
const BALANCE = [
  /\bmy (wallet |account )?balance\b/,
  /\bhow much (money )?(is |remain |remains |left )?(in |for |inside )?my (wallet|account)\b/,
  /\bhow much (money )?(do |did )?i (have|get|still have|got)\b(?! to\b)/,
  /\b(check|show|see|tell)( me)? my (wallet|balance|money)\b/,
];
const ON_HOLD =
  /\b(money|payment|balance|fund|price)\b.*\b(hold|held|stuck|frozen|freeze|locked|hang|hanging|escrow|pending|blocked|delay|delayed)\b/;
const WHERE =
  /\b(where is|where are|where s|where my|status of|state of|how far|what happen to|what happened to|happening with|any news|any update|update on|progress of|track my)\b/;
const TRADE_WORDS = /\b(transaction|transactions|item|shipping|payment)\b/;
const NOT_A_NAME = new Set(
  (
    'my the a an me him her them us you it this that seller buyer vendor customer person amana escrow shipping ' +
    'delivery payment courier bank wallet money item goods order deal trade transaction which who what my ' +
    'mistake sale dispute'
  ).split(' '),
);

/** The account question a normalized question asks, if any; `raw` keeps the counterparty's name as typed. */
export function accountQuestionOf(normalized: string, raw: string): AccountQuestion | null {
  const mine = /\b(my|i|me)\b/.test(normalized);
  if (!mine) return null;
  if (!NOT_BALANCE.test(normalized) && BALANCE.some((pattern) => pattern.test(normalized)))
    return { kind: 'balance' };
  if (!/\bwithdraw\b/.test(normalized) && ON_HOLD.test(normalized)) return { kind: 'on-hold' };
  if (WHERE.test(normalized) && TRADE_WORDS.test(normalized))
    return { kind: 'transaction', counterparty: counterpartyIn(raw) };
  return null;
}

/** The name after 'with', 'from', 'to' or 'for' ('my order with Tunde Bakare'), at most two words. */
function counterpartyIn(raw: string): string | null {
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

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function otherParty(item: TransactionListItem) {
  const name = item.viewerRole === item.creatorRole ? item.counterpartyName : item.creatorName;
  return name ?? 'the other party (not joined yet)';
}

function describe(item: TransactionListItem): string {
  const step = nextActionFor(item, item.viewerRole);
  const next = step.kind === 'action' ? `your next step: ${step.label}` : step.label;
  return `“${item.description}” with ${otherParty(item)} (${formatMoney(item.price, item.currency)}) is ${STATUS_LABELS[item.status]}: ${next}.`;
}

const oneOrList = (items: TransactionListItem[]) =>
  items.length === 1 ? transactionAction(items[0]!.id) : TOPIC_ACTIONS.transactions;

/** Why money is held, per status, from the viewer's side. */
function holdReason(item: TransactionListItem): string {
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
  if (question.kind === 'balance') {
    const wallet = await account.wallet(userId);
    return {
      response: `Your available balance is ${formatMoney(wallet.balance, wallet.currency)}, and ${formatMoney(wallet.pendingEscrow, wallet.currency)} you paid is held in escrow. Today you can still withdraw ${formatMoney(Math.max(0, wallet.limits.dailyWithdrawal - wallet.limits.withdrawnToday), wallet.currency)} (${wallet.verificationLevel} level).`,
      suggestions: ['How do I withdraw funds?', 'Why is my money on hold?', 'How do I raise my limits?'],
      action: TOPIC_ACTIONS.wallet,
    };
  }
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
