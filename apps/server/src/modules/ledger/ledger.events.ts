import { afterCommit, trackCommits } from '../../db/after-commit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accountCodes } from './ledger.accounts.ts';

/**
 * Money events for the metrics (docs/operations.md, "Metrics"), reported once per business event and
 * only after its database transaction commits (db/after-commit.ts): a rolled-back step never counts, a
 * replayed idempotency key never counts twice. Amounts are minor units.
 *
 * - deposit: money into a wallet from outside (a deposit, an unused escrow payment returned to the wallet)
 * - hold: money into escrow (from a wallet or a card or bank payment)
 * - release: escrow paid out to the seller (a release, a milestone part, the seller's part of a partial
 *   refund) or to a broker (commission)
 * - refund: escrow paid back to the buyer (to the wallet, or owed back to the card or bank)
 * - withdrawal: a withdrawal's amount sent to the payout provider
 * - withdrawal_reversal: a failed withdrawal returned to the wallet (amount and fee)
 * - fee: platform fees earned (on a release or refund, and the withdrawal fee)
 * A provider refund's second step (refund clearing → out, or → wallet by staff) moves money already
 * counted as `refund`, so it is not counted again.
 */
export const MONEY_EVENT_KINDS = [
  'deposit',
  'hold',
  'release',
  'refund',
  'withdrawal',
  'withdrawal_reversal',
  'fee',
] as const;
export type MoneyEventKind = (typeof MONEY_EVENT_KINDS)[number];
export type MoneyEvent = { kind: MoneyEventKind; currency: string; amountMinor: number };
export type MoneyEventListener = (event: MoneyEvent) => void;

const listeners = new WeakMap<object, MoneyEventListener>();

/**
 * The composition root's hook: money events committed through `db` (the app's root handle) go to
 * `listener`. `onError` hears a listener that threw (the money moved; its request must not fail).
 */
export function onMoneyEvents(db: Db, listener: MoneyEventListener, onError: (error: unknown) => void) {
  trackCommits(db, onError);
  listeners.set(db, listener);
}

/** Queues the events of one ledger call for after the commit; `parts` is only built when someone listens. */
export function reportMoneyEvents(db: DbOrTx, parts: () => MoneyEvent[]): void {
  afterCommit(db, (root) => {
    const listener = listeners.get(root);
    if (!listener) return;
    for (const event of parts()) if (event.amountMinor > 0) listener(event);
  });
}

/** What postEntry's journal kinds count as; PROVIDER_REFUND moves money already counted (see above). */
const KIND_OF_ENTRY: Record<string, MoneyEventKind | null> = {
  DEPOSIT: 'deposit',
  WITHDRAWAL: 'withdrawal',
  WITHDRAWAL_REVERSAL: 'withdrawal_reversal',
  ESCROW_HOLD: 'hold',
  ESCROW_RELEASE: 'release',
  ESCROW_REFUND: 'refund',
  PROVIDER_REFUND: null,
};

/**
 * The events of an entry posted by postEntry: its credits, those to platform fees as `fee`, the others
 * as the entry's kind (a withdrawal: the payout as `withdrawal`, the fee as `fee`).
 */
export function moneyEventsOfEntry(input: {
  kind: string;
  currency: string;
  postings: readonly { amountMinor: number; accountCode?: string }[];
}): MoneyEvent[] {
  const kind = KIND_OF_ENTRY[input.kind] ?? null;
  if (!kind) return [];
  const fees = accountCodes.platformFees(input.currency);
  let amountMinor = 0;
  let feeMinor = 0;
  for (const posting of input.postings) {
    if (posting.amountMinor <= 0) continue;
    if (posting.accountCode === fees) feeMinor += posting.amountMinor;
    else amountMinor += posting.amountMinor;
  }
  return [
    { kind, currency: input.currency, amountMinor },
    { kind: 'fee', currency: input.currency, amountMinor: feeMinor },
  ];
}
