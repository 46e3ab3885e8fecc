import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { SettlementSplit } from '@escrow/shared/domain/disputes';
import { formatMoney } from '../../lib/format';

export const minorOf = (major: number) => toMinor(major) ?? 0;

export const formatMinor = (minor: number, currency: string) => formatMoney(toMajor(minor), currency);

/** The confirmation line of a decision: 'Buyer receives ₦X · Seller receives ₦Y · Platform keeps ₦Z'. */
export function splitText(split: SettlementSplit, currency: string): string {
  return [
    `Buyer receives ${formatMinor(split.buyer, currency)}`,
    `Seller receives ${formatMinor(split.seller, currency)}`,
    `Platform keeps ${formatMinor(split.platform, currency)}`,
  ].join(' · ');
}

export const NO_MONEY_MOVES =
  'No money moves: the transaction returns to its status before the dispute and the inspection period starts again.';
