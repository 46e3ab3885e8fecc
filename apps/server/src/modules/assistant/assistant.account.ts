import { formatMoney } from '@escrow/shared/domain/money';
import { nextActionFor, STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { TERMINAL_STATUSES, type TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import { msg } from '@escrow/shared/i18n/msg';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { labelled, TOPIC_ACTIONS, transactionAction } from './assistant.actions.ts';
import type { AccountReader } from './assistant.deps.ts';
import { inEnglish, type Say } from './assistant.knowledge-types.ts';

/**
 * Questions about the caller's own account, answered from their own data only: why their money is on
 * hold, their transactions with a named counterparty (searched among their own). The balance is in
 * assistant.balance.ts, a trade named by its description in assistant.trades.ts. Every text is one
 * message written in the answer's language (`say`); the other party is a `{joined, select, …}`.
 */
export type AccountQuestion = { kind: 'on-hold' } | { kind: 'transaction'; counterparty: string | null };

const NOT_A_NAME = new Set(
  (
    'my the a an me him her them us you it this that seller buyer vendor customer person amana escrow shipping ' +
    'delivery payment courier bank wallet money item goods order deal trade transaction which who what my ' +
    'mistake sale dispute'
  ).split(' '),
);

/**
 * The name after 'with', 'from', 'to' or 'for' ('my order with Tunde Bakare'), at most two words; in
 * Yoruba, Hausa and Igbo after 'pẹ̀lú', 'tare da', 'lọ́wọ́', 'daga' or 'na', only a capitalised name
 * (those words are too common to take what follows as a name otherwise).
 */
export function counterpartyIn(raw: string): string | null {
  const pattern = /\b(?:with|from|to|for|by)\s+([\p{L}][\p{L}'-]{1,40})(?:\s+([\p{L}][\p{L}'-]{1,40}))?/giu;
  const native =
    /(?<![\p{L}])(?:pẹ̀lú|pẹlu|pelu|lọ́wọ́|lọwọ|lowo|tare da|daga|na|ya na)\s+(\p{Lu}[\p{L}'-]{1,40})(?:\s+(\p{Lu}[\p{L}'-]{1,40}))?/gu;
  for (const match of [...raw.matchAll(pattern), ...raw.normalize('NFC').matchAll(native)]) {
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

/** The other party, for the messages' `{joined, select, no {the other party (not joined yet)} other {{other}}}`. */
export function partyParams(item: TransactionListItem) {
  const name = item.viewerRole === item.creatorRole ? item.counterpartyName : item.creatorName;
  return { other: name ?? '', joined: name ? 'yes' : 'no' };
}

/** One of the caller's transactions, its status and next step; `lead` starts with "Your transaction". */
export function describe(item: TransactionListItem, say: Say = inEnglish, lead = false): string {
  const step = nextActionFor(item, item.viewerRole);
  const params = {
    description: item.description,
    ...partyParams(item),
    price: formatMoney(item.price, item.currency),
    status: say(STATUS_LABELS[item.status]),
    step: say(step.label),
  };
  if (step.kind === 'action')
    return lead
      ? say(
          msg(
            'Your transaction “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} ({price}) is {status}: your next step: {step}.',
          ),
          params,
        )
      : say(
          msg(
            '“{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} ({price}) is {status}: your next step: {step}.',
          ),
          params,
        );
  return lead
    ? say(
        msg(
          'Your transaction “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} ({price}) is {status}: {step}.',
        ),
        params,
      )
    : say(
        msg(
          '“{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} ({price}) is {status}: {step}.',
        ),
        params,
      );
}

const oneOrList = (items: TransactionListItem[]) =>
  items.length === 1 ? transactionAction(items[0]!.id) : TOPIC_ACTIONS.transactions;

/** Why money is held, per status, from the viewer's side. */
export function holdReason(item: TransactionListItem, say: Say = inEnglish): string {
  const buyer = item.viewerRole === 'BUYER';
  const params = {
    amount: formatMoney(buyer ? item.total : item.price, item.currency),
    description: item.description,
    ...partyParams(item),
  };
  switch (item.status) {
    case 'WAITING_FOR_SHIPMENT':
      return say(
        msg(
          '{amount} for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}}: paid into escrow, waiting for the seller to ship.',
        ),
        params,
      );
    case 'WAITING_FOR_BUYER_CONFIRMATION':
      return item.autoReleaseAt
        ? say(
            msg(
              '{amount} for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}}: shipped, released to the seller when the buyer confirms receipt or automatically on {date}.',
            ),
            { ...params, date: lagosDate.format(new Date(item.autoReleaseAt)) },
          )
        : say(
            msg(
              '{amount} for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}}: shipped, released to the seller when the buyer confirms receipt.',
            ),
            params,
          );
    default:
      return say(
        msg(
          '{amount} for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}}: frozen by a dispute until it is settled.',
        ),
        params,
      );
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
  say: Say = inEnglish,
): Promise<AssistantAnswer> {
  const suggest = (ids: string[]) => ids.map((id) => say(id));
  if (question.kind === 'on-hold') {
    const lists = await Promise.all(
      HELD_STATUSES.map((status) => account.transactions(userId, { status, limit: 5 })),
    );
    const held = lists.flat();
    if (held.length === 0)
      return {
        response: say(
          msg(
            'None of your money is on hold: you have no transaction with money in escrow. Money paid for a trade stays in escrow until the buyer confirms receipt, the inspection period ends, or a dispute is settled.',
          ),
        ),
        suggestions: suggest([
          msg('What is my balance?'),
          msg('How long does the buyer have to inspect the item?'),
        ]),
        action: labelled(TOPIC_ACTIONS.wallet, say),
      };
    const intro = say(
      msg(
        'Money is held in escrow for {count, plural, one {one of your transactions} other {# of your transactions}}, so neither side can lose it while the trade is under way:',
      ),
      { count: held.length },
    );
    return {
      response: `${intro}\n${held.map((item) => `• ${holdReason(item, say)}`).join('\n')}`,
      suggestions: suggest([msg('How do I confirm I received my item?'), msg('How do I resolve a dispute?')]),
      action: labelled(held.length === 1 ? transactionAction(held[0]!.id) : TOPIC_ACTIONS.wallet, say),
    };
  }
  const name = question.counterparty;
  const found = await account.transactions(userId, { q: name ?? undefined, limit: 5 });
  const items = name ? found : found.filter((item) => !TERMINAL_STATUSES.includes(item.status));
  if (items.length === 0)
    return {
      response: name
        ? say(
            msg(
              "I couldn't find a transaction with “{name}” among your transactions. Check the spelling, or look through your list.",
            ),
            { name },
          )
        : say(msg('You have no transaction in progress. Your list shows your completed and cancelled ones.')),
      suggestions: suggest([msg('How do I create a transaction?'), msg('How do I join a transaction?')]),
      action: labelled(TOPIC_ACTIONS.transactions, say),
    };
  const shown = items.slice(0, 3);
  const intro = name
    ? say(msg('Your transactions matching “{name}”:'), { name })
    : say(msg('Your transactions in progress:'));
  return {
    response:
      shown.length === 1
        ? describe(shown[0]!, say, true)
        : `${intro}\n${shown.map((item) => `• ${describe(item, say)}`).join('\n')}`,
    suggestions: suggest([msg('Why is my money on hold?'), msg('How do I resolve a dispute?')]),
    action: labelled(oneOrList(shown), say),
  };
}
