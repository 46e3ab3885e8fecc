import { formatMoney } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { accountCodes } from '../ledger/index.ts';
import { labelled, transactionAction } from './assistant.actions.ts';
import { describe, holdReason, lagosDate, partyParams } from './assistant.account.ts';
import type { AccountReader } from './assistant.deps.ts';
import { inEnglish, type Say } from './assistant.knowledge-types.ts';
import { normalizeQuestion, searchTerm, stem } from './assistant.language.ts';

/** How many of the caller's newest transactions a question may name. */
const RECENT_TRADES = 50;

/** The question asks about the caller's own money or a trade's progress. */
const ABOUT_ME = /\b(my|i|me|mine)\b/;
const MONEY_OR_PROGRESS =
  /\b(money|paid|pay|payment|refund|refunded|where|when|status|happen|happened|update|arrive|arrived|reach|shipping|release|released|wallet|enter|receive|received|sent)\b/;

const HELD = new Set(['WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'DISPUTED', 'IN_PROGRESS']);

/** Words that name a trade: the description's own, minus what every question about trades says. */
function nameWords(description: string, vocabulary: ReadonlySet<string>): string[] {
  return description
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .map((word) => searchTerm(word))
    .filter((word): word is string => word !== null && !vocabulary.has(word));
}

/** One typo allowed in words of five letters or more ('ankra' finds 'ankara'). */
function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * The caller's own trade a money question names by its description ('where is my money for the ankara
 * fabric?'), or null. Only the caller's transactions are searched, and only words of the description that
 * are not the assistant's everyday vocabulary count, so 'my payment' names no trade.
 */
export async function namedTrade(
  account: AccountReader,
  userId: string,
  question: string,
  vocabulary: ReadonlySet<string>,
  /** The question in the knowledge base's words (a Yoruba, Hausa or Igbo question read as English). */
  reading = question,
): Promise<TransactionListItem | null> {
  const normalized = normalizeQuestion(reading);
  if (!ABOUT_ME.test(normalized) || !MONEY_OR_PROGRESS.test(normalized)) return null;
  const asked = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .map(stem);
  if (asked.length === 0) return null;
  const trades = await account.transactions(userId, { limit: RECENT_TRADES });
  let best: { item: TransactionListItem; hits: number } | null = null;
  for (const item of trades) {
    const hits = nameWords(item.description, vocabulary).filter((word) =>
      asked.some((term) => near(term, word)),
    ).length;
    // Newest first: an older trade must name more words to win.
    if (hits > 0 && (!best || hits > best.hits)) best = { item, hits };
  }
  return best?.item ?? null;
}

/** Where the money of one of the caller's trades is: credited to their wallet, held, or neither. */
export async function answerTradeMoney(
  account: AccountReader,
  userId: string,
  item: TransactionListItem,
  say: Say = inEnglish,
): Promise<AssistantAnswer> {
  const wallet = accountCodes.userWallet(userId, item.currency);
  const entries = await account.transactionEntries(userId, item.id);
  const credits = entries.flatMap((entry) =>
    entry.postings
      .filter((leg) => leg.account === wallet && leg.amount > 0)
      .map((leg) => ({ kind: entry.kind, amount: leg.amount, at: entry.createdAt })),
  );
  const money = (amount: number) => formatMoney(amount, item.currency);
  const named = { description: item.description, ...partyParams(item) };
  const refunds = credits.filter((credit) => credit.kind === 'ESCROW_REFUND');
  const releases = credits.filter((credit) => credit.kind !== 'ESCROW_REFUND');
  const sum = (list: typeof credits) => list.reduce((total, credit) => total + credit.amount, 0);
  const on = (list: typeof credits) => lagosDate.format(new Date(list[list.length - 1]!.at));
  let response: string;
  if (refunds.length > 0)
    response = say(
      msg(
        'The money for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} was refunded: {amount} came back to your wallet on {date}. It is part of your available balance, and refunded money can be withdrawn the same day whatever your daily limit.',
      ),
      { ...named, amount: money(sum(refunds)), date: on(refunds) },
    );
  else if (releases.length > 0)
    response = say(
      msg(
        'The money for “{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} was released: {amount} was credited to your wallet on {date}. It is part of your available balance.',
      ),
      { ...named, amount: money(sum(releases)), date: on(releases) },
    );
  else if (HELD.has(item.status))
    response = say(msg('Your money is held in escrow: {details}'), { details: holdReason(item, say) });
  else if (item.status === 'CANCELLED')
    response = say(
      msg(
        '“{description}” with {joined, select, no {the other party (not joined yet)} other {{other}}} was cancelled, and nothing from it was credited to your wallet: a trade cancelled before payment cost nothing, and a card or bank-transfer payment is refunded the way it was paid.',
      ),
      named,
    );
  else response = describe(item, say, true);
  return {
    response,
    suggestions: [
      msg('What is my balance?'),
      msg('How do I withdraw funds?'),
      msg('How do I resolve a dispute?'),
    ].map((id) => say(id)),
    action: labelled(transactionAction(item.id), say),
  };
}
